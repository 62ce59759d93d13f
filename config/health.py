"""`/healthz`: whether this process can serve, for a load balancer or a monitor.

Runs one real query against the database; answers 200 with ``{"status": "ok", "database":
"ok", "task_workers": N}`` (N: the task workers that gave a sign of life lately; with 0 a
message says none runs), or 503 with a translated message when the database cannot be
reached. No login, never cached. The error itself goes to the log, not to the visitor.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournament.jobs.workers import workers_alive

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
        answer = {"status": "ok", "database": "ok", "task_workers": workers_alive()}
        if not answer["task_workers"]:
            answer["message"] = _("No task worker is running: print jobs and exports wait.")
        return JsonResponse(answer)
    return JsonResponse(
        {
            "status": "error",
            "database": "error",
            "message": _("The database cannot be reached."),
        },
        status=503,
    )
