"""The day's steps in a real browser, followed by their next-action button: the draw, then
the table list made public, then the printouts, whose table cards carry each table's PIN; after
Durchgang 1 the ranking is published before Durchgang 2 is drawn, then Durchgang 2's table list,
and the players find their seat under “Wo sitze ich?”."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.pdfs import pdf_pages
from tests.steps.helpers import close_all, enter_all
from tournament.draw.services import durchgang_draw, durchgang_publish
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Durchgang, Membership, TableLink, Tournament

pytestmark = pytest.mark.django_db(transaction=True)
SLUG = "wegweiser"
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def tournament(supervisor):
    made = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": SLUG,
                "name": "Wegweiser",
                "date": "2026-11-28",
                "games_per_durchgang": 4,
                "number_of_durchgaenge": 2,
            },
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 9)],
        }
    )
    Membership.objects.create(tournament=made, user=supervisor, role="supervisor")
    return made


@pytest.fixture
def desk(logged_in_page, supervisor):
    """The supervisor at his desk, logged in."""
    return logged_in_page(supervisor, viewport=DESKTOP, locale="de-DE")


def next_step(page: Page, live_server, action: str) -> None:
    """On the steps page the one next-action button says `action`; follow it."""
    page.goto(live_server.url + reverse("manage:dashboard", args=[SLUG]))
    button = page.locator(".next-button")
    expect(button).to_have_text(action)
    button.click()
    page.wait_for_load_state()


def test_draw_then_table_list_then_printouts_whose_cards_carry_the_pin(
    live_server, tournament, desk
):
    next_step(desk, live_server, "Durchgang 1 auslosen")
    desk.get_by_label("Startwert für Durchgang 1").fill("eins")
    desk.get_by_role("button", name="Auslosen").first.click()
    expect(desk.get_by_text("2 Tische haben ihren Tisch-Link mit PIN")).to_be_visible()

    next_step(desk, live_server, "Tischliste von Durchgang 1 veröffentlichen")
    desk.get_by_role("button", name="Tischeinteilung veröffentlichen").click()
    expect(desk.get_by_text("Die Tischeinteilung ist jetzt öffentlich.")).to_be_visible()

    next_step(desk, live_server, "Spiellisten drucken")
    assert desk.url.endswith(reverse("manage:durchgang", args=[SLUG, 1]) + "#ausdrucke")
    for kind in ("Tischkarten", "Leere Spiellisten"):
        href = desk.get_by_role("link", name=kind, exact=True).get_attribute("href")
        response = desk.request.get(live_server.url + href)
        assert response.ok and response.headers["content-type"] == "application/pdf"
        page_texts = pdf_pages(response.body())
        text = "\n".join(page_texts)
        links = TableLink.objects.filter(table__durchgang__tournament=tournament)
        assert links.count() == 2
        for link in links:
            assert f"PIN {link.pin}" in text


def test_after_durchgang_1_the_ranking_then_durchgang_2_and_its_table_list(
    live_server, tournament, supervisor, desk, browser
):
    first = durchgang_draw(tournament=tournament, number=1, seed="eins").durchgang
    durchgang_publish(durchgang=first, published=True)
    enter_all(first)
    close_all(first, supervisor)

    next_step(desk, live_server, "Rangliste nach Durchgang 1 veröffentlichen")
    expect(desk.locator("#veroeffentlichen")).to_be_visible()
    desk.locator("#id_publication").select_option(label="veröffentlicht nach einem Durchgang")
    desk.locator("#id_after").fill("1")
    desk.locator("#veroeffentlichen").get_by_role("button", name="Speichern").click()
    desk.wait_for_load_state()
    assert Tournament.objects.get(pk=tournament.pk).ranking_published_after == 1

    desk.goto(live_server.url + reverse("manage:dashboard", args=[SLUG]))
    expect(desk.locator("#schritt-ranking_between")).to_contain_text(
        "nach Durchgang 1 veröffentlicht"
    )
    next_step(desk, live_server, "Durchgang 2 auslosen")
    desk.get_by_label("Startwert für Durchgang 2").fill("zwei")
    desk.get_by_role("button", name="Auslosen").click()
    expect(desk.get_by_text("Durchgang 2 ausgelost (Startwert zwei)")).to_be_visible()

    next_step(desk, live_server, "Tischliste von Durchgang 2 veröffentlichen")
    desk.goto(live_server.url + reverse("manage:dashboard", args=[SLUG]))
    expect(desk.locator("#schritt-tables")).to_contain_text(
        "noch nicht öffentlich: „Wo sitze ich?“ zeigt Durchgang 2 nicht"
    )
    next_step(desk, live_server, "Tischliste von Durchgang 2 veröffentlichen")
    desk.get_by_role("button", name="Tischeinteilung veröffentlichen").click()
    expect(desk.get_by_text("Die Tischeinteilung ist jetzt öffentlich.")).to_be_visible()
    desk.goto(live_server.url + reverse("manage:dashboard", args=[SLUG]))
    expect(desk.locator(".next-button")).to_have_text("Spiellisten drucken")
    expect(desk.locator("#schritt-tables")).to_contain_text("öffentlich: die Spieler finden")

    seat = Durchgang.objects.get(tournament=tournament, number=2).seats.get(player__ident="5")
    player = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    phone = player.new_page()
    phone.goto(live_server.url + reverse("tournament:ranking", args=[SLUG]))
    seating = phone.get_by_role("navigation", name="Wo sitze ich?")
    seating.get_by_role("link", name="Durchgang 2").click()
    phone.get_by_label("Name oder Startnummer").fill("Spieler 5")
    phone.keyboard.press("Enter")
    row = phone.locator("table.assignments tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("td")).to_have_text(
        ["Spieler 5", "5", str(seat.table.number), str(seat.position)]
    )
    player.close()
