"""The hall's tests run as on a plain Linux, wherever they run (WSL too): the signs of WSL are
read from a fake /proc of a Debian kernel, without WSL's variables and without `wslinfo`. The
tests of WSL (test_wsl.py) fake its signs on top."""

from __future__ import annotations

import pytest

from tournament.hall import network
from tournament.hall.wsl import Signs


@pytest.fixture
def fake_proc(tmp_path):
    """A /proc with a plain Linux kernel's name; a test writes WSL's signs into it."""
    proc = tmp_path / "proc"
    (proc / "sys" / "kernel").mkdir(parents=True)
    (proc / "sys" / "kernel" / "osrelease").write_text("6.1.0-28-amd64\n")
    (proc / "version").write_text("Linux version 6.1.0-28-amd64 (debian-kernel@lists.debian.org)\n")
    return proc


@pytest.fixture(autouse=True)
def plain_linux(monkeypatch, fake_proc, tmp_path):
    for name in ("WSL_DISTRO_NAME", "WSL_INTEROP"):
        monkeypatch.delenv(name, raising=False)
    signs = Signs(proc=fake_proc, wslinfo=str(tmp_path / "no-wslinfo"))
    monkeypatch.setattr(network, "SIGNS", signs)
    return signs
