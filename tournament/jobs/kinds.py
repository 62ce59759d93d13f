"""The work of each kind of job: it reads the tournament from the database and returns the file
it made (spooled in the worker, then saved to the storage by the runner) and, for a restore, what
was done. `progress(done, total)` reports how far it got."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass

from django.core.files import File
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.translation import gettext as _

from tournament import models

Progress = Callable[[int, int], None]


class JobError(Exception):
    """The job cannot be done; the message says why (in the requester's language)."""


@dataclass
class Made:
    filename: str
    content: File
    message: str = ""


def _tournament(job: models.Job) -> models.Tournament:
    tournament = models.Tournament.objects.filter(slug=job.slug).first()
    if tournament is None:
        raise JobError(_("The tournament %(slug)s does not exist any more.") % {"slug": job.slug})
    return tournament


def sheets(job: models.Job, progress: Progress) -> Made:
    """The signed scoresheets of a whole Durchgang (rule 5.3), one page per table."""
    from tournament.sheets import pdf
    from tournament.sheets.services.printing import sheets_pdf_name

    durchgang = (
        models.Durchgang.objects.select_related("tournament")
        .filter(tournament__slug=job.slug, number=job.durchgang)
        .first()
    )
    if durchgang is None:
        raise JobError(_("Durchgang %(n)s does not exist any more.") % {"n": job.durchgang})
    # Looked up now, on the module: tests put a counting renderer in its place.
    content = pdf.durchgang_sheets_pdf(durchgang, progress=progress)
    return Made(sheets_pdf_name(durchgang), ContentFile(content))


def ranking_pdf(job: models.Job, progress: Progress) -> Made:
    """The ranking after every Durchgang played, with every player, as the staff sees it."""
    from tournament.ranking.pdf import ranking_pdf as render
    from tournament.ranking.standings import standings_compute

    tournament = _tournament(job)
    after = job.durchgang  # the last Durchgang the supervisor saw when he started it
    progress(0, 1)
    content = render(tournament, standings_compute(tournament, after=after), after=after)
    progress(1, 1)
    return Made(f"{tournament.slug}-rangliste-{after}.pdf", ContentFile(content))


def workbook(job: models.Job, progress: Progress) -> Made:
    """The whole tournament as an Excel workbook."""
    from tournament.exchange.exports.workbook import tournament_xlsx

    tournament = _tournament(job)
    out = tempfile.TemporaryFile()  # noqa: SIM115 (the runner closes it after saving)
    tournament_xlsx(tournament, out)
    out.seek(0)
    return Made(f"{tournament.slug}.xlsx", File(out))


def backup(job: models.Job, progress: Progress) -> Made:
    """The backup archive of the tournament (interchange document, history, manifest)."""
    from tournament.exchange.backup.dump import backup_name, backup_write

    tournament = _tournament(job)
    out = tempfile.TemporaryFile()  # noqa: SIM115 (the runner closes it after saving)
    backup_write(out, [tournament])
    out.seek(0)
    return Made(backup_name(slug=tournament.slug), File(out))


def restore(job: models.Job, progress: Progress) -> Made:
    """Replace the tournament by its backup, uploaded to the storage (refused when the file
    changed since the supervisor saw the preview). Its result is a receipt of what was done."""
    from tournament.core.uploads import upload_sha256
    from tournament.exchange.backup import BackupError
    from tournament.exchange.backup.replace import backup_tournament_replace, tournament_counts

    tournament = _tournament(job)
    if upload_sha256(job.upload) != job.upload_sha256:
        raise JobError(_("The uploaded backup changed since the preview: upload it again."))
    try:
        with default_storage.open(job.upload, "rb") as source:
            roles = job.options.get("roles", []) if isinstance(job.options, dict) else []
            restored = backup_tournament_replace(tournament, source, roles=roles)
    except BackupError as error:
        raise JobError(str(error)) from error
    default_storage.delete(job.upload)
    message = _("%(name)s is restored from the backup: %(games)s games.") % {
        "name": restored.name,
        "games": tournament_counts(restored).games,
    }
    return Made("wiederherstellung.txt", ContentFile(message.encode()), message=message)


KINDS: dict[str, Callable[[models.Job, Progress], Made]] = {
    models.Job.Kind.SHEETS: sheets,
    models.Job.Kind.RANKING_PDF: ranking_pdf,
    models.Job.Kind.WORKBOOK: workbook,
    models.Job.Kind.BACKUP: backup,
    models.Job.Kind.RESTORE: restore,
}
