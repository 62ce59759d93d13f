"""The jobs' queue as on a server: jobs wait in the database until a task worker
(`manage.py db_worker`, run here in the test's process) takes them; one job per Durchgang however
many ask; any login (any app server) follows and downloads it; and a job whose worker died is run
again, or failed with a message after its last attempt — never left running."""

from __future__ import annotations

import threading
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection as db_connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.jobs.helpers import print_start, work_off
from tests.pdfs import pdf_page_count
from tests.waiting import until
from tournament.jobs import runner
from tournament.jobs.runner import job_execute
from tournament.models import Job
from tournament.sheets import pdf as sheets_pdf

pytestmark = pytest.mark.django_db(transaction=True)  # the worker commits as a server's would
SLUG = "beispielturnier-2026"
PATIENCE = 60  # seconds before a test that waits for a thread gives up (a hang, not a timing)


@pytest.fixture
def queue(settings):
    """Jobs go to the database backend's queue, as on a server, instead of running at once."""
    settings.JOBS_BACKEND = "database"


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def beaten(job: Job, since=None) -> bool:
    """Whether the job's heartbeat was written after `since` (by default: its start)."""
    job.refresh_from_db()
    return job.heartbeat_at > (since or job.started_at)


@pytest.mark.slow
def test_a_print_job_waits_for_a_worker_and_another_server_hands_it_out(
    clerk, other_clerk, supervisor, example_tournament, queue
):
    page_url = print_start(login(clerk))
    assert print_start(login(clerk)) == page_url  # a second request joins the waiting job
    excel = login(supervisor).post(reverse("manage:job_start", args=[SLUG, "excel"]))

    status = login(clerk).get(page_url + "stand/").json()
    assert (status["state"], status["place"], status["url"]) == ("queued", 1, "")
    assert "Platz 1" in status["message"]
    assert "Platz 2" in login(supervisor).get(excel["Location"]).content.decode()
    assert Job.objects.count() == 2 and DBTaskResult.objects.count() == 2

    work_off()

    status = login(clerk).get(page_url + "stand/").json()
    tables = example_tournament.durchgaenge.get(number=1).tables.count()
    assert (status["state"], status["done"], status["total"]) == ("ready", tables, tables)
    download = login(supervisor).get(status["url"])
    assert pdf_page_count(b"".join(download.streaming_content)) == tables
    assert login(supervisor).get(excel["Location"] + "stand/").json()["state"] == "ready"
    # A clerk of another tournament sees nothing of it.
    assert login(other_clerk).get(status["url"]).status_code == 403


def worker_died(attempts: int) -> None:
    """The worker that took the job was killed: its task is taken (no longer in line), the job
    says running, and its heartbeat stopped long ago."""
    DBTaskResult.objects.update(status="RUNNING")
    long_ago = timezone.now() - timedelta(minutes=10)
    Job.objects.update(state="running", attempts=attempts, heartbeat_at=long_ago)


@pytest.mark.slow
def test_a_job_whose_worker_died_goes_back_in_line_and_another_worker_finishes_it(
    clerk, example_tournament, queue
):
    page_url = print_start(login(clerk))
    worker_died(attempts=1)

    status = login(clerk).get(page_url + "stand/").json()

    assert (status["state"], status["place"]) == ("queued", 1)
    work_off()
    job = Job.objects.get()
    assert (job.state, job.attempts) == ("ready", 2)
    assert login(clerk).get(page_url + "stand/").json()["url"]


def test_a_job_whose_worker_died_at_its_last_attempt_fails_with_a_message(
    clerk, example_tournament, queue, settings
):
    page_url = print_start(login(clerk))
    worker_died(attempts=settings.JOB_ATTEMPTS)

    status = login(clerk).get(page_url + "stand/").json()

    assert status["state"] == "failed" and status["url"] == ""
    assert "antwortete nicht mehr" in status["message"]
    assert f"{settings.JOB_ATTEMPTS}" in status["message"]
    work_off()  # nothing left to run it
    assert Job.objects.get().state == "failed"


def test_a_new_request_does_not_join_a_job_whose_worker_died_for_good(
    clerk, example_tournament, queue, settings
):
    first = print_start(login(clerk))
    worker_died(attempts=settings.JOB_ATTEMPTS)

    second = print_start(login(clerk))

    assert second != first
    assert list(Job.objects.order_by("created_at").values_list("state", flat=True)) == [
        "failed",
        "queued",
    ]


def test_a_running_job_beats_its_heart_while_its_work_goes_on(
    client, clerk, example_tournament, settings, monkeypatch
):
    settings.JOB_HEARTBEAT_SECONDS = 0.05
    seen = []

    def slow_render(durchgang, progress, parts=None):
        # Reports no progress: only the heartbeat shows the job alive.
        job = Job.objects.get()
        if until(lambda: beaten(job), timeout=PATIENCE):
            seen.append(job.heartbeat_at)
        return b"%PDF-1.7 from the test"

    monkeypatch.setattr(sheets_pdf, "durchgang_sheets_pdf", slow_render)
    client.force_login(clerk)
    print_start(client)

    assert seen, "no heartbeat while the job ran"
    assert Job.objects.get().state == "ready"


def test_the_heartbeat_connects_anew_after_its_connection_broke(
    client, clerk, example_tournament, settings, monkeypatch
):
    """The database went away and came back while a job ran. The heartbeat's
    connection broke with it; the next beats connect anew instead of failing until the job ends
    (and the job is taken for dead)."""
    settings.JOB_HEARTBEAT_SECONDS = 0.05
    beats = 0
    real_now = runner.timezone.now

    def now():
        nonlocal beats
        if threading.current_thread().name.startswith("job-heartbeat-"):
            beats += 1
            if beats == 2:  # the first beat connected: now the server drops the connection
                db_connection.connection.close()
        return real_now()

    def slow_render(durchgang, progress, parts=None):
        job = Job.objects.get()
        if until(lambda: beaten(job) and beats >= 3, timeout=PATIENCE):
            broken_at = job.heartbeat_at
            seen.append(until(lambda: beaten(job, broken_at), timeout=PATIENCE))
        return b"%PDF-1.7 from the test"

    seen: list[bool] = []
    monkeypatch.setattr(runner.timezone, "now", now)
    monkeypatch.setattr(sheets_pdf, "durchgang_sheets_pdf", slow_render)
    client.force_login(clerk)
    print_start(client)

    assert seen == [True], "no heartbeat written after its connection broke"
    assert Job.objects.get().state == "ready"


class WorkerKilled(BaseException):
    """What a worker killed in the middle of a job leaves: nothing caught, nothing finished."""


@pytest.mark.slow
def test_a_print_job_taken_up_again_resumes_after_the_last_chunk_its_dead_worker_finished(
    clerk, example_tournament, queue, monkeypatch, settings
):
    """The worker dies after the first chunk of tables; the next worker renders only
    the rest, and the PDF still has one page per table."""
    page_url = print_start(login(clerk))
    job = Job.objects.get()
    rendered = []
    real = sheets_pdf.pdf_limited

    def render(function, documents, title):
        if rendered and dies:
            raise WorkerKilled
        rendered.append(len(documents))
        return real(function, documents, title)

    monkeypatch.setattr(sheets_pdf, "pdf_limited", render)
    dies = True
    with pytest.raises(WorkerKilled):
        job_execute(job.pk)  # the worker takes the job and dies in its second chunk
    first = list(rendered)
    parts = Path(settings.MEDIA_ROOT) / "jobs" / job.pk / "teile"
    assert len(first) == 1 and len(list(parts.glob("*.pdf"))) == 1

    worker_died(attempts=1)
    dies = False
    login(clerk).get(page_url + "stand/")  # a look puts the job back in line
    work_off()

    job.refresh_from_db()
    tables = example_tournament.durchgaenge.get(number=1).tables.count()
    assert (job.state, job.attempts) == ("ready", 2)
    assert sum(rendered[1:]) == tables - first[0]  # only the tables not done before
    status = login(clerk).get(page_url + "stand/").json()
    download = login(clerk).get(status["url"])
    assert pdf_page_count(b"".join(download.streaming_content)) == tables
    assert list(parts.glob("*.pdf")) == []  # the parts go once the whole file is made
