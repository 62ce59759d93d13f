"""gunicorn's threaded worker with a lane of its own for reads (config/gunicorn.conf.py).

gunicorn's `gthread` worker hands every connection to one pool of threads, first come first
served. When 250 tables send their first game at once, the saves fill that queue, and a
phone's poll (`stand/?seit=…`, answered from the shared cache in about a millisecond) waited
seconds behind them (before the lane for reads: polls p95 1.3-8.9 s in the burst).

`LanesWorker` looks at the first bytes of a new request without taking them (`MSG_PEEK`): a
GET or HEAD goes to a pool of `GUNICORN_READ_THREADS` threads of its own, everything else to
the usual pool of `GUNICORN_THREADS`. A read then waits only behind other reads. A new
connection whose first bytes have not arrived yet waits on the worker's poller, as gunicorn
keeps a slow client waiting, and is judged once they are there.

It is built on the internals of gunicorn 27's `gthread` worker (`enqueue_req`, the pending
connections and their poller), pinned in requirements.txt; tests/web/test_gunicorn_lanes.py
runs it for real, so an upgrade that changes them fails there. ``TUNED_GUNICORN_LANES=0`` (or
``PLAIN_LIBRARIES=1``) runs gunicorn's own `gthread` worker instead (config/gunicorn.conf.py).
"""

from __future__ import annotations

import os
import selectors
import socket
import time
from concurrent import futures
from functools import partial

from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

#: The request lines that only read.
READS = (b"GET ", b"HEAD ")


def first_bytes(sock: socket.socket) -> bytes | None:
    """The first bytes waiting on `sock`, left there for the request's parser; None when none
    have arrived yet."""
    try:
        return sock.recv(5, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return None
    except OSError:  # the client went away: the usual pool finds out
        return b""


def is_read(sock: socket.socket) -> bool:
    """Whether the request waiting on `sock` is a GET or HEAD, judged from its first bytes."""
    return _reads(first_bytes(sock))


def _reads(head: bytes | None) -> bool:
    return (head or b"").startswith(READS)


class LanesWorker(ThreadWorker):
    """`gthread` with a pool of threads for reads beside the pool for everything else."""

    def init_process(self) -> None:
        self.read_pool = futures.ThreadPoolExecutor(
            max_workers=read_threads(), thread_name_prefix="reads"
        )
        super().init_process()

    def enqueue_req(self, conn) -> None:
        head = first_bytes(conn.sock)  # looked at once per request
        if head is None and not conn.initialized and not conn.data_ready:
            self._wait_for_bytes(conn)
            return
        pool = self.read_pool if _reads(head) else self.tpool
        done = pool.submit(self.handle, conn)
        done.add_done_callback(
            lambda future: self.method_queue.defer(self.finish_request, conn, future)
        )

    def _wait_for_bytes(self, conn) -> None:
        """Onto the poller until the client sends (gunicorn's own way with a slow client:
        `on_pending_socket_readable` hands it back here, and `murder_pending` closes it after
        the keep-alive time)."""
        conn.sock.setblocking(False)
        conn.timeout = time.monotonic() + self.cfg.keepalive
        self.pending_conns.append(conn)
        self.poller.register(
            conn.sock, selectors.EVENT_READ, partial(self.on_pending_socket_readable, conn)
        )


def read_threads() -> int:
    """`GUNICORN_READ_THREADS` (default 2; config/gunicorn.conf.py refuses a bad value)."""
    value = os.environ.get("GUNICORN_READ_THREADS", "").strip()
    return int(value) if value.isdecimal() and int(value) > 0 else 2
