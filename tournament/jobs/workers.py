"""Whether any task worker is alive: `manage.py task_workers` renews its sign (`WorkerSign`)
every few seconds while its workers run and takes it away when it stops. A sign older than
`SIGN_FRESH` seconds is a supervisor that died. A sign also counts the workers that hang (run
without beating to their supervisor, which ends them and starts others), and names the
workers' pids, so that a supervisor started after one died ends what it left."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from tournament import models

#: How long a sign of life counts: three missed renewals.
SIGN_FRESH = 3 * settings.JOB_HEARTBEAT_SECONDS
#: A job waiting this long without a sign of any worker is told that none runs.
WAITING_WARNS = 30


def workers_sign(
    name: str,
    workers: int,
    *,
    hung: int = 0,
    since: datetime | None = None,
    pids: Iterable[int] = (),
) -> None:
    models.WorkerSign.objects.update_or_create(
        name=name,
        defaults={
            "workers": workers,
            "seen_at": timezone.now(),
            "hung": hung,
            "hung_since": since if hung else None,
            "pids": ",".join(str(pid) for pid in pids)[:200],
        },
    )


def workers_unsign(name: str) -> None:
    models.WorkerSign.objects.filter(name=name).delete()


def _fresh() -> QuerySet[models.WorkerSign]:
    since = timezone.now() - timedelta(seconds=SIGN_FRESH)
    return models.WorkerSign.objects.filter(seen_at__gte=since)


def workers_alive() -> int:
    """How many task workers gave a sign of life lately and work (0: none runs)."""
    return sum(_fresh().values_list("workers", flat=True))


def workers_hung() -> tuple[int, datetime | None]:
    """How many task workers run without answering their supervisor, and since when the first
    of them did not answer (None: none hangs)."""
    signs = list(_fresh().filter(hung__gt=0).values_list("hung", "hung_since"))
    since = [at for _, at in signs if at is not None]
    return sum(count for count, _ in signs), min(since, default=None)


def workers_left(host: str, me: int, supervisor_runs: Callable[[int], bool]) -> list[int]:
    """The worker pids named by the signs of supervisors of `host` that are gone (not `me`,
    not running any more): their signs are taken away."""
    left: list[int] = []
    for sign in models.WorkerSign.objects.filter(name__startswith=f"{host}:"):
        supervisor = sign.name.rsplit(":", 1)[1]
        if not supervisor.isdecimal() or int(supervisor) == me or supervisor_runs(int(supervisor)):
            continue
        left += [int(pid) for pid in sign.pids.split(",") if pid.isdecimal()]
        sign.delete()
    return left
