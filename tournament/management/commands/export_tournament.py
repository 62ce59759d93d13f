import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament in the interchange format, every game with its points."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--out", help="file to write (default: standard output)")

    def handle(self, *args, **options):
        tournament = tournament_by_slug(options["slug"])
        text = json.dumps(tournament_document(tournament), ensure_ascii=False, indent=1) + "\n"
        if options["out"]:
            try:
                Path(options["out"]).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CommandError(
                    _("Cannot write %(file)s: %(error)s")
                    % {"file": options["out"], "error": exc.strerror}
                ) from None
        else:
            self.stdout.write(text, ending="")


def tournament_by_slug(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise CommandError(_("No tournament %(slug)s.") % {"slug": slug}) from None
