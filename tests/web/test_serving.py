"""Production serving: the health endpoint for the proxy or monitor, and gunicorn's settings
read from the environment."""

from __future__ import annotations

import multiprocessing
import runpy
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.urls import reverse
from django.utils import timezone

from tournament.jobs.workers import workers_sign
from tournament.models import Job, WorkerSign

pytestmark = pytest.mark.django_db

GUNICORN_CONF = Path(__file__).resolve().parents[2] / "config" / "gunicorn.conf.py"


def test_healthz_answers_ok_with_the_database_to_anybody_and_is_never_cached(client):
    workers_sign("saal:1234", 2)  # a `manage.py task_workers` with its two workers
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "task_workers": 2,
        "task_workers_hung": 0,
    }
    assert "no-store" in response["Cache-Control"]
    assert client.head(reverse("healthz")).status_code == 200


def test_healthz_and_a_waiting_job_say_when_no_task_worker_is_alive(client, supervisor, settings):
    """The supervisor of the workers died an hour ago (its sign is old): /healthz
    says that none runs, and a job waiting in line says so instead of its place, in German."""
    workers_sign("saal:1234", 1)
    WorkerSign.objects.update(seen_at=timezone.now() - timedelta(hours=1))
    settings.JOBS_BACKEND = "database"  # the job waits in line for a worker
    body = client.get(reverse("healthz")).json()
    assert (body["status"], body["task_workers"]) == ("ok", 0)
    assert body["message"] == "Es läuft kein Hintergrundprozess: Druckaufträge und Exporte warten."

    client.force_login(supervisor)
    started = client.post(reverse("manage:job_start", args=["beispielturnier-2026", "excel"]))
    status_url = started["Location"] + "stand/"
    assert "Platz 1" in client.get(status_url).json()["message"]  # just queued: its place
    Job.objects.update(created_at=timezone.now() - timedelta(minutes=2))
    message = client.get(status_url).json()["message"]
    assert message.startswith("Es läuft kein Hintergrundprozess: Der Auftrag wartet")
    workers_sign("saal:1234", 1)  # a worker is back: its place again
    assert "Platz 1" in client.get(status_url).json()["message"]


def test_healthz_and_the_job_pages_tell_a_hung_worker_from_a_working_one(
    client, supervisor, settings
):
    """A worker runs but stopped answering its supervisor (stuck, say, on a pipe to render
    processes that died): its supervisor counts it as hung, not as working. /healthz says so
    with the moment, a job waiting in line says that the background service does not answer
    since then (in German), and so does a running job whose heartbeat stopped; once the
    worker answers again, the waiting job shows its place."""
    since = timezone.now() - timedelta(seconds=40)
    workers_sign("saal:1234", 0, hung=1, since=since, pids=[4321])
    body = client.get(reverse("healthz")).json()
    assert (body["status"], body["task_workers"], body["task_workers_hung"]) == ("ok", 0, 1)
    clock = f"{timezone.localtime(since):%H:%M:%S}"
    assert body["message"] == (
        f"Ein Hintergrundprozess antwortet nicht seit {clock}; er wird neu gestartet."
    )

    settings.JOBS_BACKEND = "database"  # the job waits in line for a worker
    client.force_login(supervisor)
    started = client.post(reverse("manage:job_start", args=["beispielturnier-2026", "excel"]))
    status_url = started["Location"] + "stand/"
    answer = f"Der Hintergrunddienst antwortet nicht seit {clock}."
    assert client.get(status_url).json()["message"].startswith(answer)
    assert answer in client.get(started["Location"]).content.decode()

    stopped = timezone.now() - timedelta(seconds=30)  # not yet taken for dead (60 s)
    Job.objects.update(state="running", attempts=1, heartbeat_at=stopped)
    message = client.get(status_url).json()["message"]
    assert message.startswith(
        f"Der Hintergrunddienst antwortet nicht seit {timezone.localtime(stopped):%H:%M:%S}."
    )

    Job.objects.update(state="queued", attempts=0, heartbeat_at=None)
    workers_sign("saal:1234", 1)  # its supervisor started another, which works
    assert "Platz 1" in client.get(status_url).json()["message"]
    assert "task_workers_hung_since" not in client.get(reverse("healthz")).json()


def test_healthz_answers_503_with_a_message_when_the_database_fails(client, caplog):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"  # German once locale/de has it
    with mock.patch.object(connection, "cursor", side_effect=OperationalError("no server")):
        response = client.get(reverse("healthz"))
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error" and body["database"] == "error"
    assert body["message"] == "The database cannot be reached."
    assert "no server" not in response.content.decode()  # the cause goes to the log only
    assert "no server" in caplog.text
    assert "no-store" in response["Cache-Control"]


def test_healthz_takes_no_writes(client):
    assert client.post(reverse("healthz")).status_code == 405


def gunicorn_settings(monkeypatch, **environment) -> dict:
    for name in ("WEB_CONCURRENCY", "GUNICORN_BIND", "GUNICORN_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(GUNICORN_CONF))


def test_gunicorn_runs_a_threaded_worker_per_core_plus_one_on_localhost_by_default(
    monkeypatch, settings
):
    settings.TUNED_GUNICORN_LANES = True  # the default, also when the suite runs without tuning
    # Chosen by bench/phones.py (docs/performance.md): cores + 1 processes of 4 threads, and
    # 2 threads for reads beside them (config/gunicorn_lanes.py).
    conf = gunicorn_settings(monkeypatch)
    assert conf["workers"] == multiprocessing.cpu_count() + 1
    assert (conf["threads"], conf["worker_class"]) == (4, "config.gunicorn_lanes.LanesWorker")
    assert conf["bind"] == "127.0.0.1:8000"
    assert conf["wsgi_app"] == "config.wsgi:application"
    assert conf["accesslog"] == "-"  # the access log goes to stdout
    assert 30 <= conf["timeout"] <= 300


def test_gunicorn_takes_workers_and_address_from_the_environment(monkeypatch):
    conf = gunicorn_settings(monkeypatch, WEB_CONCURRENCY="3", GUNICORN_BIND="0.0.0.0:9000")
    assert conf["workers"] == 3
    assert conf["bind"] == "0.0.0.0:9000"


@pytest.mark.parametrize("value", ["many", "0", "-2"])
@pytest.mark.parametrize("name", ["WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_READ_THREADS"])
def test_gunicorn_refuses_a_count_that_is_no_positive_number(monkeypatch, name, value):
    with pytest.raises(SystemExit, match=name):
        gunicorn_settings(monkeypatch, **{name: value})


@pytest.mark.parametrize(
    ("args", "address"), [((), "127.0.0.1:8000"), (("PORT=8080",), "127.0.0.1:8080")]
)
def test_make_run_serves_on_the_port_given(args, address):
    import shutil
    import subprocess

    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    root = GUNICORN_CONF.parents[1]
    plan = subprocess.run(
        ["make", "-n", "run", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    assert f"runserver {address}" in plan
    assert f"http://{address}/" in plan
