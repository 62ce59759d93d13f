"""The table phone's header on a 360 px phone: every seat's start number and name is shown whole
(a long name wraps, it is never cut off with an ellipsis), also after the script redraws it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Table
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
NAMES = [
    "Maximilian Obermaier-Wittelsbacher",
    "Anna-Katharina Hinterberger-Schweinsteiger",
    "Sepp Huber",
    "Kreszentia Rottenhuber-Oberpfaffenhofen",
    "Bartholomäus Zwiesler-Unterholzner",
    "Vroni Maier",
    "Theresia Schwarzenberger-Mittermaier",
    "Xaver Brandl",
    "Wastl Gruber",
]
#: Each name in the header: its text, whether its box holds it whole, and how it overflows.
SEAT_NAMES = """() => [...document.querySelectorAll('#phone-seats .phone-name')].map((el) => {
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  return {
    text: el.textContent,
    fits: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
    clipped: style.textOverflow === 'ellipsis' || style.whiteSpace === 'nowrap',
    inside: box.left >= 0 && box.right <= window.innerWidth,
  };
})"""


@pytest.fixture
def tables(db):
    """Table 1 of four and table 2 of five, all with long names; a phone link each."""
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "lang", "name": "Langnamen-Turnier", "date": "2026-11-23"},
            "players": [{"id": str(n), "name": name} for n, name in enumerate(NAMES, start=1)],
            "durchgaenge": [
                {
                    "number": 1,
                    "tables": [
                        {"number": 1, "seats": ["1", "2", "3", "4"]},
                        {"number": 2, "seats": ["5", "6", "7", "8", "9"]},
                    ],
                }
            ],
        }
    )
    return [
        (table, table_link_issue(table=table, user=None))
        for table in Table.objects.filter(durchgang__tournament=tournament).order_by("number")
    ]


@pytest.fixture
def phone(browser):  # the session's browser of tests/conftest.py
    context = browser.new_context(viewport=PHONE, locale="de-DE", is_mobile=True)
    yield context.new_page()
    context.close()


def test_every_name_in_the_phone_header_is_shown_whole_at_360_px(live_server, tables, phone):
    for table, link in tables:
        phone.goto(live_server.url + reverse("tournament:phone_sheet", args=[link.token]))
        phone.get_by_label("PIN des Tisches").fill(link.pin)
        with phone.expect_navigation():
            phone.get_by_role("button", name="Spielliste öffnen").click()
        expect(phone.locator("#phone-net")).to_have_text("online")  # the script has redrawn

        shown = phone.evaluate(SEAT_NAMES)

        expected = [
            f"Nr. {seat.player.start_number} {seat.player.name}"
            for seat in table.seats.select_related("player").order_by("position")
        ]
        assert [name["text"] for name in shown] == expected
        for name in shown:
            assert name["fits"] and not name["clipped"] and name["inside"], name
        overflow = phone.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0
