"""`manage.py handbook_screenshots`: the handbook's pictures (tournament/handbook/pictures.py)
taken anew from the demo (`make screenshots` runs it on a fresh database after `seed_demo
--if-empty`). Prepares the demo scene (tournament/handbook/scene.py), serves the app on a free
local port and takes each picture with Debian's chromium, each printout's first page with
pdftoppm (tournament/handbook/shots.py). Developers' output, in English."""

from __future__ import annotations

import os
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.handbook import shots
from tournament.handbook.book import PICTURES_STATIC
from tournament.handbook.pictures import PICTURES
from tournament.handbook.scene import SUPERVISOR, SceneError, scene_prepare
from tournament.handbook.server import app_served
from tournament.handbook.shots import Login, Shot, ShotError, shots_take
from tournament.management.commands.seed_demo import DEMO_PASSWORD


class Command(BaseCommand):
    help = "Take the handbook's pictures from the demo tournament (make screenshots)."

    def add_arguments(self, parser):
        default = Path(settings.STATICFILES_DIRS[0]) / PICTURES_STATIC
        parser.add_argument("--out", type=Path, default=default, help=f"default: {default}")
        parser.add_argument("--only", default="", help="these pictures only: a,b,c")

    def handle(self, *args, **options):
        names = [name for name in options["only"].split(",") if name] or list(PICTURES)
        unknown = sorted(set(names) - set(PICTURES))
        if unknown:
            raise CommandError(f"No such picture: {', '.join(unknown)} (see pictures.py)")
        for tool, what in ((shots.CHROMIUM, "chromium"), (shots.PDFTOPPM, "poppler-utils")):
            if not os.access(tool, os.X_OK):
                raise CommandError(f"{tool} is missing: install Debian's {what} (apt-get).")
        started = time.monotonic()
        try:
            scene = scene_prepare()
        except SceneError as error:
            raise CommandError(str(error)) from None
        wanted = [Shot(name, PICTURES[name], scene.address(PICTURES[name])) for name in names]
        login = Login(SUPERVISOR, DEMO_PASSWORD, scene.pin)
        # Playwright's event loop runs in this thread from now on: no ORM after this line.
        try:
            with app_served() as base_url:
                shots_take(base_url, wanted, options["out"], login, self.stdout.write)
        except (ShotError, RuntimeError) as error:
            raise CommandError(str(error)) from None
        seconds = time.monotonic() - started
        self.stdout.write(f"{len(wanted)} pictures in {options['out']} ({seconds:.0f} s)")
