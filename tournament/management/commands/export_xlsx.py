from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.exchange.exports.workbook import tournament_xlsx
from tournament.management.commands.export_tournament import tournament_by_slug


class Command(BaseCommand):
    help = "Write a tournament as an Excel workbook: ranking, Durchgänge, games, sanctions."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--out", required=True, help="the .xlsx file to write")

    def handle(self, *args, **options):
        tournament = tournament_by_slug(options["slug"])
        try:
            with open(options["out"], "wb") as out:
                tournament_xlsx(tournament, out)
        except OSError as exc:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s")
                % {"file": options["out"], "error": exc.strerror}
            ) from None
