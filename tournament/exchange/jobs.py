"""The exchange's background jobs (tournament/jobs/registry.py), all the supervisor's: the
whole tournament as an Excel workbook, its backup archive, a restore from a backup, and the
preview of a restore from a large backup (docs/backup.md, *Bounds*)."""

from __future__ import annotations

import tempfile

from django.core.files import File
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament import models
from tournament.exchange.backup import BackupError
from tournament.exchange.backup.dump import backup_name, backup_write
from tournament.exchange.backup.preview_store import preview_dump
from tournament.exchange.backup.replace import (
    backup_replace_preview,
    backup_tournament_replace,
    tournament_counts,
)
from tournament.exchange.exports.workbook import tournament_xlsx
from tournament.jobs.registry import JobError, Made, Progress, job_tournament, register
from tournament.web.uploads import upload_sha256


def workbook(job: models.Job, progress: Progress) -> Made:
    """The whole tournament as an Excel workbook."""
    tournament = job_tournament(job)
    out = tempfile.TemporaryFile()  # noqa: SIM115 (the runner closes it after saving)
    tournament_xlsx(tournament, out)
    out.seek(0)
    return Made(f"{tournament.slug}.xlsx", File(out))


def backup(job: models.Job, progress: Progress) -> Made:
    """The backup archive of the tournament (interchange document, history, manifest)."""
    tournament = job_tournament(job)
    out = tempfile.TemporaryFile()  # noqa: SIM115 (the runner closes it after saving)
    backup_write(out, [tournament])
    out.seek(0)
    return Made(backup_name(slug=tournament.slug), File(out))


def restore(job: models.Job, progress: Progress) -> Made:
    """Replace the tournament by its backup, uploaded to the storage (refused when the file
    changed since the supervisor saw the preview). Its result is a receipt of what was done."""
    tournament = job_tournament(job)
    if upload_sha256(job.upload) != job.upload_sha256:
        raise JobError(_("The uploaded backup changed since the preview: upload it again."))
    try:
        with default_storage.open(job.upload, "rb") as source:
            options = job.options if isinstance(job.options, dict) else {}
            restored = backup_tournament_replace(
                tournament,
                source,
                roles=options.get("roles", []),
                publish_fuller=options.get("publish_fuller") is True,
            )
    except BackupError as error:
        raise JobError(str(error)) from error
    default_storage.delete(job.upload)
    message = _("%(name)s is restored from the backup: %(games)s games.") % {
        "name": restored.name,
        "games": tournament_counts(restored).games,
    }
    return Made("wiederherstellung.txt", ContentFile(message.encode()), message=message)


def restore_preview(job: models.Job, progress: Progress) -> Made:
    """What the restore of a large uploaded backup will do, computed here rather than in a web
    worker; kept as JSON for the restore page, which shows it with its confirmation."""
    tournament = job_tournament(job)
    if upload_sha256(job.upload) != job.upload_sha256:
        raise JobError(_("The preview is no longer valid: upload the backup again."))
    try:
        with default_storage.open(job.upload, "rb") as source:
            preview = backup_replace_preview(tournament, source)
    except BackupError as error:
        raise JobError(str(error)) from error
    return Made("vorschau.json", ContentFile(preview_dump(preview)))


def upload_token(job: models.Job) -> str:
    """The token of the restore page under which the upload of `job` waits."""
    return job.upload.rsplit("/", 1)[-1].removesuffix(".zip")


def restore_preview_urls(job: models.Job) -> dict[str, str]:
    """The jobs' own progress page; once ready, the restore page shows what the job found."""
    args = [job.slug, job.pk]
    query = urlencode({"token": upload_token(job), "vorschau": job.pk})
    return {
        "page": reverse("manage:job", args=args),
        "status": reverse("manage:job_status", args=args),
        "file": f"{reverse('manage:restore', args=[job.slug])}?{query}",
    }


register(models.Job.Kind.WORKBOOK, workbook, button="excel")
register(models.Job.Kind.BACKUP, backup, button="sicherung")
register(models.Job.Kind.RESTORE, restore, downloadable=False)
register(
    models.Job.Kind.RESTORE_PREVIEW,
    restore_preview,
    urls=restore_preview_urls,
    running=gettext_lazy("The backup is read and its restore tried out …"),
    ready=gettext_lazy("The preview of the restore is ready."),
    link=gettext_lazy("Show what the restore will do"),
)
