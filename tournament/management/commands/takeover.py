"""`make takeover FROM=<dir>`: a second laptop takes over the evening from the continuous copy.

Restores the newest copy with Litestream into a file beside the database, checks it (SQLite's
integrity check, the migrations, every seat's totals and the standings against the games scored
again; tournament/takeover/checks.py), puts it in place (a database already there is moved
aside with the time in its name), takes over the secret key and then starts the hall as `make
hall` does (its set-up done meanwhile: the restored file migrated, the static files collected
while restoring; then `make takeover-hall`), on the address and port of hall.json
(`HALL_ADDRESS`, `HALL_PORT` override).
A failed check refuses with a German message and starts nothing. `--no-serve` (back home:
`make takeover FROM=… SERVE=0`) restores and checks only."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, connections
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournament.hall.network import DEFAULT_PORT
from tournament.replication.layout import copy_root
from tournament.takeover import address as hall_address
from tournament.takeover.checks import (
    Mismatch,
    database_findings,
    describe,
    history_tail,
    summary,
    unknown_migrations,
)
from tournament.takeover.guidance import address_guidance
from tournament.takeover.restore import (
    RestoreError,
    connected_to,
    install,
    install_secret_key,
    integrity_problems,
    litestream,
    remove_database,
    restore_into,
    staging_path,
)
from tournament.takeover.source import Hall, Source, SourceError, copy_source
from tournament.takeover.static import collect_static, static_current

#: How long the command waits, at most, for this laptop to hold the hall's address.
ADDRESS_WAIT = 600.0
MISMATCHES_SHOWN = 10


class Command(BaseCommand):
    help = (
        "Take over the evening from the continuous copy in --from (restore, check, then serve "
        "the hall as make hall does)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--from",
            dest="source",
            required=True,
            help="the copy: the stick (COPY_TO), its schafkopf-copy/ folder or the db/ in it",
        )
        parser.add_argument(
            "--no-serve", action="store_true", help="restore and check only, start nothing"
        )
        parser.add_argument(
            "--key-file",
            default=str(Path(settings.BASE_DIR) / "var" / "secret_key"),
            help="where the secret key is written (default: var/secret_key)",
        )
        parser.add_argument(
            "--wait",
            type=float,
            default=ADDRESS_WAIT,
            help="seconds to wait for this laptop to hold the hall's address (default 600)",
        )

    def handle(self, *args, **options):
        started = time.monotonic()
        database = self.database()
        source = self.source(Path(options["source"]))
        key = self.secret_key(source)
        hall = source.hall()
        if not options["no_serve"]:
            self.refuse_copying_onto(source)
        # The static files need no database: collected while the copy is restored and checked.
        collector = None if options["no_serve"] or static_current() else collect_static(key)
        stage = staging_path(database)
        try:
            self.restore(source, stage)
            self.check_restored(stage)
        except BaseException:
            remove_database(stage)
            if collector is not None:
                collector.kill()
                collector.wait()
            raise
        installed = install(stage, database, timezone.localtime())
        if installed.moved_aside is not None:
            self.stdout.write(
                _("The database that was here is kept as %(file)s.")
                % {"file": installed.moved_aside}
            )
        key_file = Path(options["key_file"])
        if install_secret_key(key, key_file):
            self.stdout.write(
                _("The secret key that was here is kept as %(file)s.")
                % {"file": f"{key_file}.vor-uebernahme"}
            )
        self.stdout.write(
            self.style.SUCCESS(
                _("Check passed. Restored and checked in %(seconds).0f s.")
                % {"seconds": time.monotonic() - started}
            )
        )
        if options["no_serve"]:
            self.stdout.write(
                _(
                    "Nothing started (--no-serve). The database is %(file)s: make backup makes "
                    "its signed backup, make run or make hall serve it."
                )
                % {"file": database}
            )
            return
        if collector is not None and collector.wait() != 0:
            raise CommandError(
                _("Collecting the static files failed; start the hall with make hall.")
            )
        self.serve(hall, key, options["wait"])

    # -- the steps ----------------------------------------------------------------------------

    def database(self) -> Path:
        config = connections["default"].settings_dict
        if config["ENGINE"] != "django.db.backends.sqlite3":
            raise CommandError(
                _(
                    "The take-over restores a SQLite database; this installation uses another "
                    "database (DATABASE_URL). Nothing was changed."
                )
            )
        return Path(config["NAME"]).absolute()

    def source(self, given: Path) -> Source:
        try:
            return copy_source(given)
        except SourceError as error:
            if error.what == "folder":
                message = _("The folder %(folder)s does not exist (is the stick plugged in?).")
            else:
                message = _(
                    "%(folder)s holds no continuous copy: give the stick's folder that holds "
                    "schafkopf-copy/ (make takeover FROM=/media/stick)."
                )
            raise CommandError(message % {"folder": error.path}) from None

    def refuse_copying_onto(self, source: Source) -> None:
        """The hall started after the take-over copies again (HALL_COPY_TO, make hall's
        COPY_TO): never into the copy being taken over, which would mix two databases' copies
        in one folder."""
        target = os.environ.get("HALL_COPY_TO", "").strip()
        folder = Path(target).expanduser() if target else Path(settings.HALL_COPY_DEFAULT)
        if copy_root(folder.absolute()).resolve() == source.root.resolve():
            raise CommandError(
                _(
                    "COPY_TO=%(folder)s is the copy being taken over: the new hall must copy "
                    "into another folder, e.g. make takeover FROM=%(folder)s "
                    "COPY_TO=%(folder)s/nach-uebernahme. Nothing was changed."
                )
                % {"folder": target or folder}
            )

    def secret_key(self, source: Source) -> str:
        try:
            return source.secret_key()
        except SourceError as error:
            raise CommandError(
                _(
                    "The copy has no secret key (%(file)s is missing or empty): table links, "
                    "PINs and logins would not work. Nothing was changed."
                )
                % {"file": error.path}
            ) from None

    def restore(self, source: Source, stage: Path) -> None:
        program = litestream()
        if program is None:
            raise CommandError(
                _(
                    "Litestream is not installed on this laptop: run make venv (it installs "
                    "requirements.txt) and start again."
                )
            )
        self.stdout.write(
            _("Restoring the newest copy from %(folder)s …") % {"folder": source.root}
        )
        try:
            restore_into(source.replica_url, stage, program)
        except RestoreError as error:
            raise CommandError(
                _("Litestream could not restore the copy (%(error)s). Nothing was changed.")
                % {"error": error.output or "?"}
            ) from None
        problems = integrity_problems(stage)
        if problems:
            raise CommandError(
                _(
                    "The restored database is damaged (SQLite's integrity check: %(problem)s). "
                    "Nothing was started; restore the newest backup zip instead (docs/backup.md)."
                )
                % {"problem": "; ".join(problems[:3])}
            )
        self.stdout.write(_("SQLite's integrity check: ok."))

    def check_restored(self, stage: Path) -> None:
        """Migrate the restored file when this code is newer, then summary, history and the
        totals computed again; refuses when something does not add up."""
        with connected_to(stage):
            try:
                unknown = unknown_migrations()
                if unknown:
                    self.refuse_migrations(unknown)
                call_command("migrate", interactive=False, verbosity=0)
                self.report()
                findings = database_findings()
            except DatabaseError as error:
                raise CommandError(
                    _("The restored database cannot be read (%(error)s). Nothing was started.")
                    % {"error": error}
                ) from None
        if not findings.passed:
            self.refuse_mismatches(findings.mismatches)

    def report(self) -> None:
        write = self.stdout.write
        facts = summary()
        newest = (
            date_format(timezone.localtime(facts.newest_game), "DATETIME_FORMAT")
            if facts.newest_game
            else _("none")
        )
        write(
            _(
                "The copy holds %(tournaments)s tournament(s), %(tables)s table(s) and "
                "%(games)s game(s); the newest game was saved at %(newest)s."
            )
            % {
                "tournaments": facts.tournaments,
                "tables": facts.tables,
                "games": facts.games,
                "newest": newest,
            }
        )
        events = history_tail()
        if events:
            write(_("The history's last entries (compare them with the paper sheets):"))
        for event in events:
            table = event.table
            game = _("Game %(number)s") % {"number": event.number} if event.number else ""
            write(
                "  "
                + " · ".join(
                    part
                    for part in (
                        date_format(timezone.localtime(event.at), "DATETIME_FORMAT"),
                        table.durchgang.tournament.name,
                        _("Durchgang %(number)s") % {"number": table.durchgang.number},
                        _("Table %(number)s") % {"number": table.number},
                        game,
                        str(event.get_kind_display()),
                    )
                    if part
                )
            )

    def refuse_migrations(self, unknown: list[str]) -> None:
        raise CommandError(
            _(
                "The copy was made by a newer version of the program (%(migrations)s): update "
                "this laptop (git pull, then make takeover again). Nothing was started."
            )
            % {"migrations": ", ".join(unknown[:3])}
        )

    def refuse_mismatches(self, mismatches: list[Mismatch]) -> None:
        lines = [describe(m) for m in mismatches[:MISMATCHES_SHOWN]]
        if len(mismatches) > MISMATCHES_SHOWN:
            lines.append(_("… and %(count)s more.") % {"count": len(mismatches) - MISMATCHES_SHOWN})
        raise CommandError(
            _(
                "Check failed: stored totals differ from what the games score. Nothing was "
                "started; take the newest backup zip instead, or ask the program's maintainer."
            )
            + "\n  "
            + "\n  ".join(lines)
        )

    def serve(self, hall: Hall, key: str, wait: float) -> None:
        """Start the hall as `make hall` does, on the hall's address (HALL_ADDRESS and
        HALL_PORT override hall.json), once this laptop holds it."""
        given = os.environ.get("HALL_ADDRESS", "").strip()
        target = given or hall.address
        port_text = os.environ.get("HALL_PORT", "").strip() or str(hall.port or DEFAULT_PORT)
        port = int(port_text) if port_text.isdecimal() else DEFAULT_PORT
        environment = dict(os.environ, DJANGO_SECRET_KEY=key, HALL_PORT=str(port))
        if target:
            environment["HALL_ADDRESS"] = target
            self.await_address(target, port, wait)
        else:
            self.stdout.write(
                _("hall.json names no address: the hall starts on this laptop's own address.")
            )
        same = target == hall.address and port == (hall.port or DEFAULT_PORT)
        if hall.site_url and same and not os.environ.get("SITE_URL"):
            environment["SITE_URL"] = hall.site_url  # the printed links stay as they are
        elif hall.address and not same:
            self.stdout.write(
                self.style.WARNING(
                    _(
                        "The hall now runs on %(new)s, not on the first laptop's address "
                        "%(old)s: the printed Hallen-Aushang and table cards still show the "
                        "old one. Print them again, or tell the tables the new address."
                    )
                    % {
                        "new": f"{target or '?'}:{port}",
                        "old": f"{hall.address}:{hall.port or DEFAULT_PORT}",
                    }
                )
            )
        make = shutil.which("make") or "make"
        # What make hall runs after its set-up (the restored database is migrated, the static
        # files collected): task worker, the continuous copy, the hall.
        command = [make, "--no-print-directory", "-C", str(settings.BASE_DIR), "takeover-hall"]
        self.stdout.write(_("Starting the hall as make hall does …"))
        self.stdout.flush()
        os.execve(make, command, environment)

    def await_address(self, address: str, port: int, wait: float) -> None:
        state = hall_address.address_state(address, port)
        if state == hall_address.BUSY:
            raise CommandError(
                _(
                    "Port %(port)s on %(address)s is taken (a server is running already?). Stop "
                    "it, or choose another port with HALL_PORT=…"
                )
                % {"port": port, "address": address}
            )
        if state == hall_address.FREE:
            self.stdout.write(
                _("This laptop holds the hall's address %(address)s.") % {"address": address}
            )
            return
        warning, *lines = address_guidance(address, wait)
        self.stdout.write(self.style.WARNING(warning))
        for line in lines:
            self.stdout.write(line)
        self.stdout.flush()
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            time.sleep(1)
            if hall_address.address_state(address, port) != hall_address.FOREIGN:
                return self.await_address(address, port, 0)
        raise CommandError(
            _(
                "This laptop still does not hold %(address)s. The database and key are in "
                "place: give the laptop the address and run make takeover again, or start "
                "with make hall HALL_ADDRESS=… and print the Hallen-Aushang again."
            )
            % {"address": address}
        )
