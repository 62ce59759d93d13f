"""`/healthz`: whether this process can serve, for a load balancer or a monitor.

Runs one real query against the database; answers 200 with ``{"status": "ok", "database":
"ok", "task_workers": N, "task_workers_hung": H}``: N the task workers that gave a sign of life
lately and work (with 0 a message says none runs), H those that run but stopped answering their
supervisor, which ends and restarts them (with H a message says since when, and
``task_workers_hung_since`` holds the moment). While the hall copies its database
(docs/continuous-copy.md), ``copy`` ("ok" or "error"), ``copy_targets`` (where, state, age of
the newest part) and, with trouble or a copy on the laptop's own disk, ``copy_message``.
503 with a translated message when the database cannot be reached. No login, never cached. The
error itself goes to the log, not to the visitor.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournament.jobs.workers import workers_alive, workers_hung
from tournament.replication.status import copy_health

logger = logging.getLogger(__name__)


def database_ok() -> bool:
    """Whether the database answers a query."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        logger.exception("Health check: the database does not answer")
        return False


@never_cache
@require_safe
def healthz(request):
    if database_ok():
        hung, since = workers_hung()
        answer = {
            "status": "ok",
            "database": "ok",
            "task_workers": workers_alive(),
            "task_workers_hung": hung,
        }
        if hung and since is not None:
            answer["task_workers_hung_since"] = since.isoformat()
            answer["message"] = _(
                "A task worker does not answer since %(time)s; it is being restarted."
            ) % {"time": f"{timezone.localtime(since):%H:%M:%S}"}
        elif not answer["task_workers"]:
            answer["message"] = _("No task worker is running: print jobs and exports wait.")
        answer.update(copy_health())  # the continuous copy: where it goes, how old, its trouble
        return JsonResponse(answer)
    return JsonResponse(
        {
            "status": "error",
            "database": "error",
            "message": _("The database cannot be reached."),
        },
        status=503,
    )
