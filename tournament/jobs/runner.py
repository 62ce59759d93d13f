"""What a task worker does with a job: claim it (one conditional UPDATE, so a job queued twice
runs once), beat its heart while the work runs, store the result through the storage API and
say ready, or failed with a message in the requester's language. The traceback goes to the log,
never to the user."""

from __future__ import annotations

import errno
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import DatabaseError, InterfaceError, connections
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament import models
from tournament.jobs.registry import JobError, Progress, job_kind
from tournament.web.pdf import RenderLimitError

logger = logging.getLogger(__name__)

Job = models.Job
QUEUED, RUNNING, READY, FAILED = (
    Job.State.QUEUED,
    Job.State.RUNNING,
    Job.State.READY,
    Job.State.FAILED,
)


def job_execute(job_id: str) -> None:
    """Run the job `job_id` if it is still queued (not taken by another worker, not done)."""
    now = timezone.now()
    claimed = Job.objects.filter(pk=job_id, state=QUEUED).update(
        state=RUNNING, started_at=now, heartbeat_at=now, attempts=F("attempts") + 1
    )
    if not claimed:
        return
    job = Job.objects.get(pk=job_id)
    with translation.override(job.language), _heartbeat(job.pk):
        try:
            made = job_kind(job.kind).run(job, _progress(job))
            try:
                name = default_storage.save(f"jobs/{job.pk}/{made.filename}", made.content)
            finally:
                made.content.close()
        except (JobError, RenderLimitError) as error:
            logger.warning("job %s (%s) stopped: %s", job.pk, job.kind, error)
            job_files_remove(job)  # its chunks done, and the folder they were kept in
            _finish(job, FAILED, message=str(error))
            return
        except Exception as error:
            job_files_remove(job)  # a file half written would stand in the next job's way
            if _disk_full(error):
                logger.error("job %s (%s) failed: the disk is full", job.pk, job.kind)
                _finish(job, FAILED, message=disk_full_message())
                return
            logger.exception("job %s (%s) failed", job.pk, job.kind)
            message = _(
                "The job failed. Please try again; if it fails again, tell the administrator."
            )
            _finish(job, FAILED, message=message)
            return
        _finish(job, READY, result=name, filename=made.filename, message=made.message)


def disk_full_message() -> str:
    return _(
        "The server's disk is full: the file could not be written, and nothing of it was kept. "
        "Free some space on the disk (old backups and exports, for instance), then start the "
        "job again."
    )


def _disk_full(error: BaseException) -> bool:
    """Whether `error`, or an error it came from, says that the disk or the quota is full (or
    that the file is larger than the account may write: the same for whoever reads it)."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, OSError) and seen.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def job_files_remove(job: Job, folder: str = "") -> None:
    """Remove whatever the job wrote to the storage (`jobs/<id>/`, its parts too), and the
    folders once empty (a storage of files has them; one without folders has none)."""
    folder = folder or f"jobs/{job.pk}"
    try:
        folders, names = default_storage.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        return
    for name in names:
        default_storage.delete(f"{folder}/{name}")
    for inner in folders:
        job_files_remove(job, f"{folder}/{inner}")
    with suppress(NotImplementedError, OSError):
        Path(default_storage.path(folder)).rmdir()


def _finish(
    job: Job, state: str, *, message: str, result: str | None = None, filename: str = ""
) -> None:
    """A failed job keeps no result; a ready one stores its file's name in the storage."""
    fields = {"message": message}
    if result is not None:
        fields.update(result=result, filename=filename)
    # Only while it is this worker's: a job taken for dead meanwhile is somebody else's now.
    Job.objects.filter(pk=job.pk, state=RUNNING, attempts=job.attempts).update(
        state=state, finished_at=timezone.now(), **fields
    )


def _progress(job: Job) -> Progress:
    last = {"done": -1}

    def progress(done: int, total: int) -> None:
        if done != last["done"]:
            last["done"] = done
            Job.objects.filter(pk=job.pk, state=RUNNING).update(
                done=done, total=total, heartbeat_at=timezone.now()
            )

    return progress


def _connections_drop() -> None:
    """Close this thread's connections, also broken ones (the database went away): its next
    query connects anew."""
    with suppress(DatabaseError, InterfaceError):
        connections.close_all()


@contextmanager
def _heartbeat(job_id: str) -> Iterator[None]:
    """A thread that proves the job alive while its work runs, also through long steps that
    report no progress. It dies with the worker: then the beats stop and the job is revived."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.JOB_HEARTBEAT_SECONDS):
                try:
                    Job.objects.filter(pk=job_id, state=RUNNING).update(heartbeat_at=timezone.now())
                except Exception:  # a busy database, or one that is away: the next beat tries again
                    logger.warning("job %s: heartbeat not written", job_id, exc_info=True)
                    _connections_drop()  # on a new connection: a broken one stays broken
        finally:
            _connections_drop()

    thread = threading.Thread(target=beat, name=f"job-heartbeat-{job_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
