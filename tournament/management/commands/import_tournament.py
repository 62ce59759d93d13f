# Declared boilerplate (duplicates): a command's help and its German error lines are alike in shape
# across the commands.

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError


class Command(BaseCommand):
    help = "Validate and store a tournament file (interchange format schafkopf-turnier v1)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file, or - for standard input")
        parser.add_argument(
            "--replace", action="store_true", help="replace a tournament with the same slug"
        )

    def handle(self, *args, **options):
        name = options["file"]
        try:
            data = self.stdin_bytes() if name == "-" else Path(name).read_bytes()
        except OSError as exc:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s") % {"file": name, "error": exc.strerror}
            ) from None
        try:
            tournament = tournament_import(data, replace=options["replace"])
        except InterchangeError as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise CommandError(
                _("%(count)s error(s); nothing was stored.") % {"count": len(exc.problems)}
            ) from None
        self.stdout.write(tournament.slug)

    def stdin_bytes(self) -> bytes:
        return sys.stdin.buffer.read()
