from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.management.commands.export_tournament import tournament_by_slug
from tournament.sheets.pdf import POOL_FROM, WORKERS, durchgang_sheets_pdf
from tournament.web.pdf import RenderLimitError


class Command(BaseCommand):
    help = "Write the signed scoresheets of a Durchgang as PDF/A, one A4 page per table."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--durchgang", type=int, required=True)
        parser.add_argument("--out", required=True, help="the PDF file to write")
        parser.add_argument(
            "--workers",
            type=int,
            help=f"processes that render (default: {WORKERS}, from {POOL_FROM} tables on)",
        )

    def handle(self, *args, **options):
        tournament = tournament_by_slug(options["slug"])
        number = options["durchgang"]
        durchgang = tournament.durchgaenge.filter(number=number).first()
        if durchgang is None or not durchgang.tables.exists():
            raise CommandError(f"{_('Durchgang %(n)s') % {'n': number}}: {_('not drawn')}")
        workers = options["workers"]
        try:
            pdf = durchgang_sheets_pdf(durchgang, workers=max(1, workers) if workers else None)
        except RenderLimitError as error:
            raise CommandError(str(error)) from None
        try:
            Path(options["out"]).write_bytes(pdf)
        except OSError as exc:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s")
                % {"file": options["out"], "error": exc.strerror}
            ) from None
        self.stdout.write(options["out"])
