"""Whether any task worker is alive: `manage.py task_workers` renews its sign (`WorkerSign`)
every few seconds while its workers run and takes it away when it stops. A sign older than
`SIGN_FRESH` seconds is a supervisor that died."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from tournament import models

#: How long a sign of life counts: three missed renewals.
SIGN_FRESH = 3 * settings.JOB_HEARTBEAT_SECONDS
#: A job waiting this long without a sign of any worker is told that none runs.
WAITING_WARNS = 30


def workers_sign(name: str, workers: int) -> None:
    models.WorkerSign.objects.update_or_create(
        name=name, defaults={"workers": workers, "seen_at": timezone.now()}
    )


def workers_unsign(name: str) -> None:
    models.WorkerSign.objects.filter(name=name).delete()


def workers_alive() -> int:
    """How many task workers gave a sign of life lately (0: none runs)."""
    since = timezone.now() - timedelta(seconds=SIGN_FRESH)
    signs = models.WorkerSign.objects.filter(seen_at__gte=since)
    return sum(signs.values_list("workers", flat=True))
