"""A PostgreSQL server of the test's own (or of the module's tests, each with a database of its
own), which the test may stop and start (a database outage):
Debian's binaries (`/usr/lib/postgresql/<version>/bin`), a cluster in a temporary folder, a free
port on 127.0.0.1, no fsync. PostgreSQL refuses to run as root: as root (this machine, CI) the
server runs as the `postgres` system user. Skipped where the binaries or that user are missing."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tournament.system.ports import free_port


@dataclass
class OwnPostgres:
    """A running cluster: `url` is its database as a `DATABASE_URL`."""

    bin: Path
    folder: Path
    port: int
    runner: list[str]
    url: str = ""

    def _run(self, *command: str, timeout: float = 60) -> None:
        done = subprocess.run(
            [*self.runner, *command], capture_output=True, text=True, timeout=timeout
        )
        if done.returncode:
            raise subprocess.SubprocessError(f"{' '.join(command)}:\n{done.stdout}{done.stderr}")

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            str(self.bin / "pg_ctl"), "start", "-w", "-D", str(self.folder / "data"),
            "-l", str(self.folder / "server.log"), "-o", options,
        )  # fmt: skip

    def database(self, name: str, template: str | None = None) -> str:
        """Create the database `name` (a copy of `template`, which nobody may be connected to)
        and return it as a `DATABASE_URL`."""
        copy = ["-T", template] if template else []
        self._run(
            str(self.bin / "createdb"), "-h", str(self.folder), "-p", str(self.port),
            "-U", "postgres", *copy, name,
        )  # fmt: skip
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        self._run(
            str(self.bin / "pg_ctl"), "stop", "-w", "-m", "fast", "-D", str(self.folder / "data")
        )


def _binaries() -> Path | None:
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parent.parent.name
    )
    return found[-1].parent if found else None


@contextlib.contextmanager
def _own_postgres() -> Iterator[OwnPostgres]:
    binaries = _binaries()
    if binaries is None:
        pytest.skip("no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb)")
    runner: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="own-postgres-"))
    if os.geteuid() == 0:  # PostgreSQL will not run as root
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(folder)
            pytest.skip("running as root without a 'postgres' system user to run PostgreSQL")
        os.chown(folder, user.pw_uid, user.pw_gid)
        runner = ["runuser", "-u", "postgres", "--"]
    server = OwnPostgres(binaries, folder, free_port(), runner)
    try:
        server._run(
            str(binaries / "initdb"), "-D", str(folder / "data"), "-U", "postgres",
            "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8",
        )  # fmt: skip
        server.start()
        server.url = server.database("turnier")
        yield server
    finally:
        with contextlib.suppress(subprocess.SubprocessError):
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def own_postgres() -> Iterator[OwnPostgres]:
    """A server for this test alone, its database `turnier` empty."""
    with _own_postgres() as server:
        yield server


@pytest.fixture(scope="module")
def module_postgres() -> Iterator[OwnPostgres]:
    """A server the tests of one module share: each test takes a database of its own, a copy
    of one the module prepared once (`OwnPostgres.database(name, template=…)`)."""
    with _own_postgres() as server:
        yield server
