"""`make hall` in WSL 2 on a Windows laptop. Behind WSL's NAT the address found is WSL's own,
which the hall cannot reach: it is not announced, and the command prints how to switch WSL to
mirrored networking or to let Windows forward the port (with the port and WSL's address). Given
the Windows laptop's address, the server listens on all of WSL's addresses and announces that
one. Under mirrored networking, and on a plain Linux, the address found is announced.

WSL's signs are faked: its variables, a /proc (tests/hall/conftest.py) with WSL's kernel name,
routes, and a `wslinfo` script answering the networking mode."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tournament.hall import network
from tournament.hall.network import HallSite, gunicorn_command, hall_environment, hall_site
from tournament.hall.wsl import Signs, is_wsl, networking_mode, wsl_network

WSL2_KERNEL = "5.15.153.1-microsoft-standard-WSL2\n"
WSL_ADDRESS = "172.24.5.9"  # WSL's own address behind Windows' NAT
WINDOWS_ADDRESS = "192.168.1.50"  # the Windows laptop's address in the hall's WLAN
# /proc/net/route of WSL behind its NAT: eth0, 172.24.0.0/20, the default route via 172.24.0.1.
NAT_ROUTES = """Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\tMTU\tWindow\tIRTT
eth0\t00000000\t010018AC\t0003\t0\t0\t0\t00000000\t0\t0\t0
eth0\t000018AC\t00000000\t0001\t0\t0\t0\t00F0FFFF\t0\t0\t0
"""
# The same on a hall's router: 10.0.0.0/24.
ROUTER_ROUTES = NAT_ROUTES.replace("010018AC", "0100000A").replace("000018AC", "0000000A")
ROUTER_ROUTES = ROUTER_ROUTES.replace("00F0FFFF", "00FFFFFF")


def in_wsl(proc, monkeypatch=None, kernel=WSL2_KERNEL):
    (proc / "sys" / "kernel" / "osrelease").write_text(kernel)
    if monkeypatch is not None:
        monkeypatch.setenv("WSL_DISTRO_NAME", "Ubuntu")


def wslinfo(tmp_path, answer: str) -> str:
    """A `wslinfo` answering `--networking-mode` as WSL 2.0 and later do."""
    script = tmp_path / "wslinfo"
    script.write_text(f'#!/bin/sh\n[ "$1" = --networking-mode ] && echo {answer}\n')
    script.chmod(0o755)
    return str(script)


@pytest.fixture
def found(monkeypatch):
    """The address the kernel gives the default route's interface."""

    def found(address):
        monkeypatch.setattr(network, "default_route_address", lambda: address)

    return found


@pytest.fixture
def nat(monkeypatch, fake_proc, tmp_path, found):
    """WSL 2 behind Windows' NAT, as `wslinfo` tells it."""
    in_wsl(fake_proc, monkeypatch)
    monkeypatch.setattr(network, "SIGNS", Signs(fake_proc, wslinfo(tmp_path, "nat")))
    found(WSL_ADDRESS)


@pytest.fixture
def mirrored(monkeypatch, fake_proc, tmp_path, found):
    """WSL 2 with mirrored networking: Linux sees Windows' own address in the WLAN."""
    in_wsl(fake_proc, monkeypatch)
    monkeypatch.setattr(network, "SIGNS", Signs(fake_proc, wslinfo(tmp_path, "mirrored")))
    found(WINDOWS_ADDRESS)


# The signs


@pytest.mark.parametrize(
    ("variable", "kernel", "interop"),
    [
        ("WSL_DISTRO_NAME", None, False),
        ("WSL_INTEROP", None, False),
        (None, WSL2_KERNEL, False),
        (None, "4.4.0-19041-Microsoft\n", False),  # WSL 1
        (None, None, True),
    ],
)
def test_wsl_is_told_by_any_of_its_signs(fake_proc, monkeypatch, variable, kernel, interop):
    signs = Signs(fake_proc, "no-wslinfo")
    assert not is_wsl({}, signs)
    environ = {variable: "Ubuntu"} if variable else {}
    if kernel:
        in_wsl(fake_proc, kernel=kernel)
    if interop:
        (fake_proc / "sys" / "fs" / "binfmt_misc").mkdir(parents=True)
        (fake_proc / "sys" / "fs" / "binfmt_misc" / "WSLInterop").write_text("enabled\n")
    assert is_wsl(environ, signs)


def test_the_kernel_named_in_proc_version_is_a_sign_too(fake_proc):
    (fake_proc / "version").write_text("Linux version 5.15.153.1-microsoft-standard-WSL2 (root@…)")
    assert is_wsl({}, Signs(fake_proc, "no-wslinfo"))


def test_the_networking_mode_is_what_wslinfo_says(fake_proc, tmp_path):
    assert networking_mode(Signs(fake_proc, wslinfo(tmp_path, "mirrored"))) == "mirrored"
    assert networking_mode(Signs(fake_proc, wslinfo(tmp_path, "nat"))) == "nat"
    assert networking_mode(Signs(fake_proc, str(tmp_path / "none"))) is None  # before WSL 2.0


@pytest.mark.parametrize(
    ("address", "routes", "nat"),
    [
        (WSL_ADDRESS, "", True),  # WSL's usual network
        ("192.168.112.7", NAT_ROUTES, True),  # another private range, but WSL's /20
        (WINDOWS_ADDRESS, ROUTER_ROUTES, False),  # a /24 as a hall's router hands out
    ],
)
def test_without_wslinfo_wsls_network_or_its_size_tells_its_nat(fake_proc, address, routes, nat):
    in_wsl(fake_proc)
    (fake_proc / "net").mkdir()
    (fake_proc / "net" / "route").write_text(routes)
    wsl = wsl_network({}, address, Signs(fake_proc, "no-wslinfo"))
    assert wsl is not None and wsl.nat is nat and wsl.address == address


def test_wsl_1_shares_windows_network(fake_proc, tmp_path):
    in_wsl(fake_proc, kernel="4.4.0-19041-Microsoft\n")
    wsl = wsl_network({}, WSL_ADDRESS, Signs(fake_proc, wslinfo(tmp_path, "nat")))
    assert wsl is not None and not wsl.nat


def test_a_plain_linux_in_a_172_network_is_no_wsl(fake_proc, tmp_path):
    assert wsl_network({}, WSL_ADDRESS, Signs(fake_proc, wslinfo(tmp_path, "nat"))) is None


# Where the server listens, and with which SITE_URL


def test_behind_the_nat_wsls_address_is_not_the_site_the_laptop_alone_is(nat):
    site = hall_site({})
    assert (site.address, site.found, site.listen) == ("127.0.0.1", False, "")
    assert site.wsl is not None and site.wsl.nat and site.wsl.address == WSL_ADDRESS
    assert site.binds() == ["127.0.0.1:8000"]
    assert hall_environment(site, {})["SITE_URL"] == "http://127.0.0.1:8000"


def test_behind_the_nat_the_windows_address_given_is_announced_and_wsl_listens_everywhere(nat):
    site = hall_site({"HALL_ADDRESS": WINDOWS_ADDRESS, "HALL_PORT": "8001"})
    assert (site.address, site.port, site.listen) == (WINDOWS_ADDRESS, 8001, "0.0.0.0")
    assert gunicorn_command(site, "gunicorn")[3:] == ["--bind", "0.0.0.0:8001"]
    environment = hall_environment(site, {})
    assert environment["SITE_URL"] == "http://192.168.1.50:8001"
    assert environment["DJANGO_ALLOWED_HOSTS"].split(",")[-1] == WINDOWS_ADDRESS


def test_mirrored_networking_and_a_plain_linux_announce_the_address_found(
    mirrored, monkeypatch, fake_proc, found
):
    site = hall_site({})
    assert (site.address, site.found, site.listen) == (WINDOWS_ADDRESS, True, "")
    assert site.wsl is not None and site.wsl.mode == "mirrored"
    assert site.binds() == ["192.168.1.50:8000", "127.0.0.1:8000"]

    monkeypatch.delenv("WSL_DISTRO_NAME")
    in_wsl(fake_proc, kernel="6.1.0-28-amd64\n")
    found(WSL_ADDRESS)
    assert hall_site({}) == HallSite(WSL_ADDRESS, 8000)


# What `manage.py hall` prints


@pytest.mark.django_db
def test_behind_the_nat_the_command_announces_nothing_and_says_what_to_do(
    example_tournament, nat, monkeypatch, capsys
):
    monkeypatch.delenv("HALL_ADDRESS", raising=False)
    monkeypatch.setenv("HALL_PORT", "8001")
    monkeypatch.delenv("SITE_URL", raising=False)
    call_command("hall", "--dry-run")
    out = capsys.readouterr().out
    assert "Das Turnier im Netz der Halle" not in out
    assert f"http://{WSL_ADDRESS}" not in out and "aushang.pdf" not in out
    assert f"{WSL_ADDRESS} ist die interne Adresse von WSL" in out
    # (a) mirrored networking
    assert "%UserProfile%\\.wslconfig" in out
    assert "       [wsl2]\n       networkingMode=mirrored\n" in out
    assert "wsl --shutdown" in out
    # (b) Windows' port forwarding and its firewall, on the hall's port, to WSL's address
    assert (
        "netsh interface portproxy add v4tov4 listenport=8001 listenaddress=0.0.0.0 "
        f"connectport=8001 connectaddress={WSL_ADDRESS}\n"
    ) in out
    assert (
        'New-NetFirewallRule -DisplayName "Schafkopf" -Direction Inbound -LocalPort 8001 '
        "-Protocol TCP -Action Allow\n"
    ) in out
    assert "ipconfig" in out and "make hall HALL_ADDRESS=… HALL_PORT=8001" in out
    assert "Handbuch: http://127.0.0.1:8001/hilfe/#wsl-netz" in out
    assert "nur auf diesem Laptop erreichbar: http://127.0.0.1:8001/" in out
    assert "SITE_URL=http://127.0.0.1:8001\n" in out
    assert out.rstrip().endswith("--bind 127.0.0.1:8001")


@pytest.mark.django_db
def test_behind_the_nat_the_windows_address_given_goes_on_the_hall_notice(
    example_tournament, nat, monkeypatch, capsys
):
    monkeypatch.setenv("HALL_ADDRESS", WINDOWS_ADDRESS)
    monkeypatch.delenv("HALL_PORT", raising=False)
    monkeypatch.delenv("SITE_URL", raising=False)
    call_command("hall", "--dry-run")
    out = capsys.readouterr().out
    assert "Das Turnier im Netz der Halle: http://192.168.1.50:8000/" in out
    url = "http://192.168.1.50:8000/turnier/beispielturnier-2026/leitung/aushang.pdf"
    assert f"Beispielturnier 2026: {url}" in out
    assert f"an die WSL-Adresse {WSL_ADDRESS} weiterleiten" in out
    assert "netsh interface portproxy delete v4tov4 listenport=8000 listenaddress=0.0.0.0\n" in out
    forwarding = "listenport=8000 listenaddress=0.0.0.0 connectport=8000 connectaddress="
    assert f"{forwarding}{WSL_ADDRESS}\n" in out
    assert f"http://{WSL_ADDRESS}" not in out
    assert "SITE_URL=http://192.168.1.50:8000\n" in out
    assert out.rstrip().endswith("--bind 0.0.0.0:8000")


@pytest.mark.django_db
def test_under_mirrored_networking_the_command_announces_the_address_found(
    example_tournament, mirrored, monkeypatch, capsys
):
    for name in ("HALL_ADDRESS", "HALL_PORT", "SITE_URL"):
        monkeypatch.delenv(name, raising=False)
    call_command("hall", "--dry-run")
    out = capsys.readouterr().out
    assert "Das Turnier im Netz der Halle: http://192.168.1.50:8000/" in out
    assert "Beispielturnier 2026: http://192.168.1.50:8000/turnier/" in out
    assert "WSL mit gespiegeltem Netz (mirrored)" in out and "Port 8000 hereinlassen" in out
    assert "netsh" not in out and "nur auf diesem Laptop" not in out
    assert out.rstrip().endswith("--bind 192.168.1.50:8000 --bind 127.0.0.1:8000")


@pytest.mark.django_db
def test_on_a_plain_linux_the_command_is_as_before_in_any_network(
    example_tournament, found, monkeypatch, capsys
):
    for name in ("HALL_ADDRESS", "HALL_PORT", "SITE_URL"):
        monkeypatch.delenv(name, raising=False)
    found(WSL_ADDRESS)  # a hall's network may be 172.16.0.0/12 too
    call_command("hall", "--dry-run")
    out = capsys.readouterr().out
    assert f"Das Turnier im Netz der Halle: http://{WSL_ADDRESS}:8000/" in out
    assert "WSL" not in out and "netsh" not in out
    assert out.rstrip().endswith(f"--bind {WSL_ADDRESS}:8000 --bind 127.0.0.1:8000")
