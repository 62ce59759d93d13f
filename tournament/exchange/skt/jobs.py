"""The preview of a SchafkopfTurnier import as a background job (tournament/jobs/): a club's
database of many years holds tens of thousands of addresses, more than a request should read.

The job belongs to no tournament: it is kept under the upload's token (`Job.slug`), names the
organiser and the point table in its options, and reads the upload where it waits (the upload
folder, opened immutable). Its result is what the import would make, as lines in the
requester's language (or the problems that refuse the file), kept as a small JSON file in the
job's folder of the storage, deleted with the job. No tournament's role sees it: only the
register's page of its organiser, for the session that holds the token."""

from __future__ import annotations

import json
import logging
from concurrent.futures import Future, ThreadPoolExecutor

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connections
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament import models
from tournament.exchange.skt.importer import skt_import
from tournament.exchange.skt.problems import SktError
from tournament.exchange.skt.reader import skt_read
from tournament.exchange.skt.report import report_lines
from tournament.jobs.registry import JobError, Made, Progress, register
from tournament.web.uploads import upload_sha256

logger = logging.getLogger(__name__)

Job = models.Job
KIND = Job.Kind.SKT_PREVIEW
#: The role the job pages of a tournament would need: none has it.
ROLE = "register"
RESULT = "vorschau.json"


def preview_run(job: Job, progress: Progress) -> Made:
    """The import of the upload, done and rolled back; its lines (or its problems)."""
    options = job.options if isinstance(job.options, dict) else {}
    organiser = models.Organiser.objects.filter(pk=int(options.get("organiser") or 0)).first()
    if organiser is None:
        raise JobError(_("The organiser of this import does not exist any more."))
    if upload_sha256(job.upload) != job.upload_sha256:
        raise JobError(_("The preview is no longer valid: upload the file again."))
    beside = _Beside(progress)
    try:
        database = skt_read(default_storage.path(job.upload), upload=True)
        report = skt_import(
            database,
            organiser=organiser,
            point_table=str(options.get("point_table", "")),
            dry_run=True,
            user=job.requested_by,
            progress=beside,
        )
    except SktError as exc:
        result = {"refused": True, "lines": [str(p) for p in exc.problems]}
    else:
        result = {"refused": False, "lines": report_lines(report)[1:]}
        steps = len(database.addresses) + len(database.tournaments)
        progress(steps, steps)
    finally:
        beside.close()
    return Made(RESULT, ContentFile(json.dumps(result).encode()))


class _Beside:
    """`progress` told from a thread of its own, on its own connection: the import's dry run
    is one transaction, rolled back at its end, and would take the job's progress with it.
    A step told while the one before is still being written is left out, and so is the last
    (the job tells it once the transaction is over). (On SQLite the
    write waits for the import's transaction, as every other write does.)"""

    def __init__(self, progress: Progress):
        self.progress = progress
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skt-progress")
        self.pending: Future | None = None

    def __call__(self, done: int, total: int) -> None:
        if done < total and (self.pending is None or self.pending.done()):
            self.pending = self.pool.submit(self._tell, done, total)

    def _tell(self, done: int, total: int) -> None:
        try:
            self.progress(done, total)
        except Exception:  # a busy database: the next step tries again
            logger.warning("SchafkopfTurnier preview: progress not written", exc_info=True)
        finally:
            connections.close_all()

    def close(self) -> None:
        self.pool.shutdown(wait=True)


def preview_result(job: Job) -> tuple[bool, list[str]] | None:
    """(refused, lines) of a ready preview; None when its file is gone."""
    try:
        with default_storage.open(job.result, "rb") as source:
            result = json.loads(source.read())
    except (OSError, ValueError):
        return None
    return bool(result["refused"]), [str(line) for line in result["lines"]]


def preview_urls(job: Job) -> dict[str, str]:
    """The import page of the upload: it shows the progress, answers its status (`stand`),
    and shows the preview once it is ready."""
    options = job.options if isinstance(job.options, dict) else {}
    page = reverse("manage:skt_import", args=[str(options.get("organiser_slug", ""))])
    return {
        "page": f"{page}?{urlencode({'token': job.slug})}",
        "status": f"{page}?{urlencode({'token': job.slug, 'stand': '1'})}",
        "file": f"{page}?{urlencode({'token': job.slug})}",
    }


register(
    KIND,
    preview_run,
    role=ROLE,
    urls=preview_urls,
    running=gettext_lazy("Reading the database: %(done)s of %(total)s addresses and tournaments …"),
    ready=gettext_lazy("The preview is ready."),
)
