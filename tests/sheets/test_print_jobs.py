"""Print jobs of a whole Durchgang's signed sheets are scheduled
(tournament/sheets/print_jobs.py): one job per Durchgang, a bounded number of renders at once, the
others in line with their place.

The renderer is replaced by one that counts its renders and holds each until the test releases
it, so the tests see exactly which jobs run while others wait; nothing is timed.
"""

from __future__ import annotations

import json
import threading
import time
from collections import defaultdict

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from tournament.sheets import print_jobs
from tournament.sheets.views import printing as views_printing

pytestmark = pytest.mark.django_db(transaction=True)  # the jobs' threads read the database
SLUG = "beispielturnier-2026"
PDF = b"%PDF-1.7 made by the test"
PATIENCE = 60  # seconds before a test that waits for a thread gives up (a hang, not a timing)


class Renderer:
    """Stands in for `durchgang_sheets_pdf`: records each render and holds it until released."""

    def __init__(self):
        self.started: list[tuple[str, int]] = []
        self.changed = threading.Condition()
        self.gates: defaultdict[tuple[str, int], threading.Event] = defaultdict(threading.Event)
        self.open = False  # every render from now on passes at once

    def __call__(self, durchgang, progress=lambda done, total: None) -> bytes:
        key = (durchgang.tournament.slug, durchgang.number)
        with self.changed:
            self.started.append(key)
            gate = self.gates[key]
            if self.open:
                gate.set()
            self.changed.notify_all()
        progress(0, durchgang.tables.count())
        assert gate.wait(PATIENCE), "the test never released the render"
        return PDF

    def wait_started(self, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.started) >= count, PATIENCE)

    def release(self, slug: str, number: int) -> None:
        with self.changed:
            self.gates[(slug, number)].set()

    def release_all(self) -> None:
        with self.changed:
            self.open = True
            for key in [*self.started, *self.gates]:
                self.gates[key].set()


def print_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("print-")]


def finish(job: str) -> None:
    """Wait until the thread of `job` has ended."""
    for thread in print_threads():
        if thread.name == f"print-{job}":
            thread.join(PATIENCE)
            assert not thread.is_alive()


@pytest.fixture
def renderer(monkeypatch, tmp_path):
    """The counting renderer, in a folder of jobs of this test; at the end every render is
    released and every job's thread must have ended, with no render left taken."""
    monkeypatch.setattr(print_jobs, "JOBS", tmp_path / "jobs")
    fake = Renderer()
    monkeypatch.setattr(views_printing, "durchgang_sheets_pdf", fake)
    yield fake
    fake.release_all()
    for thread in print_threads():
        thread.join(PATIENCE)
    assert print_threads() == []
    assert (print_jobs._running, print_jobs._line) == (0, [])


def start(client, slug: str, number: int) -> str:
    response = client.post(reverse("manage:sheets_print", args=[slug, number]))
    assert response.status_code == 302
    return response["Location"].rstrip("/").rsplit("/", 1)[1]


def status(client, slug: str, number: int, job: str) -> dict:
    return client.get(reverse("manage:sheets_print_status", args=[slug, number, job])).json()


def progress_page(client, slug: str, number: int, job: str) -> str:
    url = reverse("manage:sheets_print_progress", args=[slug, number, job])
    return client.get(url).content.decode()


def test_twelve_requests_at_once_to_print_one_durchgang_make_one_job_and_one_render(
    client, clerk, example_tournament, renderer
):
    clients = []
    for _n in range(12):
        clients.append(Client())
        clients[-1].force_login(clerk)
    ready = threading.Barrier(12)
    jobs: list[str] = []

    def post(browser):
        try:
            ready.wait(PATIENCE)
            jobs.append(start(browser, SLUG, 1))
        finally:
            connections.close_all()

    posting = [threading.Thread(target=post, args=(browser,)) for browser in clients]
    for thread in posting:
        thread.start()
    for thread in posting:
        thread.join(PATIENCE)

    assert len(jobs) == 12 and len(set(jobs)) == 1
    renderer.wait_started(1)
    client.force_login(clerk)
    assert status(client, SLUG, 1, jobs[0])["state"] == "running"
    assert start(client, SLUG, 1) == jobs[0]  # still running: joined again
    renderer.release(SLUG, 1)
    finish(jobs[0])
    assert renderer.started == [(SLUG, 1)]
    assert status(client, SLUG, 1, jobs[0])["state"] == "ready"
    download = client.get(status(client, SLUG, 1, jobs[0])["url"])
    assert b"".join(download.streaming_content) == PDF
    assert start(client, SLUG, 1) != jobs[0]  # once it is ready, a new request prints anew


def test_beyond_the_limit_jobs_wait_in_line_with_their_place_and_start_in_turn(
    client, clerk, example_tournament, evening, renderer, settings
):
    settings.PRINT_JOBS_AT_ONCE = 1
    client.force_login(clerk)
    durchgaenge = [(SLUG, 1), (SLUG, 2), ("abend", 1)]

    jobs = [start(client, slug, number) for slug, number in durchgaenge]
    renderer.wait_started(1)

    assert renderer.started == [(SLUG, 1)]
    states = [
        status(client, *durchgang, job) for durchgang, job in zip(durchgaenge, jobs, strict=True)
    ]
    assert [(s["state"], s["place"]) for s in states] == [
        ("running", 0),
        ("queued", 1),
        ("queued", 2),
    ]
    assert states[2]["message"].startswith("Warteschlange: Platz 2.")
    pages = [
        progress_page(client, *durchgang, job)
        for durchgang, job in zip(durchgaenge, jobs, strict=True)
    ]
    assert "Warteschlange" not in pages[0] and "0 von 3 Tischen" in pages[0]
    assert "Warteschlange: Platz 1." in pages[1]
    assert "Warteschlange: Platz 2." in pages[2]
    assert 'data-state="queued"' in pages[2] and 'http-equiv="refresh"' in pages[2]

    renderer.release(SLUG, 1)
    finish(jobs[0])
    renderer.wait_started(2)

    assert renderer.started == [(SLUG, 1), (SLUG, 2)]
    assert status(client, SLUG, 1, jobs[0])["state"] == "ready"
    assert status(client, SLUG, 2, jobs[1])["state"] == "running"
    assert "Warteschlange: Platz 1." in progress_page(client, "abend", 1, jobs[2])

    renderer.release(SLUG, 2)
    finish(jobs[1])
    renderer.wait_started(3)
    renderer.release("abend", 1)
    finish(jobs[2])

    assert renderer.started == durchgaenge
    assert [status(client, *d, job)["state"] for d, job in zip(durchgaenge, jobs, strict=True)] == [
        "ready"
    ] * 3


def test_a_job_of_the_durchgang_running_in_another_server_process_is_joined(
    client, clerk, example_tournament, renderer
):
    """The state files are shared: another process's running job is found by its file, and a
    job whose process stopped long ago (no write for `STALE` seconds) is not joined."""
    client.force_login(clerk)
    print_jobs.JOBS.mkdir(mode=0o700)
    running, stopped = "a" * 32, "b" * 32
    for job, updated in ((running, time.time()), (stopped, time.time() - print_jobs.STALE - 1)):
        state = {"job": job, "slug": SLUG, "durchgang": 1, "state": "running", "place": 0}
        state.update(done=1, total=3, updated=updated)
        (print_jobs.JOBS / f"{job}.json").write_text(json.dumps(state))

    assert start(client, SLUG, 1) == running
    assert renderer.started == [] and print_threads() == []

    (print_jobs.JOBS / f"{running}.json").unlink()
    fresh = start(client, SLUG, 1)

    assert fresh not in (running, stopped)
    renderer.wait_started(1)
    assert status(client, SLUG, 1, stopped)["state"] == "failed"


def test_a_download_made_in_the_request_waits_for_no_one_it_is_refused_while_renders_are_taken(
    client, clerk, example_tournament, renderer
):
    client.force_login(clerk)
    job = start(client, SLUG, 1)
    renderer.wait_started(1)
    direct = reverse("manage:sheets_pdf", args=[SLUG, 2])

    busy = client.get(direct)

    assert busy.status_code == 503
    assert "Gerade werden andere Spiellisten gedruckt" in busy.content.decode()
    assert renderer.started == [(SLUG, 1)]
    renderer.release_all()
    finish(job)
    made = client.get(direct)
    assert made.status_code == 200 and made.content == PDF
    assert renderer.started == [(SLUG, 1), (SLUG, 2)]
