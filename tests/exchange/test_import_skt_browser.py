"""The import of a SchafkopfTurnier database on the register's page, in a real browser: the
organiser's staff chooses the file, sees what the import would make, confirms, and finds the
tournament with SchafkopfTurnier's standings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse

from tests.browser import logged_in
from tournament import models
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db(transaction=True)

DATA = Path(__file__).resolve().parent.parent / "data" / "skt"


def test_the_organisers_staff_imports_a_database_on_the_page(live_server, page, keeper):
    logged_in(page, live_server.url, keeper)
    page.goto(live_server.url + reverse("manage:skt_import", args=["standard"]))
    page.set_input_files("input[type=file]", str(DATA / "club-abend.sqlite3"))
    with page.expect_navigation():
        page.get_by_role("button", name="Zeigen, was der Import anlegt").click()
    preview = page.inner_text("main")
    assert "Personen: 14 neu" in preview
    assert not models.Tournament.objects.exclude(slug="beispielturnier-2026").exists()
    with page.expect_navigation():
        page.locator("form button[type=submit]").last.click()
    expected = json.loads((DATA / "club-abend.standings.json").read_text(encoding="utf-8"))
    (source,) = expected["tournaments"]
    tournament = models.Tournament.objects.exclude(slug="beispielturnier-2026").get()
    assert source["title"] in page.inner_text("body")
    points = {s.player.start_number: s.points for s in standings_compute(tournament)}
    assert points == {row["player_no"]: row["points"] for row in source["standings"]}
