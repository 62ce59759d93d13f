"""Errors reach the server's log with their traceback, also with DEBUG off (config/log.py): a
500 of any view, a print job that fails, and what a management command leaves uncaught. Standard
error always; the file named by DJANGO_LOG_FILE too."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import path, reverse

from config.log import FORMAT, Repeats, configure, logging_config
from tournament.sheets import pdf as sheets_pdf

ROOT = Path(__file__).resolve().parents[2]
TRACEBACK = "Traceback (most recent call last)"


def broken(request):
    raise RuntimeError("kaputt im View")


urlpatterns = [path("kaputt/", broken)]


@pytest.fixture
def log_file(tmp_path, capsys):
    """The site's logging as DJANGO_LOG_FILE sets it, loaded with dictConfig (its standard error
    is the one `capsys` reads); afterwards the logging of the settings again, with the handler
    to standard error that the test run began with (not one bound to `capsys`)."""
    root = logging.getLogger()
    before = [handler for handler in root.handlers if type(handler) is logging.StreamHandler]
    log = tmp_path / "server.log"
    configure(logging_config(str(log)))
    yield log
    configure(settings.LOGGING)
    for handler in root.handlers[:]:
        root.removeHandler(handler)
    for handler in before:
        root.addHandler(handler)


def test_the_settings_log_to_standard_error_through_the_project_s_configuration():
    assert settings.LOGGING_CONFIG == "config.log.configure"
    assert logging_config(None) == settings.LOGGING  # DJANGO_LOG_FILE is not set in the tests
    assert settings.LOGGING["root"]["handlers"] == ["stderr"]


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_view_that_raises_shows_the_german_500_page_and_logs_the_traceback(caplog):
    assert settings.DEBUG is False

    response = Client(raise_request_exception=False).get("/kaputt/")

    assert response.status_code == 500
    page = response.content.decode()
    assert "Serverfehler" in page and "kaputt" not in page
    (record,) = [r for r in caplog.records if r.name == "django.request"]
    assert record.levelno == logging.ERROR and record.exc_info[0] is RuntimeError
    assert TRACEBACK in caplog.text and "RuntimeError: kaputt im View" in caplog.text


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_with_a_log_file_the_traceback_of_a_500_goes_to_the_file_and_to_standard_error(
    log_file, capsys
):
    response = Client(raise_request_exception=False).get("/kaputt/")

    assert response.status_code == 500
    written = log_file.read_text(encoding="utf-8")
    assert "ERROR django.request [" in written and "Internal Server Error: /kaputt/" in written
    assert TRACEBACK in written and "RuntimeError: kaputt im View" in written
    assert "RuntimeError: kaputt im View" in capsys.readouterr().err


@pytest.mark.django_db
def test_a_print_job_that_fails_writes_its_traceback_to_the_log_file(
    client, clerk, example_tournament, log_file, monkeypatch
):
    def broken_render(durchgang, progress, parts=None):
        raise RuntimeError("kaputt im Druck")

    monkeypatch.setattr(sheets_pdf, "durchgang_sheets_pdf", broken_render)
    client.force_login(clerk)

    started = client.post(reverse("manage:sheets_print", args=["beispielturnier-2026", 1]))
    page = client.get(started["Location"]).content.decode()

    assert "Der Auftrag ist fehlgeschlagen." in page and "kaputt" not in page
    written = log_file.read_text(encoding="utf-8")
    assert "ERROR tournament.jobs.runner [" in written
    assert "failed" in written and "(sheets)" in written
    assert TRACEBACK in written and "RuntimeError: kaputt im Druck" in written


def test_a_management_command_s_uncaught_error_and_a_thread_s_are_logged_with_traceback(
    tmp_path,
):
    log = tmp_path / "commands.log"
    code = (
        "import threading\n"
        "t = threading.Thread(target=lambda: 1 / 0, name='nebenher')\n"
        "t.start(); t.join()\n"
        "raise RuntimeError('kaputt im Befehl')\n"
    )
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "test-only-insecure-key-not-for-any-deployment",
        "DJANGO_LOG_FILE": str(log),
    }

    finished = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )

    assert finished.returncode == 1
    written = log.read_text(encoding="utf-8")
    assert "ERROR config.log [" in written and "thread nebenher stopped by an error" in written
    assert "ZeroDivisionError" in written
    assert "CRITICAL config.log [" in written and "manage.py shell -c" in written
    assert TRACEBACK in written and "RuntimeError: kaputt im Befehl" in written
    assert "RuntimeError: kaputt im Befehl" in finished.stderr


def test_the_same_error_again_and_again_is_written_once_a_minute_with_its_count(monkeypatch):
    """While the database is away every request logs the same error. The log takes
    it once, counts the others, and says how many there were when it writes it again."""
    clock = [1000.0]
    monkeypatch.setattr("config.log.time.monotonic", lambda: clock[0])
    written = io.StringIO()
    handler = logging.StreamHandler(written)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(Repeats())
    logger = logging.getLogger("tests.repeats")
    logger.addHandler(handler)
    logger.propagate = False

    def away() -> None:
        try:
            raise ConnectionError("the database is away")
        except ConnectionError:
            logger.exception("job %s failed", "x1")

    try:
        for _ in range(1700):
            away()
        logger.error("another error")  # a different one is written at once
        clock[0] += 61
        away()
    finally:
        logger.removeHandler(handler)
    text = written.getvalue()
    assert text.count("job x1 failed") == 2
    assert text.count("ConnectionError: the database is away") == 2
    assert "job x1 failed [1699 more like it in the 60 s before]" in text
    assert text.count("another error") == 1
    # The server's handlers, to standard error and to the file, all go through it.
    config = logging_config("/tmp/server.log")
    assert all(h["filters"] == ["repeats"] for h in config["handlers"].values())


def test_two_jobs_failing_alike_are_two_errors_in_the_log():
    """The repeat filter holds back the same message again, not another job's failure that
    happens to have the same exception: each job's failure is written."""
    written = io.StringIO()
    handler = logging.StreamHandler(written)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(Repeats())
    logger = logging.getLogger("tests.repeats.jobs")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for job in ("a1", "b2", "a1"):
            try:
                raise OSError("the connection is closed")
            except OSError:
                logger.exception("job %s (%s) failed", job, "sheets")
    finally:
        logger.removeHandler(handler)
    text = written.getvalue()
    assert text.count("job a1 (sheets) failed") == 1  # the same again: held back
    assert text.count("job b2 (sheets) failed") == 1


def test_the_log_and_gunicorns_lines_tell_the_same_zone(monkeypatch):
    """Django's lines carry their offset to UTC, in the project's zone; gunicorn's config puts
    its master process in that zone too, so that its lines (and the access log's) read in the
    zone of the workers' lines instead of the machine's."""
    import runpy
    import time

    from config.log import Formatter

    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "m", (), None)
    record.created = 1_795_000_000.0  # 2026-11-18, winter: Berlin is UTC+1
    line = Formatter(FORMAT).format(record)
    assert line.split()[2] == time.strftime("%z", time.localtime(record.created))

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))
        assert os.environ["TZ"] == settings.TIME_ZONE
        assert time.strftime("%z", time.localtime(record.created)) == "+0100"
    finally:
        monkeypatch.setenv("TZ", settings.TIME_ZONE)
        time.tzset()
