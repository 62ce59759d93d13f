import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.utils.translation import gettext as _

from tournament.exchange.backup.dump import backup_name, backup_write


def database_message(error: DatabaseError) -> str:
    return _(
        "The database cannot be read (%(error)s). Is it set up? Run manage.py migrate first."
    ) % {"error": error}


class Command(BaseCommand):
    help = (
        "Write every tournament (interchange format) and its history into one dated zip "
        "archive: schafkopf-backup-YYYY-MM-DD-HHMMSS.zip."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output",
            help="the archive to write, or a directory for the dated archive (default: here)",
        )

    def handle(self, *args, **options):
        target = Path(options["output"] or ".")
        if target.is_dir():
            target = target / backup_name()
        temporary = target.with_name(target.name + ".part")
        try:
            # Readable by its owner only, like the files the app stores: a backup holds names.
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.fchmod(descriptor, 0o600)  # a .part left over may have had another mode
            with os.fdopen(descriptor, "wb") as out:
                count = backup_write(out)
            temporary.replace(target)  # a half-written archive never carries the final name
        except OSError as exc:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s") % {"file": target, "error": exc.strerror}
            ) from None
        except DatabaseError as exc:
            raise CommandError(database_message(exc)) from None
        finally:
            temporary.unlink(missing_ok=True)
        self.stderr.write(_("%(count)s tournament(s) saved.") % {"count": count})
        self.stdout.write(str(target))
