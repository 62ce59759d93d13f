from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.draw.services import DrawError, durchgang_draw, durchgang_tables
from tournament.management.commands.export_tournament import tournament_by_slug
from tournament.phones.links import table_links_issue_missing


class Command(BaseCommand):
    help = "Draw (or redraw, while no game is recorded) the tables of a Durchgang."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--durchgang", type=int, required=True)
        parser.add_argument("--seed", help="seed of the lot (default: a new random one)")

    def handle(self, *args, **options):
        tournament = tournament_by_slug(options["slug"])
        try:
            with transaction.atomic():  # as the draw page: each table's phone link and PIN
                result = durchgang_draw(
                    tournament=tournament, number=options["durchgang"], seed=options["seed"]
                )
                links = table_links_issue_missing(durchgang=result.durchgang, user=None)
        except DrawError as exc:
            raise CommandError(str(exc)) from None
        durchgang = result.durchgang
        self.stdout.write(
            _("%(tournament)s, Durchgang %(n)s, seed %(seed)s")
            % {"tournament": tournament.name, "n": durchgang.number, "seed": durchgang.draw_seed}
        )
        self.stdout.write(_("Phone links with PIN issued: %(n)s") % {"n": links})
        for table in durchgang_tables(durchgang):
            seats = ", ".join(
                f"{seat.position}: {seat.player.start_number} {seat.player.name}"
                for seat in table.seats.all()
            )
            self.stdout.write(_("Table %(n)s: %(seats)s") % {"n": table.number, "seats": seats})
        self.stdout.write(_("Repeated meetings: %(n)s") % {"n": result.repeats})
