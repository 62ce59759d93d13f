"""The hall's address on the second laptop. Plain Python.

The phones hold the address printed on the Hallen-Aushang and the table cards (an IP address
and port, `SITE_URL`), so the second laptop serves on the very same address: the hall's router
gives it to the laptop (a reserved address) or the supervisor sets it by hand. Until this laptop
holds it, the server cannot listen there; the take-over says what to do and waits.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
from pathlib import Path

FREE, FOREIGN, BUSY = "free", "foreign", "busy"


def address_state(address: str, port: int) -> str:
    """FREE: this laptop holds `address` and nobody listens on `port`; FOREIGN: the address is
    not this laptop's (yet); BUSY: the port is taken."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn does
        try:
            trial.bind((address, port))
        except OSError as error:
            return FOREIGN if error.errno == errno.EADDRNOTAVAIL else BUSY
    return FREE


def default_interface(route_table: Path = Path("/proc/net/route")) -> str | None:
    """The network interface holding the default route (the WLAN as a rule), or None."""
    try:
        lines = route_table.read_text().splitlines()[1:]
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) > 2 and fields[1] == "00000000":
            return fields[0]
    return None


def linux_commands(address: str, interface: str | None) -> list[str]:
    """The lines that give this Linux laptop the hall's address beside its own (root)."""
    device = interface or "wlan0"
    prefix = 64 if ipaddress.ip_address(address).version == 6 else 24
    return [f"sudo ip address add {address}/{prefix} dev {device}"]


def windows_command(address: str) -> str:
    """The line for a PowerShell as administrator on a Windows laptop (WSL 2, mirrored)."""
    return (
        f'New-NetIPAddress -InterfaceAlias "WLAN" -IPAddress {address} -PrefixLength 24 '
        "-SkipAsSource $true"
    )
