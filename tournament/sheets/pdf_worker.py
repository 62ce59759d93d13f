"""The start of a process of the pool that renders scoresheets (`scoresheet_pdf`).

Its own module, importing nothing of the project's models: a spawned worker runs it before
Django's apps are loaded, and it bounds the worker's memory before the first render.
"""

from __future__ import annotations

import resource

import django

from tournament.system.processes import die_with_parent


def worker_setup(megabytes: int) -> None:
    """End with the process that started this one (tournament/system/processes.py), bound this
    process's address space to `megabytes` (0: unbounded), then load Django."""
    die_with_parent()
    if megabytes:
        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    django.setup()
