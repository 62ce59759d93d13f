"""What the take-over tells the supervisor while this laptop does not hold the hall's address:
the two ways to give it the address (the hall's router, or by hand on Linux or Windows)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.takeover.address import default_interface, linux_commands, windows_command


def address_guidance(address: str, wait: float) -> list[str]:
    """The lines to print, the first a warning, the last the wait that follows."""
    lines = [
        _(
            "This laptop does not hold the hall's address %(address)s yet. The phones "
            "and the printed QR codes know only that address: give it to this laptop."
        )
        % {"address": address},
        "  "
        + _(
            "Either in the hall's router: give the reserved address %(address)s to this "
            "laptop, then connect the laptop to the WLAN again."
        )
        % {"address": address},
        "  " + _("Or on this laptop (Linux), in a second terminal:"),
    ]
    lines += [f"      {line}" for line in linux_commands(address, default_interface())]
    lines += [
        "  " + _("Windows (WSL 2, mirrored), in PowerShell as administrator:"),
        f"      {windows_command(address)}",
        _("Waiting for the address (at most %(minutes)s minutes; Ctrl+C stops) …")
        % {"minutes": max(1, round(wait / 60))},
    ]
    return lines
