"""`/healthz`: whether this process can serve, for a load balancer or a monitor.

Runs one real query against the database; answers 200 with ``{"status": "ok", "database":
"ok"}``, or 503 with a translated message when the database cannot be reached. No login, never
cached. The error itself goes to the log, not to the visitor.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

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
        return JsonResponse({"status": "ok", "database": "ok"})
    return JsonResponse(
        {
            "status": "error",
            "database": "error",
            "message": _("The database cannot be reached."),
        },
        status=503,
    )
