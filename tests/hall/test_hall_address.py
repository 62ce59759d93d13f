"""`make hall`: the laptop's address in the hall's network, the server's environment made of it,
the SITE_URL setting, and what `manage.py hall` prints."""

from __future__ import annotations

import socket

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command

from config.env import env_site_url
from tournament.hall import network
from tournament.hall.network import (
    HallError,
    HallSite,
    gunicorn_command,
    hall_environment,
    hall_site,
)


def test_the_address_found_is_this_machines_own():
    """The interface of the default route (or, without one, the machine's own address): one
    a server can listen on."""
    site = hall_site({})
    assert site.port == 8000
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as trial:
        trial.bind((site.address, 0))  # raises unless the address is this machine's


def test_the_default_route_gives_the_address_of_the_connected_socket(monkeypatch):
    class Probe:
        def __init__(self, *args):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *args):
            return False

        def connect(self, address):
            assert address == network.PROBE  # an outside address; UDP sends nothing

        def getsockname(self):
            return ("192.168.1.23", 54321)

    monkeypatch.setattr(network.socket, "socket", Probe)
    assert hall_site({}) == HallSite("192.168.1.23", 8000)


def test_without_a_route_the_machines_own_address_then_loopback_is_taken(monkeypatch):
    monkeypatch.setattr(network, "default_route_address", lambda: None)
    monkeypatch.setattr(network, "host_addresses", lambda: ["10.0.0.7"])
    assert hall_site({}) == HallSite("10.0.0.7", 8000)
    monkeypatch.setattr(network, "host_addresses", lambda: [])
    site = hall_site({})
    assert (site.address, site.found) == ("127.0.0.1", False)


def test_hall_address_and_port_override(monkeypatch):
    monkeypatch.setattr(network, "default_route_address", lambda: "192.168.1.23")
    assert hall_site({"HALL_ADDRESS": "10.1.2.3", "HALL_PORT": "8080"}) == HallSite(
        "10.1.2.3", 8080
    )
    site = hall_site({"HALL_ADDRESS": "[fd00::17]"})
    assert site.url == "http://[fd00::17]:8000" and site.host == "[fd00::17]"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("HALL_ADDRESS", "turnierhalle"),
        ("HALL_ADDRESS", "192.168.1.300"),
        ("HALL_PORT", "0"),
        ("HALL_PORT", "70000"),
        ("HALL_PORT", "acht"),
    ],
)
def test_a_wrong_address_or_port_is_refused(name, value):
    with pytest.raises(HallError) as refused:
        hall_site({name: value})
    assert refused.value.name == name


def test_the_server_allows_the_hall_address_and_prints_links_on_it():
    site = HallSite("192.168.1.23", 8000)
    environment = hall_environment(site, {"PATH": "/bin", "DJANGO_SECURE": "1"})
    assert environment["DJANGO_ALLOWED_HOSTS"] == "127.0.0.1,localhost,[::1],192.168.1.23"
    assert environment["SITE_URL"] == "http://192.168.1.23:8000"
    assert environment["DJANGO_SECURE"] == "0"  # plain HTTP in the hall
    assert environment["DJANGO_DEBUG"] == "0"
    assert environment["PATH"] == "/bin"


def test_given_hosts_and_a_given_site_url_are_kept_and_allowed():
    site = HallSite("192.168.1.23", 8000)
    environment = hall_environment(
        site, {"DJANGO_ALLOWED_HOSTS": "turnier.local", "SITE_URL": "http://schafkopf.lan:8000"}
    )
    assert environment["SITE_URL"] == "http://schafkopf.lan:8000"
    assert environment["DJANGO_ALLOWED_HOSTS"] == "turnier.local,192.168.1.23,schafkopf.lan"


def test_gunicorn_runs_as_for_make_serve_on_the_hall_address_and_on_loopback():
    command = gunicorn_command(HallSite("192.168.1.23", 8000), "/venv/bin/gunicorn")
    assert command[:2] == ["/venv/bin/gunicorn", "-c"]
    assert command[2].endswith("config/gunicorn.conf.py")
    assert command[3:] == ["--bind", "192.168.1.23:8000", "--bind", "127.0.0.1:8000"]
    loopback = gunicorn_command(HallSite("127.0.0.2", 8144), "gunicorn")
    assert loopback[3:] == ["--bind", "127.0.0.2:8144"]


@pytest.mark.parametrize(
    ("value", "read"),
    [
        ("", ""),
        ("http://192.168.1.23:8000/", "http://192.168.1.23:8000"),
        ("https://turnier.example.org", "https://turnier.example.org"),
        ("http://[fd00::17]:8000", "http://[fd00::17]:8000"),
    ],
)
def test_site_url_is_read_without_its_trailing_slash(monkeypatch, value, read):
    monkeypatch.setenv("SITE_URL", value)
    assert env_site_url("SITE_URL") == read


@pytest.mark.parametrize(
    "value", ["192.168.1.23:8000", "ftp://host", "http://", "http://host/?a=1", "http://h:x"]
)
def test_a_site_url_that_is_no_address_stops_the_start(monkeypatch, value):
    monkeypatch.setenv("SITE_URL", value)
    with pytest.raises(ImproperlyConfigured, match="SITE_URL"):
        env_site_url("SITE_URL")


@pytest.mark.django_db
def test_the_command_prints_the_address_and_the_hall_notice_of_each_open_tournament(
    example_tournament, monkeypatch, capsys
):
    monkeypatch.setenv("HALL_ADDRESS", "192.168.1.23")
    monkeypatch.setenv("HALL_PORT", "8001")
    monkeypatch.delenv("SITE_URL", raising=False)
    call_command("hall", "--dry-run")
    out = capsys.readouterr().out
    assert "Das Turnier im Netz der Halle: http://192.168.1.23:8001/" in out
    url = "http://192.168.1.23:8001/turnier/beispielturnier-2026/leitung/aushang.pdf"
    assert f"Beispielturnier 2026: {url}" in out
    assert "SITE_URL=http://192.168.1.23:8001" in out
    assert "--bind 192.168.1.23:8001 --bind 127.0.0.1:8001" in out


@pytest.mark.django_db
def test_the_command_refuses_a_wrong_port_in_german(monkeypatch):
    monkeypatch.setenv("HALL_PORT", "achttausend")
    with pytest.raises(CommandError, match="HALL_PORT=achttausend ist kein Port"):
        call_command("hall", "--dry-run")
