import datetime as dt
import json
from decimal import Decimal
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.draw.services import durchgang_draw
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.models import Membership, Tournament
from tournament.phones.links import table_links_issue_missing
from tournament.ranking.publication import ranking_publish

DEMO_USER = "leitung"
DEMO_CLERK = "schreiber"
DEMO_PASSWORD = "schafkopf-demo"
DEMO_UPCOMING = "kirchweih-schafkopf"  # the calendar's next tournament, open for registration


class Command(BaseCommand):
    help = "Create a complete random tournament for demos and benchmarks."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=32)
        parser.add_argument("--durchgaenge", type=int, default=2)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--slug", default="demo-turnier")
        parser.add_argument("--out", help="only write the document to this file")
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="only when no tournament exists; also create the demo supervisor login",
        )

    def handle(self, *args, **options):
        if options["players"] < 4 or not 1 <= options["durchgaenge"] <= 20:
            raise CommandError(_("At least 4 players and 1 to 20 Durchgänge."))
        if options["if_empty"] and Tournament.objects.exists():
            self.print_login(self.demo_supervisor(None))
            self.print_clerk_login()
            return
        try:
            document = demo_document(
                players=options["players"],
                durchgaenge=options["durchgaenge"],
                seed=options["seed"],
                slug=options["slug"],
            )
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if options["if_empty"]:
            # One more Durchgang than played, drawn and empty: its sheets are there to be entered.
            document["tournament"]["number_of_durchgaenge"] = options["durchgaenge"] + 1
        if options["out"]:
            Path(options["out"]).write_text(json.dumps(document, ensure_ascii=False))
            self.stdout.write(options["out"])
            return
        try:
            with transaction.atomic():
                tournament = tournament_import(document)
                ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
                if options["if_empty"]:
                    drawn = durchgang_draw(
                        tournament=tournament, number=options["durchgaenge"] + 1, seed="demo"
                    )
                    # As the draw page: the printouts carry each table's phone link and PIN.
                    table_links_issue_missing(durchgang=drawn.durchgang, user=None)
                    self.print_login(self.demo_supervisor(tournament))
                    self.demo_clerk(tournament)
                    self.demo_calendar(tournament)
        except InterchangeError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(tournament.slug)

    def demo_calendar(self, tournament):
        """The public calendar shows something: the demo tournament with its start, and a
        tournament three weeks ahead, announced, open for registration with a limit of places;
        the organiser with its region."""
        tournament.start_time = dt.time(14, 0)
        tournament.save(update_fields=["start_time"])
        organiser = tournament.organiser
        if organiser is not None and not organiser.region:
            organiser.region = "Oberpfalz"
            organiser.save(update_fields=["region"])
        when = timezone.localdate() + dt.timedelta(days=21)
        document = {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": DEMO_UPCOMING,
                "name": "Kirchweih-Schafkopf",
                "date": when.isoformat(),
                "venue": "Sportheim Laubendorf",
            },
            "players": [],
            "durchgaenge": [],
        }
        upcoming = tournament_import(document)
        upcoming.start_time, upcoming.entry_fee = dt.time(19, 0), Decimal(12)
        upcoming.registration_open, upcoming.registration_limit = True, 40
        upcoming.save(
            update_fields=["start_time", "entry_fee", "registration_open", "registration_limit"]
        )

    def demo_supervisor(self, tournament):
        users = get_user_model()
        user = users.objects.filter(username=DEMO_USER).first()
        if user is None:
            user = users.objects.create_superuser(DEMO_USER, password=DEMO_PASSWORD)
        if tournament is not None:
            Membership.objects.get_or_create(
                tournament=tournament, user=user, defaults={"role": Membership.Role.SUPERVISOR}
            )
        return user

    def demo_clerk(self, tournament):
        users = get_user_model()
        user = users.objects.filter(username=DEMO_CLERK).first()
        if user is None:
            user = users.objects.create_user(DEMO_CLERK, password=DEMO_PASSWORD)
        Membership.objects.get_or_create(
            tournament=tournament, user=user, defaults={"role": Membership.Role.CLERK}
        )
        self.print_clerk_login()

    def print_clerk_login(self):
        user = get_user_model().objects.filter(username=DEMO_CLERK).first()
        if user is not None and user.check_password(DEMO_PASSWORD):
            self.stdout.write(
                _("Demo clerk login: user %(user)s, password %(password)s")
                % {"user": DEMO_CLERK, "password": DEMO_PASSWORD}
            )

    def print_login(self, user):
        if user.check_password(DEMO_PASSWORD):
            self.stdout.write(
                _("Demo supervisor login: user %(user)s, password %(password)s")
                % {"user": DEMO_USER, "password": DEMO_PASSWORD}
            )
