# Declared boilerplate (duplicates): a command's help and its German error lines are alike in shape
# across the commands.

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.utils.translation import gettext as _

from tournament.exchange.backup import BackupError
from tournament.exchange.backup.restore import backup_restore
from tournament.management.commands.backup import database_message


class Command(BaseCommand):
    help = (
        "Restore a backup archive (manage.py backup) into an empty database, all or nothing, "
        "with everything it names: organisers, accounts, roles, persons."
    )

    def add_arguments(self, parser):
        parser.add_argument("archive", help="the zip archive written by manage.py backup")

    def handle(self, *args, **options):
        try:
            tournaments = backup_restore(options["archive"])
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        except DatabaseError as exc:
            raise CommandError(database_message(exc)) from None
        for tournament in tournaments:
            self.stdout.write(tournament.slug)
        self.stderr.write(_("%(count)s tournament(s) restored.") % {"count": len(tournaments)})
        self.stderr.write(
            _(
                "Restored everything of the backup, as the administrator's tool does: "
                "tournaments, their organisers, user accounts (new ones inactive, without a "
                "password), roles and the persons of the players."
            )
        )
