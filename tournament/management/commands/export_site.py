"""`manage.py export_site DIR [--organiser SLUG]`: an organiser's public pages as static HTML
for a plain webspace (tournament/embeds/export.py, docs/command-line.md)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament import models
from tournament.embeds.export import ExportError, site_export
from tournament.web.form_errors import errors_text


def organiser_named(slug: str | None) -> models.Organiser:
    """The organiser of `--organiser`; without it the only one there is."""
    if slug:
        organiser = models.Organiser.objects.filter(slug=slug).first()
        if organiser is None:
            known = ", ".join(models.Organiser.objects.values_list("slug", flat=True))
            message = _("--organiser: there is no organiser “%(slug)s” (known: %(known)s).")
            raise CommandError(message % {"slug": slug, "known": known or "–"})
        return organiser
    organisers = list(models.Organiser.objects.all()[:2])
    if len(organisers) == 1:
        return organisers[0]
    if not organisers:
        raise CommandError(_("--organiser: there is no organiser yet, so nothing to export."))
    known = ", ".join(models.Organiser.objects.values_list("slug", flat=True))
    message = _("--organiser: there are several organisers; name one of them: %(known)s.")
    raise CommandError(message % {"known": known})


class Command(BaseCommand):
    help = (
        "Write an organiser's public pages (calendar, published rankings, seasons) as static "
        "HTML into DIR, replacing an earlier export."
    )

    def add_arguments(self, parser):
        parser.add_argument("dir", metavar="DIR", help="the export's own folder")
        parser.add_argument("--organiser", help="the organiser's short name (slug)")

    def handle(self, *args, **options):
        organiser = organiser_named(options["organiser"])
        try:
            written = site_export(Path(options["dir"]), organiser)
        except ExportError as error:
            raise CommandError(errors_text(error.errors)) from error
        message = _("%(count)s files written into %(dir)s (start page: index.html).")
        self.stdout.write(message % {"count": len(written.files), "dir": written.folder})
