"""The printed address reaches the second laptop, across hosts: three network namespaces stand
for laptop A, laptop B and a phone, joined by a bridge (the hall's WLAN) in a fourth. A serves
the hall on 10.77.N.2 and dies (its namespace is deleted, as a laptop switched off). B takes
over from the stick: it holds only its own address, so `manage.py takeover` prints the line that
gives it the hall's address and waits; the test runs exactly that line (without sudo, as root)
in B, the take-over starts the hall there, and the phone reaches the table link at the very
address printed on its card.

Needs root (or CAP_NET_ADMIN) for `ip netns`; skipped plainly where that is not permitted."""

from __future__ import annotations

import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from tests.replication.takeover_helpers import (
    MAKE_HALL,
    SECRET_KEY,
    database_copy,
    file_appears,
    litestream_or_skip,
    replica_ready,
    start,
    stop,
    takeover_environment,
)
from tournament.models import Durchgang, Table
from tournament.phones.links import table_link_issue
from tournament.replication.layout import hall_path, secret_key_path

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SUBNET = 77
PORT = 8000
DEADLINE = 180.0  # seconds for a server to start and the phone's network to find it

# The phone's side: polls a URL until it answers 200 (a deadline, no fixed wait) and prints the
# page; run inside the phone's namespace.
PHONE = """
import sys, time, urllib.request
deadline = time.monotonic() + float(sys.argv[2])
while time.monotonic() < deadline:
    try:
        with urllib.request.urlopen(sys.argv[1], timeout=3) as answer:
            if answer.status == 200:
                print(answer.read().decode()); sys.exit(0)
    except OSError:
        time.sleep(0.3)
sys.exit(1)
"""


class Hall:
    """The namespaces and the bridge; addresses 10.77.N.x/24."""

    def __init__(self) -> None:
        tag = f"tk{os.getpid() % 10000}"
        self.net = f"10.{SUBNET}.{os.getpid() % 250 + 1}"
        self.switch = f"{tag}-hall"
        self.names = {who: f"{tag}-{who}" for who in ("a", "b", "phone")}
        self.devices = {who: f"{tag}{who[0]}0" for who in self.names}

    def address(self, host: int) -> str:
        return f"{self.net}.{host}"

    def ip(self, *args: str, namespace: str | None = None) -> None:
        prefix = ["ip", "-n", namespace] if namespace else ["ip"]
        subprocess.run([*prefix, *args], check=True, capture_output=True, timeout=30)

    def build(self) -> None:
        self.ip("netns", "add", self.switch)
        self.ip("link", "add", "br0", "type", "bridge", namespace=self.switch)
        self.ip("link", "set", "br0", "up", namespace=self.switch)
        for host, who in ((2, "a"), (3, "b"), (9, "phone")):
            name, device = self.names[who], self.devices[who]
            self.ip("netns", "add", name)
            self.ip("link", "add", device, "type", "veth", "peer", "name", device + "p")
            self.ip("link", "set", device, "netns", name)
            self.ip("link", "set", device + "p", "netns", self.switch)
            self.ip("link", "set", device + "p", "master", "br0", "up", namespace=self.switch)
            self.ip("link", "set", "lo", "up", namespace=name)
            self.ip("address", "add", f"{self.address(host)}/24", "dev", device, namespace=name)
            self.ip("link", "set", device, "up", namespace=name)
            # The hall's router: a default route as a WLAN gives one (none answers there).
            self.ip("route", "add", "default", "via", self.address(1), namespace=name)

    def remove(self, who: str) -> None:
        subprocess.run(["ip", "netns", "del", self.names[who]], capture_output=True, check=False)

    def tear_down(self) -> None:
        for who in self.names:
            self.remove(who)
        subprocess.run(["ip", "netns", "del", self.switch], capture_output=True, check=False)

    def inside(self, who: str, command: list[str]) -> list[str]:
        return ["ip", "netns", "exec", self.names[who], *command]


@pytest.fixture
def hall() -> Iterator[Hall]:
    if shutil.which("ip") is None:
        pytest.skip("the ip command (iproute2) is missing")
    network = Hall()
    try:
        network.build()
    except subprocess.CalledProcessError as error:
        network.tear_down()
        reason = (error.stderr or b"").decode(errors="replace").strip()
        pytest.skip(f"network namespaces are not permitted here: {reason}")
    try:
        yield network
    finally:
        network.tear_down()


def phone_opens(hall: Hall, url: str, seconds: float = DEADLINE) -> tuple[float, str]:
    """The phone's namespace polls `url`; how long until it answered, and the page."""
    started = time.monotonic()
    done = subprocess.run(
        hall.inside("phone", [sys.executable, "-c", PHONE, url, str(seconds)]),
        capture_output=True,
        text=True,
        timeout=seconds + 30,
        check=False,
    )
    assert done.returncode == 0, f"the phone got no answer from {url}: {done.stderr}"
    return time.monotonic() - started, done.stdout


def lines_of(process: subprocess.Popen) -> queue.Queue:
    """The process's output, line by line, as it comes (read by a thread)."""
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for raw in process.stdout:
            lines.put(raw.decode(errors="replace"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    return lines


def line_containing(lines: queue.Queue, text: str, seen: list[str]) -> str:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        if line is None:
            break
        seen.append(line)
        if text in line:
            return line
    pytest.fail(f"no line with {text!r} in:\n{''.join(seen)}")


def test_laptop_b_takes_the_printed_address_and_the_phone_reaches_it(
    hall, evening, supervisor, server_database_url, tmp_path
):
    litestream_or_skip()
    Durchgang.objects.filter(tournament=evening).update(published=True)
    table = Table.objects.get(durchgang__tournament=evening, number=1)
    link = table_link_issue(table=table, user=supervisor)
    laptop_a = database_copy(server_database_url.removeprefix("sqlite:///"), tmp_path / "a" / "db")
    stick = tmp_path / "stick"
    stick.mkdir()  # the stick is plugged in
    address = hall.address(2)
    card = f"http://{address}:{PORT}/tisch/{link.token}/"  # as printed on the table card

    # Laptop A serves the hall in its namespace: make hall COPY_TO=<stick>.
    a_env = takeover_environment(
        laptop_a,
        HALL_ADDRESS=address,
        HALL_PORT=str(PORT),
        DJANGO_SECRET_KEY=SECRET_KEY,
        HALL_COPY_TO=str(stick),
    )
    server_a = start(hall.inside("a", MAKE_HALL), a_env)
    try:
        _took, page = phone_opens(hall, card)
        assert "PIN" in page
        links = "SELECT COUNT(*) FROM tournament_tablelink"
        replica_ready(stick, tmp_path / "probe", links, 1)
        assert file_appears(hall_path(stick)) and file_appears(secret_key_path(stick))
    finally:
        stop(server_a, signal.SIGKILL)
    hall.remove("a")  # laptop A is gone, and its address with it

    # Laptop B holds 10.77.N.3 only: the take-over prints the line that gives it the address.
    laptop_b = tmp_path / "b" / "db.sqlite3"
    laptop_b.parent.mkdir()
    command = [sys.executable, "manage.py", "takeover", "--from", str(stick), "--wait", "150"]
    command += ["--key-file", str(tmp_path / "b" / "secret_key")]
    server_b = start(hall.inside("b", command), takeover_environment(laptop_b))
    seen: list[str] = []
    try:
        lines = lines_of(server_b)
        line_containing(lines, "Prüfung bestanden", seen)
        printed = line_containing(lines, "ip address add", seen).strip()
        assert printed == f"sudo ip address add {address}/24 dev {hall.devices['b']}"
        subprocess.run(hall.inside("b", shlex.split(printed)[1:]), check=True, capture_output=True)
        line_containing(lines, f"Dieser Laptop hat die Adresse der Halle {address}.", seen)
        took, page = phone_opens(hall, card)
        assert "PIN" in page and "Tisch 1" in page
        print(f"the phone reached laptop B within {took:.1f} s of the address given")
    finally:
        os.killpg(server_b.pid, signal.SIGTERM)
        server_b.wait(timeout=60)
    assert laptop_b.exists(), "".join(seen)
