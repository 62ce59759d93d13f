"""WSL 2 (the Windows Subsystem for Linux) seen from inside, for `make hall`: most club laptops
run Windows, and the app runs there in WSL's Ubuntu.

Under WSL's default networking (NAT) Linux has an address of its own in a small network between
Windows and WSL (in 172.16.0.0/12 as a rule, a /20 on `eth0`) that the phones in the hall cannot
reach: Windows must forward the port to it (`netsh interface portproxy`), and the hall reaches
the laptop on its Windows WLAN address. Under mirrored networking (Windows 11 22H2 and later,
`networkingMode=mirrored` in `%UserProfile%\\.wslconfig`) Linux sees Windows' own addresses, and
`make hall` works as on any Linux. WSL 1 shares Windows' network as well.

The signs, read from the environment, from /proc and from WSL's own `wslinfo` (WSL 2.0 and
later), come through `Signs`, so that tests can fake them. Plain Python: it runs before the
server.
"""

from __future__ import annotations

import ipaddress
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

# Where Windows puts WSL's NAT network as a rule (it takes another private range when this one
# is in use: the default route's /20 below tells those apart).
WSL_NAT_NETWORK = ipaddress.ip_network("172.16.0.0/12")
WSL_NAT_PREFIX = 20  # the size of the network Windows gives WSL behind its NAT


@dataclass(frozen=True)
class Signs:
    """Where the signs of WSL are read: /proc, and WSL's `wslinfo` (none before WSL 2.0)."""

    proc: Path = Path("/proc")
    wslinfo: str = "wslinfo"


@dataclass(frozen=True)
class Wsl:
    """This Linux runs in WSL."""

    mode: str  # what `wslinfo --networking-mode` said ("nat", "mirrored", …), or "wsl1", "unknown"
    address: str | None  # Linux's own address (behind the NAT: where Windows forwards to)

    @property
    def nat(self) -> bool:
        """Behind WSL's NAT: the hall cannot reach `address`, Windows must forward the port."""
        return self.mode not in ("mirrored", "wsl1", "unknown") and self.address is not None


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def is_wsl(environ: Mapping[str, str], signs: Signs) -> bool:
    """WSL's variables in the environment, its kernel's name (`…-microsoft-standard-WSL2`,
    WSL 1's `…-Microsoft`), or its handler of Windows programs."""
    if environ.get("WSL_DISTRO_NAME") or environ.get("WSL_INTEROP"):
        return True
    for name in ("sys/kernel/osrelease", "version"):
        if "microsoft" in _read(signs.proc / name).lower():
            return True
    return (signs.proc / "sys/fs/binfmt_misc/WSLInterop").exists()


def is_wsl1(signs: Signs) -> bool:
    """WSL 1's kernel calls itself `4.4.0-19041-Microsoft`; WSL 2's `…-microsoft-standard-WSL2`."""
    return _read(signs.proc / "sys/kernel/osrelease").strip().endswith("-Microsoft")


def networking_mode(signs: Signs) -> str | None:
    """What `wslinfo --networking-mode` says ("nat", "mirrored", …), None without an answer."""
    try:
        answer = subprocess.run(
            [signs.wslinfo, "--networking-mode"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    mode = answer.stdout.strip().lower()
    return mode if answer.returncode == 0 and mode.isidentifier() else None


def default_route_prefix(signs: Signs) -> int | None:
    """The prefix length of the network on the default route's interface (/proc/net/route),
    None where it cannot be told."""
    rows = [line.split() for line in _read(signs.proc / "net/route").splitlines()[1:]]
    rows = [row for row in rows if len(row) >= 8]
    interfaces = [row[0] for row in rows if row[1] == "00000000"]  # the default route
    if not interfaces:
        return None
    for row in rows:
        if row[0] == interfaces[0] and row[1] != "00000000" and row[2] == "00000000":
            try:
                return int(row[7], 16).bit_count()  # the mask, as the kernel writes it
            except ValueError:
                return None
    return None


def wsl_network(environ: Mapping[str, str], address: str | None, signs: Signs) -> Wsl | None:
    """None outside WSL. Inside, the networking mode as `wslinfo` tells it; without it (WSL
    before 2.0 has no mirrored networking anyway), NAT when the address found is in WSL's usual
    network or the default route's network is of the size WSL's NAT gives."""
    if not is_wsl(environ, signs):
        return None
    if is_wsl1(signs):
        return Wsl("wsl1", address)
    mode = networking_mode(signs)
    if mode is None:
        internal = address is not None and ipaddress.ip_address(address) in WSL_NAT_NETWORK
        mode = "nat" if internal or default_route_prefix(signs) == WSL_NAT_PREFIX else "unknown"
    return Wsl(mode, address)
