"""The public pages on a 360 px phone: nothing scrolls sideways, and the ranking keeps rank,
name and points in view (its other columns fold away)."""

from __future__ import annotations

import pytest

from tournament.models import Durchgang, Tournament

pytestmark = pytest.mark.django_db(transaction=True)
SLUG = "beispielturnier-2026"

PHONE = {"width": 360, "height": 740}
PAGES = [
    ("ranking", f"/turnier/{SLUG}/"),
    ("player", f"/turnier/{SLUG}/spieler/8/"),
    ("statistics", f"/turnier/{SLUG}/statistik/"),
    ("tables", f"/turnier/{SLUG}/durchgang/1/tische/"),
]
#: How far the page and any scrolling box inside it reach beyond their width, in pixels.
OVERFLOW = """() => {
  const boxes = [document.documentElement, ...document.querySelectorAll('.table-container')];
  return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
}"""


@pytest.fixture
def published(example_tournament):
    Tournament.objects.filter(slug=SLUG).update(ranking_publication=Tournament.Publication.LIVE)
    Durchgang.objects.filter(tournament__slug=SLUG).update(published=True)


@pytest.fixture
def phone(browser):  # the session's browser of tests/conftest.py
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    yield context.new_page()
    context.close()


@pytest.mark.parametrize(("name", "path"), PAGES, ids=[name for name, _path in PAGES])
def test_no_public_page_scrolls_sideways_on_a_phone(live_server, published, phone, name, path):
    response = phone.goto(live_server.url + path)
    assert response is not None and response.status == 200
    assert phone.evaluate(OVERFLOW) <= 0


def test_the_ranking_on_a_phone_shows_rank_name_and_points(live_server, published, phone):
    phone.goto(live_server.url + f"/turnier/{SLUG}/")
    headers = [h.strip() for h in phone.locator("table.ranking thead th:visible").all_inner_texts()]
    shown = [h for h in headers if h]
    assert shown[:3] == ["Platz", "Name", "Punkte"], shown
    first = phone.locator("table.ranking tbody tr").first
    cells = [c.strip() for c in first.locator("td:visible").all_inner_texts()]
    assert cells[0] == "1" and len(cells) == 3
    box = first.locator("td").filter(has_text=cells[2]).last.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
