"""The faults a print job meets in a hall, with real processes: `manage.py task_workers` and its
worker against a PostgreSQL of the module's own (tests/jobs/conftest.py; each test on its own copy
of the database seeded once), the signed sheets of a Durchgang of 20 tables rendered by the
worker's pool.

- the database stops in the middle of the print: no worker is left hanging, and the next job
  runs without anybody restarting anything (and the print itself is finished, resumed);
- the disk is full in the middle of the print (a file-size bound on the workers): the job fails
  naming the full disk, leaves no file and no folder behind, and the next job runs;
- a worker that hangs (stopped, it beats no more) is ended and replaced by its supervisor, and
  counted as hung, not as working, meanwhile;
- the supervisor is killed with SIGKILL: its worker does not finish the job as an orphan, and a
  new supervisor ends what a dead one left; the job is finished once;
- a worker stopped by an error ends although a thread of it waits on a pipe for ever.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import time

import pytest

from tests.jobs.helpers import ROOT, Supervisor, environment, job_await, job_start, manage
from tests.processes import alive, ended
from tournament.system.ports import free_port
from tournament.system.processes import process_runs

pytestmark = pytest.mark.slow

SLUG = "fehler-turnier"
COPIES = itertools.count(1)
OUTAGE = 10.0  # seconds without the database, as in the hall
#: Prints the workers a fresh sign of life counts as working and as hung.
SIGNS = """
from tournament.jobs.workers import workers_alive, workers_hung
print(workers_alive(), workers_hung()[0])
"""


@pytest.fixture(scope="module")
def seeded(module_postgres, tmp_path_factory):
    """The module's PostgreSQL with the database `turnier` migrated and seeded once: a
    tournament of 80 players (Durchgang 1: 20 tables). Nobody connects to it afterwards: each
    test works on a copy."""
    media = tmp_path_factory.mktemp("seed-media")
    env = environment(module_postgres.url, media)
    manage(env, "migrate", "--no-input")
    manage(env, "seed_demo", "--players", "80", "--durchgaenge", "1", "--slug", SLUG)
    return module_postgres


@pytest.fixture
def hall(seeded, tmp_path):
    """The seeded tournament in a database of this test's own (a copy); jobs that are taken
    for dead after 10 s without a heartbeat."""
    url = seeded.database(f"halle_{next(COPIES)}", template="turnier")
    env = environment(url, tmp_path / "media", JOB_STALE_SECONDS="10")
    supervisors: list[Supervisor] = []
    yield env, supervisors
    for supervisor in supervisors:
        supervisor.end()


def print_running(env: dict[str, str]) -> str:
    """The signed sheets of Durchgang 1 started, once a worker is at them."""
    job = job_start(env, "sheets", SLUG, durchgang=1)
    assert job_await(env, job, "running", "ready", "failed")[0] == "running"
    return job


def test_a_print_cut_by_a_stopped_database_leaves_no_worker_hanging(seeded, hall):
    env, supervisors = hall
    supervisor = Supervisor(env)
    supervisors.append(supervisor)
    supervisor.worker()
    job = print_running(env)

    seeded.stop()
    time.sleep(OUTAGE)
    seeded.start()

    excel = job_start(env, "workbook", SLUG)
    assert job_await(env, excel, "ready", "failed")[0] == "ready", supervisor.log
    state, attempts, message = job_await(env, job, "ready", "failed")
    assert state == "ready", (message, supervisor.log)
    assert supervisor.process.poll() is None, supervisor.log


def test_a_print_cut_by_a_full_disk_fails_saying_so_and_the_next_job_runs(hall, tmp_path):
    """The disk is full: the workers may write no file larger than 32 KB (RLIMIT_FSIZE), so
    the first chunk of the print (5 tables, some 100 KB) is cut off. Then space is freed (the
    bound lifted, on the same worker) and a job queued afterwards runs on that worker."""
    env, supervisors = hall
    full = 32 * 1024

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (full, resource.RLIM_INFINITY))

    supervisor = Supervisor(env, preexec=small_files)
    supervisors.append(supervisor)
    worker = supervisor.worker()
    job = job_start(env, "sheets", SLUG, durchgang=1)

    state, attempts, message = job_await(env, job, "ready", "failed")
    assert (state, attempts) == ("failed", 1), supervisor.log
    assert message.startswith("Die Festplatte des Servers ist voll"), message
    assert not (tmp_path / "media" / "jobs" / job).exists()  # no file, no folder left behind

    unbounded = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
    resource.prlimit(worker, resource.RLIMIT_FSIZE, unbounded)  # space freed
    excel = job_start(env, "workbook", SLUG)
    assert job_await(env, excel, "ready", "failed")[0] == "ready", supervisor.log
    assert "exited" not in supervisor.log  # the same worker: nobody had to start one


def test_a_hung_worker_is_counted_as_hung_then_ended_and_replaced(hall):
    env, supervisors = hall
    # Taken for hung after 5 s without a beat (15 s in use), a first beat within 15 s (60 s).
    supervisor = Supervisor(env, judged=("--silent-after", "5", "--start-within", "15"))
    supervisors.append(supervisor)
    first = supervisor.worker()
    assert manage(env, "shell", "-c", SIGNS).split()[-2:] == ["1", "0"]

    os.kill(first, signal.SIGSTOP)  # it runs, but does nothing any more: it beats no more
    supervisor.next_match(re.compile(rf"Task worker 1 \(pid {first}\) does not answer"))
    assert manage(env, "shell", "-c", SIGNS).split()[-2:] == ["0", "1"]
    second = supervisor.worker()
    assert second != first and ended([first])

    excel = job_start(env, "workbook", SLUG)
    assert job_await(env, excel, "ready", "failed")[0] == "ready", supervisor.log


def test_a_killed_supervisors_worker_ends_and_its_job_is_finished_once(hall, tmp_path):
    env, supervisors = hall
    old = Supervisor(env)
    supervisors.append(old)
    worker = old.worker()
    job = print_running(env)

    old.kill()  # SIGKILL: no word to its worker
    assert ended([worker]), "the worker finishes its job as an orphan"
    new = Supervisor(env)
    supervisors.append(new)
    new.worker()

    state, attempts, message = job_await(env, job, "ready", "failed")
    assert (state, attempts) == ("ready", 2), (message, old.log, new.log)
    made = list((tmp_path / "media" / "jobs" / job).iterdir())
    assert [p.suffix for p in made] == [".pdf"], made  # one file; its chunks are gone


def test_a_new_supervisor_ends_the_workers_a_dead_one_left(hall):
    """A worker whose supervisor died and that did not notice (its supervisor's sign names it):
    the next supervisor of the machine ends it before it starts its own."""
    env, supervisors = hall
    gone = subprocess.Popen(["true"])  # its pid runs no more
    gone.wait()
    left = subprocess.Popen(
        [sys.executable, "manage.py", "job_worker", "--interval", "0.5"], cwd=ROOT, env=env
    )
    try:
        sign = (
            "from tournament.jobs.workers import workers_sign\n"
            f"workers_sign('{socket.gethostname()}:{gone.pid}', 1, pids=[{left.pid}])"
        )
        manage(env, "shell", "-c", sign)
        supervisor = Supervisor(env)
        supervisors.append(supervisor)
        supervisor.next_match(re.compile(rf"Ending task worker pid {left.pid}, left by"))
        left.wait(timeout=60)
        assert not alive(left.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            left.kill()
        left.wait(timeout=30)


def test_a_process_is_told_by_its_command_so_that_a_pid_taken_again_is_left_alone():
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert process_runs(sleeper.pid, b"time.sleep")
        assert not process_runs(sleeper.pid, b"job_worker")  # a pid taken by another program
    finally:
        sleeper.kill()
        sleeper.wait()
    assert not process_runs(sleeper.pid, b"time.sleep")


#: A thread that is no daemon and waits for ever on a pipe nobody writes to, as a render's
#: thread did whose processes were killed: put into the worker at its start.
STUCK_THREAD = """
import os, threading
_read, _write = os.pipe()
threading.Thread(target=os.read, args=(_read, 1), name="stuck-on-a-pipe").start()
"""


def test_a_worker_that_stops_by_an_error_ends_although_a_thread_of_it_waits_on_a_pipe(tmp_path):
    """The worker's loop meets an error it does not catch (no database answers): it logs that
    it stopped by an error, and then ends, although one of its threads waits for ever. Before,
    such a worker stayed, alive to its supervisor, until somebody killed it."""
    (tmp_path / "sitecustomize.py").write_text(STUCK_THREAD)
    env = environment(
        f"postgres://postgres@127.0.0.1:{free_port()}/nichts",  # nothing listens there
        tmp_path / "media",
        PYTHONPATH=str(tmp_path),
    )
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "job_worker", "--no-startup-delay"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        output, _ = worker.communicate(timeout=90)
    except subprocess.TimeoutExpired:
        worker.kill()
        output, _ = worker.communicate()
        raise AssertionError("the worker did not end:\n" + output) from None
    assert worker.returncode != 0
    assert "job_worker --no-startup-delay stopped by an error" in output
    assert "did not end within 10 s; ended" in output
