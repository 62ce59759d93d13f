"""`make hall`: serve the tournament to the hall's network (phones, projector) with gunicorn.

Finds the laptop's address in the hall's network (tournament/hall/network.py; `HALL_ADDRESS`,
`HALL_PORT`), prints it with the Hallen-Aushang of each tournament not finished, and replaces
itself by gunicorn as `make serve` runs it, with that address among the allowed hosts and as
`SITE_URL`, so that every printed link and QR code points there.

In WSL 2 behind its NAT (a Windows laptop; tournament/hall/wsl.py) it announces no address the
hall cannot reach: it says how to switch WSL to mirrored networking or to let Windows forward the
port, and serves this laptop only until started again with the laptop's Windows address."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament import models
from tournament.hall.network import (
    DEFAULT_PORT,
    EVERY_ADDRESS,
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
        if site.wsl is not None and site.wsl.nat and not site.listen:
            self.wsl_behind_nat(site, site.wsl.address or "")
            return
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
        if site.wsl is not None and site.wsl.nat:
            self.wsl_forwarded(site, site.wsl.address or "")
        elif site.wsl is not None and site.wsl.mode == "mirrored":
            write(
                _(
                    "WSL with mirrored networking: this is the Windows laptop's own address. "
                    "Windows' firewall must let port %(port)s in (handbook: %(section)s)."
                )
                % {"port": site.port, "section": WSL_SECTION}
            )
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

    def wsl_behind_nat(self, site: HallSite, wsl_address: str) -> None:
        """What to do in WSL behind its NAT, where the address found is WSL's own."""
        write = self.stdout.write
        port = site.port
        write(
            self.style.WARNING(
                _(
                    "This laptop runs the app in WSL behind Windows (NAT networking): "
                    "%(address)s is WSL's own address inside Windows, which the phones in the "
                    "hall cannot reach. It is not announced. Two ways to reach the laptop:"
                )
                % {"address": wsl_address}
            )
        )
        write(
            _(
                "1. Windows 11 (22H2 or newer): mirrored networking. Put these two lines into "
                "the file %(file)s (with Notepad; create it if it is missing):"
            )
            % {"file": "%UserProfile%\\.wslconfig"}
        )
        write("       [wsl2]")
        write("       networkingMode=mirrored")
        write(
            "   "
            + _(
                "Then run wsl --shutdown in PowerShell, open Ubuntu again and start make hall "
                "again: it then finds the laptop's address in the WLAN and announces it."
            )
        )
        write(
            _(
                "2. Otherwise Windows forwards port %(port)s to WSL. Open PowerShell as "
                "administrator (right click on Start: Terminal (Administrator)) and paste "
                "these two lines:"
            )
            % {"port": port}
        )
        for line in forwarding_lines(port, wsl_address):
            write(f"       {line}")
        command = "make hall HALL_ADDRESS=…"
        if port != DEFAULT_PORT:
            command += f" HALL_PORT={port}"
        write(
            "   "
            + _(
                "Then look up the laptop's WLAN address with ipconfig (IPv4 address of the "
                "WLAN adapter, e.g. 192.168.1.50) and start again with it: %(command)s. The "
                "Hallen-Aushang and the QR codes then carry that address."
            )
            % {"command": command}
        )
        write(_("Handbook: %(url)s") % {"url": handbook_url(site.url)})
        write(
            self.style.SUCCESS(
                _("Until then the app is reachable from this laptop only: %(url)s/")
                % {"url": site.url}
            )
        )
        write(_("Stop the server with Ctrl+C."))

    def wsl_forwarded(self, site: HallSite, wsl_address: str) -> None:
        """The note in WSL behind its NAT, with the Windows laptop's address given."""
        write = self.stdout.write
        write(
            _(
                "WSL behind Windows (NAT networking): listening on all of WSL's addresses; "
                "Windows must forward port %(port)s to WSL's address %(address)s. That address "
                "changes when WSL or Windows restarts: if the phones get no answer, run these "
                "lines again in PowerShell as administrator:"
            )
            % {"port": site.port, "address": wsl_address}
        )
        delete = (
            f"netsh interface portproxy delete v4tov4 listenport={site.port} "
            f"listenaddress={EVERY_ADDRESS}"
        )
        write(f"       {delete}")
        write(f"       {forwarding_lines(site.port, wsl_address)[0]}")


WSL_SECTION = "Auf einem Windows-Laptop, Das Netz in der Halle unter WSL"


def handbook_url(site_url: str) -> str:
    return f"{site_url}{reverse('tournament:handbook')}#wsl-netz"


def forwarding_lines(port: int, wsl_address: str) -> list[str]:
    """Windows' port forwarding to WSL and its firewall's rule, for a PowerShell as
    administrator."""
    return [
        f"netsh interface portproxy add v4tov4 listenport={port} listenaddress={EVERY_ADDRESS} "
        f"connectport={port} connectaddress={wsl_address}",
        f'New-NetFirewallRule -DisplayName "Schafkopf" -Direction Inbound -LocalPort {port} '
        "-Protocol TCP -Action Allow",
    ]
