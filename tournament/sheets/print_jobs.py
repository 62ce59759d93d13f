"""Print jobs: the signed scoresheets of a whole Durchgang, rendered by a thread of this server
process while a progress page polls the job's state (tournament/sheets/views/printing.py).

A job's state is a small JSON file beside its PDF, so any server process can answer the poll; a
job is bound to its tournament and Durchgang, and its id is a random token. A job is *queued*
(waiting in line; `place` 1 is next), *running* (`done` of `total` tables), *ready* or *failed*.

A whole Durchgang takes a minute and much memory, so jobs are scheduled:
- one job per Durchgang at a time: a second request joins the job that is queued or running,
  also one that another server process started (its state file says so);
- at most `settings.PRINT_JOBS_AT_ONCE` renders at once in this process, jobs and downloads made
  in the request together; further jobs wait in line, first come first served, and a download
  made in the request is refused while none is free (`RenderBusyError`).
This schedules the threads of one process; it guards no data. So a lock of the process is the
right tool, with a file lock around "is a job of this Durchgang queued or running?".
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connections
from django.utils import translation
from django.utils.translation import gettext as _

from tournament import models
from tournament.core.pdf import RenderLimitError

logger = logging.getLogger(__name__)

JOBS = Path(tempfile.gettempdir()) / f"schafkopf-spiellisten-{os.getuid()}"
KEEP = 3600  # seconds a job's files are kept
STALE = 600  # seconds without a write after which a waiting job has failed (server stopped)
JOB_ID = re.compile(r"[0-9a-f]{32}")
QUEUED, RUNNING, READY, FAILED = "queued", "running", "ready", "failed"
WAITING = (QUEUED, RUNNING)
START_LOCK = ".start.lock"

#: Renders a Durchgang's sheets: `render(durchgang, progress=callback) -> bytes`.
Render = Callable[..., bytes]


class RenderBusyError(RenderLimitError):
    """Every render of this process is taken: a download made in the request cannot start."""


_lock = threading.Lock()
_line: list[tuple[dict, threading.Thread]] = []  # queued jobs, first in line first
_running = 0  # renders of this process: running jobs and downloads made in the request


def job_start(durchgang: models.Durchgang, language: str, render: Render) -> str:
    """The id of the Durchgang's print job: the one queued or running, else a new one in line."""
    slug, number = durchgang.tournament.slug, durchgang.number
    total = durchgang.tables.count()
    JOBS.mkdir(mode=0o700, exist_ok=True)
    with _lock, _start_lock():
        _sweep()
        joined = _job_of(slug, number)
        if joined:
            return joined
        job = secrets.token_hex(16)
        state = {"job": job, "slug": slug, "durchgang": number, "state": QUEUED}
        state.update(place=0, done=0, total=total)
        thread = threading.Thread(
            target=_job_run,
            args=(state, durchgang.pk, language, render),
            daemon=True,
            name=f"print-{job}",
        )
        _line.append((state, thread))
        _dispatch()  # writes the job's state: running, or queued with its place
    return job


def job_state(job: str, durchgang: models.Durchgang) -> dict | None:
    """The job's state if it is a job of this Durchgang, else None."""
    state = _state_read(job)
    if state is None:
        return None
    if (state.get("slug"), state.get("durchgang")) != (durchgang.tournament.slug, durchgang.number):
        return None
    return state


def job_pdf(job: str) -> Path:
    return JOBS / f"{job}.pdf"


@contextmanager
def render_slot() -> Iterator[None]:
    """One of this process's renders, for a download made in the request. Refused
    (`RenderBusyError`) while all are taken or jobs wait: the download would jump the line."""
    global _running
    with _lock:
        if _line or _running >= settings.PRINT_JOBS_AT_ONCE:
            raise RenderBusyError(
                _(
                    "Other scoresheets are being printed right now. Start a print job (it waits "
                    "in line and shows its place), or try again in a few minutes."
                )
            )
        _running += 1
    try:
        yield
    finally:
        _release()


def _dispatch() -> None:
    """Start jobs from the head of the line while renders are free, and write the place of
    every job still waiting. Called with `_lock` held."""
    global _running
    while _line and _running < settings.PRINT_JOBS_AT_ONCE:
        state, thread = _line.pop(0)
        _running += 1
        state.update(state=RUNNING, place=0)
        _state_write(state)
        thread.start()
    _line_write()


def _line_write() -> None:
    """Write each queued job's place (and that it is alive). Called with `_lock` held."""
    for place, (state, _thread) in enumerate(_line, 1):
        state["place"] = place
        _state_write(state)


def _release() -> None:
    """A render is done: the next in line may start."""
    global _running
    with _lock:
        _running -= 1
        _dispatch()


def _job_run(state: dict, durchgang_pk: int, language: str, render: Render) -> None:
    job = state["job"]

    def progress(done: int, total: int) -> None:
        if done != state["done"] or total != state["total"]:
            state.update(done=done, total=total)
            _state_write(state)
            with _lock:
                _line_write()  # the jobs waiting behind this one are alive, not stale

    try:
        with translation.override(language):
            durchgang = models.Durchgang.objects.select_related("tournament").get(pk=durchgang_pk)
            pdf = render(durchgang, progress=progress)
        temporary = JOBS / f"{job}.pdf.tmp"
        temporary.write_bytes(pdf)
        os.replace(temporary, job_pdf(job))
        state["state"] = READY
    except RenderLimitError as error:
        logger.warning("printing the signed scoresheets stopped (job %s): %s", job, error)
        state.update(state=FAILED, error=str(error))
    except Exception:
        logger.exception("printing the signed scoresheets failed (job %s)", job)
        state["state"] = FAILED
    finally:
        try:
            _state_write(state)
            connections.close_all()
        finally:
            _release()


def _state_write(state: dict) -> None:
    job = state["job"]
    temporary = JOBS / f"{job}.json.tmp"
    temporary.write_text(json.dumps({**state, "updated": time.time()}))
    os.replace(temporary, JOBS / f"{job}.json")


def _state_read(job: str) -> dict | None:
    if not JOB_ID.fullmatch(job):
        return None
    try:
        state = json.loads((JOBS / f"{job}.json").read_text())
    except (OSError, ValueError):
        return None
    if state["state"] in WAITING and time.time() - state["updated"] > STALE:
        state["state"] = FAILED
    return state


def _job_of(slug: str, number: int) -> str | None:
    """The job of the Durchgang that is queued or running, in any server process."""
    for path in JOBS.glob("*.json"):
        state = _state_read(path.stem)
        if (
            state
            and state["state"] in WAITING
            and (state["slug"], state["durchgang"])
            == (
                slug,
                number,
            )
        ):
            return state["job"]
    return None


@contextmanager
def _start_lock() -> Iterator[None]:
    """Held by one server process at a time while it looks for a Durchgang's job and adds one."""
    with (JOBS / START_LOCK).open("a") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        yield  # closing the file releases the lock


def _sweep() -> None:
    """Delete the files of jobs older than `KEEP`."""
    limit = time.time() - KEEP
    for path in JOBS.iterdir():
        try:
            if path.name != START_LOCK and path.stat().st_mtime < limit:
                path.unlink()
        except OSError:
            pass
