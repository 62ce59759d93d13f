"""`make hall`: serve the tournament to the hall's network (phones, projector) with gunicorn.

Finds the laptop's address in the hall's network (tournament/hall/network.py; `HALL_ADDRESS`,
`HALL_PORT`), prints it with the Hallen-Aushang of each tournament not finished, and replaces
itself by gunicorn as `make serve` runs it, with that address among the allowed hosts and as
`SITE_URL`, so that every printed link and QR code points there."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament import models
from tournament.hall.network import (
    HallError,
    HallSite,
    gunicorn_command,
    hall_environment,
    hall_site,
    port_free,
)


class Command(BaseCommand):
    help = "Serve the app to the hall's network (gunicorn); HALL_ADDRESS and HALL_PORT override."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="print the address and the server's command, and start nothing",
        )

    def handle(self, *args, **options):
        try:
            site = hall_site(os.environ)
        except HallError as error:
            raise CommandError(self.refusal(error)) from None
        environment = hall_environment(site, os.environ)
        command = gunicorn_command(site, str(Path(sys.executable).with_name("gunicorn")))
        self.announce(site, environment["SITE_URL"])
        if options["dry_run"]:
            self.stdout.write(f"SITE_URL={environment['SITE_URL']}")
            self.stdout.write(f"DJANGO_ALLOWED_HOSTS={environment['DJANGO_ALLOWED_HOSTS']}")
            self.stdout.write(" ".join(command))
            return
        if not port_free(site):
            raise CommandError(
                _(
                    "Cannot listen on %(address)s port %(port)s: the port is taken (another "
                    "server?) or the address is not this computer's. Choose another port with "
                    "HALL_PORT=8001 make hall, or the address with HALL_ADDRESS=…"
                )
                % {"address": site.address, "port": site.port}
            )
        sys.stdout.flush()
        os.execve(command[0], command, environment)

    def refusal(self, error: HallError) -> str:
        if error.name == "HALL_PORT":
            return _("HALL_PORT=%(value)s is no port: give a number from 1 to 65535.") % {
                "value": error.value
            }
        return _(
            "HALL_ADDRESS=%(value)s is no IP address of this computer: give it as 192.168.1.23."
        ) % {"value": error.value}

    def announce(self, site: HallSite, site_url: str) -> None:
        write = self.stdout.write
        if not site.found:
            write(
                self.style.WARNING(
                    _(
                        "No network found: the app is reachable from this computer only. "
                        "Connect the laptop to the hall's WLAN and start again, or give the "
                        "address with HALL_ADDRESS=…"
                    )
                )
            )
        write(
            self.style.SUCCESS(
                _("The tournament in the hall's network: %(url)s/") % {"url": site_url}
            )
        )
        write(_("Phones and the projector in the same WLAN open this address."))
        if site_url != site.url:
            write(_("(Listening on %(url)s; SITE_URL was given.)") % {"url": site.url})
        tournaments = models.Tournament.objects.exclude(
            status=models.Tournament.Status.FINISHED
        ).order_by("-date", "name")
        if tournaments:
            write(_("Hall notice to print (log in as the supervisor first):"))
            for tournament in tournaments:
                path = reverse("manage:hall_notice", args=[tournament.slug])
                write(f"  {tournament.name}: {site_url}{path}")
        else:
            write(_("No tournament yet: create one in the browser (Neues Turnier)."))
        write(_("Stop the server with Ctrl+C."))
