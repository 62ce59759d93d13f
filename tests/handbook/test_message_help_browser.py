"""The link to the handbook's explanation, as the scripts show it: in the clerk's preview while
the line is typed (static/tournament/sheets/sheet.js) and beside a game the phone's server
refused (static/tournament/phones/render.js, from the answer's `help`)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.phones.browser_helpers import claim, open_sheet, phone, table_one
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "abend"  # the `evening` tournament of tests/conftest.py
SAME_SEAT = "r e 1 1 +"  # the partner is the declarer
EXPLAINED = "/hilfe/#meldung-partner-is-declarer"


@pytest.fixture
def clerk_page(logged_in_page, evening, clerk):
    return logged_in_page(clerk, locale="de-DE", timeout=10000)


def test_the_preview_links_the_explanation_of_its_message(clerk_page, live_server):
    page = clerk_page
    page.goto(live_server.url + reverse("manage:sheet", args=[SLUG, 1, 1]))
    expect(page.locator("#id_code")).to_be_focused()
    page.keyboard.type(SAME_SEAT)
    link = page.locator("#vorschau a.message-help")
    expect(link).to_have_text("Mehr dazu")
    expect(link).to_have_attribute("href", EXPLAINED)
    expect(link).to_have_attribute("target", "_blank")
    page.keyboard.press("Backspace")  # "r e 1 1": the result is missing, no explanation
    page.keyboard.press("Backspace")
    expect(page.locator("#vorschau")).to_have_class("error")
    page.locator("#id_code").fill("r e 1 3 +")
    page.locator("#id_code").press("End")
    page.keyboard.type(" ")
    expect(page.locator("#vorschau a.message-help")).to_have_count(0)


def type_refused_line(page):
    page.locator("#phone-code summary").tap()
    form = page.locator("#phone-code form")
    form.locator("[name=number]").fill("1")
    form.locator("[name=code]").fill(SAME_SEAT)
    form.get_by_role("button", name="Spiel speichern").tap()
    failed = page.locator("#phone-failed")
    expect(failed).to_be_visible()
    expect(failed).to_contain_text("Der Partner kann nicht der Spielmacher sein")
    link = failed.locator("a.message-help")
    expect(link).to_be_visible()
    expect(link).to_have_text("Mehr dazu")
    expect(link).to_have_attribute("href", EXPLAINED)


def test_a_game_the_server_refused_on_the_phone_links_the_explanation(
    drive, live_server, evening, supervisor
):
    link = table_link_issue(table=table_one(), user=supervisor)
    page = phone(drive)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    drive(type_refused_line, page)
