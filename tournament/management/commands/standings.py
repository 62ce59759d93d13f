from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.management.commands.export_tournament import tournament_by_slug
from tournament.ranking.standings import standings_after, standings_compute
from tournament.ranking.standings_export import standings_csv, standings_json, standings_text


class Command(BaseCommand):
    help = "Print the ranking of a tournament (after Durchgang N, default all)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=["text", "json", "csv"], default="text")
        parser.add_argument("--after", type=int, help="only Durchgänge 1..N")

    def handle(self, *args, **options):
        tournament = tournament_by_slug(options["slug"])
        last = max(standings_after(tournament), tournament.number_of_durchgaenge)
        after = options["after"]
        if after is None:
            after = standings_after(tournament)
        elif not 1 <= after <= last:
            raise CommandError(_("--after must be between 1 and %(last)s.") % {"last": last})
        rows = standings_compute(tournament, after=after)
        render = {
            "json": lambda: standings_json(tournament, after, rows) + "\n",
            "csv": lambda: standings_csv(after, rows),
            "text": lambda: standings_text(tournament, after, rows),
        }[options["format"]]
        self.stdout.write(render(), ending="")
