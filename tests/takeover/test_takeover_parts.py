"""The take-over's plain parts: which folder holds the copy, hall.json read leniently, whether
this laptop holds the hall's address, the lines printed to give it the address, the database
moved aside and the secret key written readable by the owner only."""

from __future__ import annotations

import json
import socket
from datetime import datetime

import pytest

from tournament.replication.layout import copy_root, db_replica, hall_path
from tournament.takeover.address import (
    BUSY,
    FOREIGN,
    FREE,
    address_state,
    default_interface,
    linux_commands,
)
from tournament.takeover.guidance import address_guidance
from tournament.takeover.restore import install, install_secret_key
from tournament.takeover.source import SourceError, copy_source


@pytest.fixture
def stick(tmp_path):
    (db_replica(tmp_path) / "ltx" / "0").mkdir(parents=True)
    return tmp_path


@pytest.mark.parametrize("given", ["stick", "root", "db"])
def test_the_copy_is_found_from_the_stick_its_folder_or_its_db(stick, given):
    folder = {"stick": stick, "root": copy_root(stick), "db": db_replica(stick)}[given]
    assert copy_source(folder).root == copy_root(stick)


def test_no_copy_and_no_folder_are_told_apart(tmp_path):
    with pytest.raises(SourceError) as empty:
        copy_source(tmp_path)
    assert empty.value.what == "replica"
    with pytest.raises(SourceError) as missing:
        copy_source(tmp_path / "not-there")
    assert missing.value.what == "folder"


def test_hall_json_is_read_and_bad_values_are_unknown(stick):
    source = copy_source(stick)
    assert source.hall().address == ""  # no file yet
    hall_path(stick).write_text(json.dumps({"address": "192.168.1.23", "port": 8000}))
    assert (source.hall().address, source.hall().port) == ("192.168.1.23", 8000)
    hall_path(stick).write_text(json.dumps({"address": "evil; rm -rf", "port": "99999"}))
    assert (source.hall().address, source.hall().port) == ("", 0)
    hall_path(stick).write_text("not json")
    assert source.hall().address == ""


def test_the_address_is_free_foreign_or_busy():
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        port = listening.getsockname()[1]
        assert address_state("127.0.0.1", port) == BUSY
    assert address_state("127.0.0.1", port) == FREE
    assert address_state("192.0.2.77", port) == FOREIGN  # TEST-NET-1: never this machine's


def test_the_printed_line_names_the_default_routes_interface(tmp_path):
    route = tmp_path / "route"
    route.write_text(
        "Iface\tDestination\tGateway\tFlags\n"
        "wlp2s0\t0001A8C0\t00000000\t0001\n"
        "wlp2s0\t00000000\t0101A8C0\t0003\n"
    )
    assert default_interface(route) == "wlp2s0"
    assert linux_commands("192.168.1.23", "wlp2s0") == [
        "sudo ip address add 192.168.1.23/24 dev wlp2s0"
    ]
    assert default_interface(tmp_path / "none") is None


def test_the_supervisor_is_told_in_german_how_to_give_this_laptop_the_address():
    warning, *lines = address_guidance("192.168.1.23", 300)
    assert warning.startswith("Dieser Laptop hat die Adresse der Halle 192.168.1.23 noch nicht.")
    text = "\n".join(lines)
    assert "Router der Halle: die reservierte Adresse 192.168.1.23 diesem Laptop geben" in text
    assert any(
        line.strip().startswith("sudo ip address add 192.168.1.23/24 dev ") for line in lines
    )
    assert any("New-NetIPAddress" in line and "192.168.1.23" in line for line in lines)
    assert lines[-1] == "Warte auf die Adresse (höchstens 5 Minuten; Strg+C bricht ab) …"


def test_the_database_there_is_moved_aside_with_its_wal_never_overwritten(tmp_path):
    database = tmp_path / "db.sqlite3"
    database.write_text("old")
    (tmp_path / "db.sqlite3-wal").write_text("old wal")
    stage = tmp_path / "db.sqlite3.uebernahme"
    stage.write_text("restored")
    done = install(stage, database, datetime(2026, 11, 28, 21, 5, 9))
    assert database.read_text() == "restored"
    assert done.moved_aside == tmp_path / "db.sqlite3.vor-uebernahme-20261128-210509"
    assert done.moved_aside.read_text() == "old"
    assert (tmp_path / "db.sqlite3.vor-uebernahme-20261128-210509-wal").read_text() == "old wal"
    assert not (tmp_path / "db.sqlite3-wal").exists() and not stage.exists()


def test_the_secret_key_is_written_for_the_owner_only_and_an_other_kept(tmp_path):
    key = tmp_path / "var" / "secret_key"
    assert install_secret_key("hall-key", key) is False
    assert key.read_text() == "hall-key\n" and key.stat().st_mode & 0o777 == 0o600
    key.write_text("home-key\n")
    assert install_secret_key("hall-key", key) is True
    assert (tmp_path / "var" / "secret_key.vor-uebernahme").read_text() == "home-key\n"
    assert key.read_text() == "hall-key\n"
