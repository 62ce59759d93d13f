"""A PDF over its time or memory bound stops with a clear message instead of hanging the app:
the page answers 503 with the message, the command exits non-zero with it."""

from __future__ import annotations

import time

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from tournament import models
from tournament.sheets.pdf import durchgang_sheets_pdf, scoresheet_pdf
from tournament.web.pdf import RenderLimitError, pdf_limited

pytestmark = pytest.mark.django_db


def _slow(seconds: float) -> bytes:
    time.sleep(seconds)
    return b"%PDF-"


def _greedy() -> bytes:
    return bytes(512 * 1024 * 1024)


def test_a_render_over_the_time_bound_is_stopped_quickly(settings):
    settings.PDF_RENDER_TIMEOUT = 0.5
    start = time.monotonic()
    with translation.override("en"), pytest.raises(RenderLimitError, match="0.5 seconds"):
        pdf_limited(_slow, 30)
    assert time.monotonic() - start < 10


def test_a_render_over_the_memory_bound_is_stopped(settings):
    settings.PDF_RENDER_MEMORY_MB = 64  # below what the process has mapped already
    with translation.override("en"), pytest.raises(RenderLimitError, match="64 MB"):
        pdf_limited(_greedy)


def test_a_render_within_its_bounds_returns_the_pdf(settings, table):
    settings.PDF_RENDER_TIMEOUT = 120
    assert scoresheet_pdf(table).startswith(b"%PDF-")


def test_the_sheet_page_answers_503_with_the_message(client, settings, supervisor, evening):
    settings.PDF_RENDER_MEMORY_MB = 64
    client.force_login(supervisor)
    url = reverse("manage:sheet_pdf", args=[evening.slug, 1, 1])
    response = client.get(url)
    assert response.status_code == 503
    assert "PDF_RENDER_MEMORY_MB" in response.content.decode()


def test_a_whole_durchgang_in_the_pool_is_bounded_too(settings, example_tournament):
    settings.PDF_RENDER_MEMORY_MB = 64
    durchgang = example_tournament.durchgaenge.get(number=1)
    with pytest.raises(RenderLimitError):
        durchgang_sheets_pdf(durchgang, workers=2, chunk=1)


def test_the_command_exits_with_the_message(settings, example_tournament, tmp_path):
    settings.PDF_RENDER_TIMEOUT = 0.01
    out = tmp_path / "sheets.pdf"
    with pytest.raises(CommandError, match="PDF_RENDER_TIMEOUT"):
        call_command(
            "print_scoresheets", example_tournament.slug, "--durchgang", "1", "--out", str(out)
        )
    assert not out.exists()
    assert models.Tournament.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("manage:print", [1, "tische"]),
        ("tournament:ranking_pdf", []),
    ],
)
def test_printouts_and_the_ranking_pdf_answer_503_with_a_german_page(
    client, settings, supervisor, example_tournament, name, args
):
    settings.PDF_RENDER_MEMORY_MB = 64
    client.force_login(supervisor)
    response = client.get(reverse(name, args=[example_tournament.slug, *args]))
    assert response.status_code == 503
    page = response.content.decode()
    assert "PDF abgebrochen" in page and "Speicher" in page and "PDF_RENDER_MEMORY_MB" in page
