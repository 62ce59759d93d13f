"""`manage.py cup_export SLUG --output FILE`: the signed cup file of a finished tournament
(docs/cup.md), signed with its organiser's cup key (made the first time)."""

from django.core.management.base import BaseCommand, CommandError

from tournament.cups.files import cup_file
from tournament.cups.signing import CupFileError, signing_key_make
from tournament.management.commands.export_tournament import tournament_by_slug
from tournament.models import organiser_default


class Command(BaseCommand):
    help = "Write the signed cup file of a finished tournament."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", required=True, help="the file to write")

    def handle(self, *args, **options):
        tournament = tournament_by_slug(options["slug"])
        signing_key_make(tournament.organiser or organiser_default())
        try:
            data = cup_file(tournament)
        except CupFileError as error:
            raise CommandError(error.message) from error
        with open(options["output"], "wb") as out:
            out.write(data)
