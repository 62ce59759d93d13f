# Declared boilerplate (duplicates): a command's help and its German error lines are alike in shape
# across the commands.

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament import models
from tournament.exchange.skt.importer import DEFAULT_POINT_TABLE, skt_import
from tournament.exchange.skt.problems import SktError
from tournament.exchange.skt.reader import skt_read
from tournament.exchange.skt.report import report_lines


class Command(BaseCommand):
    help = (
        "Import a SchafkopfTurnier database (schema 3): its addresses into the organiser's "
        "person register, its tournaments with their tables recorded by totals."
    )

    def add_arguments(self, parser):
        parser.add_argument("database", help="the SchafkopfTurnier .sqlite3 file (read only)")
        parser.add_argument("--organiser", help="slug of the organiser (default: the standard)")
        parser.add_argument(
            "--dry-run", action="store_true", help="show what would be made, store nothing"
        )
        parser.add_argument(
            "--point-table",
            default=DEFAULT_POINT_TABLE,
            help="key of the point table the points are in (default: %(default)s)",
        )

    def handle(self, *args, **options):
        organiser = None
        if options["organiser"]:
            organiser = models.Organiser.objects.filter(slug=options["organiser"]).first()
            if organiser is None:
                raise CommandError(
                    _("There is no organiser %(slug)s.") % {"slug": options["organiser"]}
                )
        try:
            report = skt_import(
                skt_read(options["database"]),
                organiser=organiser,
                point_table=options["point_table"],
                dry_run=options["dry_run"],
            )
        except SktError as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise CommandError(
                _("%(count)s error(s); nothing was stored.") % {"count": len(exc.problems)}
            ) from None
        for line in report_lines(report):
            self.stdout.write(line)
