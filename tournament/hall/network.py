"""The hall's network for `make hall`: which address of this laptop the phones and the projector
reach, and the environment the server then runs with. It runs before the server: of Django it
reads only the settings (the hosts allowed by default).

The address is the one of the network interface that holds the default route (the hall's WLAN
as a rule): a UDP socket "connected" to an outside address is given that interface's address by
the kernel, without a packet being sent. `HALL_ADDRESS` overrides it, `HALL_PORT` the port.

In WSL 2 behind its NAT (tournament/hall/wsl.py) the address found is one the hall cannot reach:
the site is then this laptop's loopback, and the command tells how to reach the laptop. Given
the Windows laptop's address (`HALL_ADDRESS`, after setting up Windows' port forwarding), the
server listens on all of WSL's addresses, where Windows forwards to, and announces that one.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings

from tournament.hall.wsl import Signs, Wsl, wsl_network

DEFAULT_PORT = 8000
# TEST-NET-1 (RFC 5737): routed like any outside address, answered by nobody; a UDP connect
# sends nothing anyway.
PROBE = ("192.0.2.1", 9)
GUNICORN_CONF = Path(__file__).resolve().parents[2] / "config" / "gunicorn.conf.py"
EVERY_ADDRESS = "0.0.0.0"  # behind WSL's NAT: where Windows' port forwarding arrives
SIGNS = Signs()  # where the signs of WSL are read (tests put fakes there)


class HallError(ValueError):
    """HALL_ADDRESS or HALL_PORT cannot be used; the message says why (English, for the log;
    the command prints its German text)."""

    def __init__(self, name: str, value: str) -> None:
        super().__init__(f"{name}={value!r}")
        self.name, self.value = name, value


@dataclass(frozen=True)
class HallSite:
    """Where the hall reaches the server."""

    address: str  # an IP address, v4 or v6
    port: int
    found: bool = True  # False: no network found, the loopback address stands in
    listen: str = ""  # the address to listen on when not `address`: EVERY_ADDRESS behind WSL's NAT
    wsl: Wsl | None = None  # running in WSL

    @property
    def host(self) -> str:
        """The address as in a URL and in ALLOWED_HOSTS (IPv6 in brackets)."""
        return f"[{self.address}]" if ":" in self.address else self.address

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def loopback(self) -> bool:
        return ipaddress.ip_address(self.address).is_loopback

    def binds(self) -> list[str]:
        """The addresses gunicorn listens on: the hall's, and this laptop's own loopback so
        that its browser keeps working at http://127.0.0.1:PORT. Behind WSL's NAT, every
        address of WSL: the one Windows forwards to, and loopback."""
        if self.listen:
            return [f"{self.listen}:{self.port}"]
        binds = [f"{self.host}:{self.port}"]
        if not self.loopback:
            binds.append(f"127.0.0.1:{self.port}")
        return binds


def default_route_address() -> str | None:
    """The address of the interface holding the default route, or None without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(PROBE)
        except OSError:  # no route: not connected to any network
            return None
        address = probe.getsockname()[0]
    return None if ipaddress.ip_address(address).is_unspecified else address


def host_addresses() -> list[str]:
    """The IPv4 addresses this machine's name resolves to, loopback ones left out (a network
    without a default route)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    found = []
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address).is_loopback and address not in found:
            found.append(address)
    return found


def given_address(environ: Mapping[str, str]) -> str | None:
    """HALL_ADDRESS, checked, or None when not given."""
    given = environ.get("HALL_ADDRESS", "").strip()
    if not given:
        return None
    try:
        return str(ipaddress.ip_address(given.strip("[]")))
    except ValueError:
        raise HallError("HALL_ADDRESS", given) from None


def found_address() -> str | None:
    """The default route's address, else the first of the machine's own, else None."""
    return default_route_address() or next(iter(host_addresses()), None)


def hall_port(environ: Mapping[str, str]) -> int:
    given = environ.get("HALL_PORT", "").strip()
    if not given:
        return DEFAULT_PORT
    if not given.isdecimal() or not 1 <= int(given) <= 65535:
        raise HallError("HALL_PORT", given)
    return int(given)


def hall_site(environ: Mapping[str, str], signs: Signs | None = None) -> HallSite:
    """Where the hall reaches the server; `signs` tell WSL (tests fake them)."""
    given = given_address(environ)
    port = hall_port(environ)
    found = found_address()
    wsl = wsl_network(environ, found, signs or SIGNS)
    if wsl is not None and wsl.nat:
        if given is None:  # WSL's own address: the hall cannot reach it
            return HallSite("127.0.0.1", port, found=False, wsl=wsl)
        if not ipaddress.ip_address(given).is_loopback:  # Windows': it forwards to WSL
            return HallSite(given, port, listen=EVERY_ADDRESS, wsl=wsl)
    address = given or found
    if address is None:
        return HallSite("127.0.0.1", port, found=False, wsl=wsl)
    return HallSite(address, port, wsl=wsl)


def port_free(site: HallSite) -> bool:
    """Whether the server can listen on the site's address and port (the address is this
    machine's and nobody else listens there)."""
    address = site.listen or site.address
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn does
        try:
            trial.bind((address, site.port))
        except OSError:
            return False
    return True


def hall_environment(site: HallSite, environ: Mapping[str, str]) -> dict[str, str]:
    """The server's environment: `environ` with the hall's address among the allowed hosts,
    `SITE_URL` on it (one already set is kept: a name the hall's network resolves, say), plain
    HTTP (`DJANGO_SECURE=0`) and no debugging."""
    hosts = [h.strip() for h in environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h.strip()]
    hosts = hosts or list(settings.DEFAULT_ALLOWED_HOSTS)
    site_url = environ.get("SITE_URL", "").strip() or site.url
    named = urlsplit(site_url).hostname or site.host
    for host in (site.host, f"[{named}]" if ":" in named else named):
        if host not in hosts:
            hosts.append(host)
    environment = dict(environ)
    environment.update(
        DJANGO_ALLOWED_HOSTS=",".join(hosts),
        SITE_URL=site_url,
        DJANGO_SECURE="0",
        DJANGO_DEBUG="0",
    )
    return environment


def gunicorn_command(site: HallSite, gunicorn: str) -> list[str]:
    """gunicorn as `make serve` runs it (config/gunicorn.conf.py), listening on the hall."""
    command = [gunicorn, "-c", str(GUNICORN_CONF)]
    for bind in site.binds():
        command += ["--bind", bind]
    return command
