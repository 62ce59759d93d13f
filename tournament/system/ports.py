"""A free TCP port on this machine's loopback, for a server a command or a test starts itself
(the handbook's pictures, a test's PostgreSQL or mail server)."""

from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
