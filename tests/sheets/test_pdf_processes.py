"""The processes that render PDFs end with the worker that started them, however it
dies (killed with SIGKILL: out of memory, a hard stop), instead of rendering on for nobody.
Real processes: a worker with the pool of the signed sheets and one with the bounded render of
web/pdf.py, each killed; their children are gone moments later."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import alive, ended

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

POOL = """
import multiprocessing, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from tournament.sheets.pdf_worker import worker_setup

if __name__ == "__main__":
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(2, mp_context=context, initializer=worker_setup, initargs=(0,))
    with pool:
        list(pool.map(time.sleep, [0.5, 0.5]))
        print(" ".join(str(pid) for pid in pool._processes), flush=True)
        time.sleep(120)
"""

BOUNDED = """
import django, os, time
django.setup()
from tournament.web.pdf import pdf_limited

def render():
    print(os.getpid(), flush=True)
    time.sleep(120)
    return b""

pdf_limited(render)
"""


def started(script: str) -> tuple[subprocess.Popen, list[int]]:
    """The worker running `script`, and the children it printed once they run."""
    environment = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings_test")
    environment["PYTHONPATH"] = str(ROOT)
    worker = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    line = worker.stdout.readline() if worker.stdout else ""
    children = [int(pid) for pid in line.split()]
    assert children and all(alive(pid) for pid in children), line
    return worker, children


@pytest.mark.parametrize("script", [POOL, BOUNDED], ids=["signed-sheets-pool", "bounded-render"])
def test_the_pdf_processes_end_when_their_worker_is_killed(script):
    worker, children = started(script)
    try:
        worker.kill()  # SIGKILL: no cleanup of its own runs
        worker.wait(timeout=30)
        assert ended(children), "a PDF process outlived its worker"
    finally:
        for pid in children:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
