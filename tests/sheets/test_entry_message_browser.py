"""A refused line on the clerk's sheet shows its message once, and the message goes as soon as
the clerk types the next line; the same without JavaScript (one message in the page)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournament.models import Hand

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "abend"  # the `evening` tournament of tests/conftest.py
WRONG, RIGHT = "r e 1 1 +", "r e 1 3 +"  # partner = declarer; seat 1 with seat 3
REFUSAL = "Der Partner kann nicht der Spielmacher sein."  # what WRONG says once it is all typed


def sheet_url():
    return reverse("manage:sheet", args=[SLUG, 1, 1])


@pytest.fixture
def clerk_page(logged_in_page, evening, clerk):
    return logged_in_page(clerk, locale="de-DE", timeout=5000)


def shown(page, message: str) -> int:
    """How often `message` stands in the visible page."""
    return page.locator("main").inner_text().count(message)


def test_a_refused_line_shows_its_message_once_until_the_next_line(clerk_page, live_server):
    page = clerk_page
    page.goto(live_server.url + sheet_url())
    expect(page.locator("#id_code")).to_be_focused()
    page.keyboard.type(WRONG)
    expect(page.locator("#vorschau")).to_have_class("error")  # the preview says it at once
    # the preview follows every key: wait for the whole line's message, not a part's
    expect(page.locator("#vorschau")).to_contain_text(REFUSAL)
    message = page.locator("#vorschau").inner_text()
    assert message and shown(page, message) == 1
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("#code-errors")).to_have_text(message)  # the server's answer …
    expect(page.locator("#vorschau")).to_have_text("")  # … and nothing else says it again
    assert shown(page, message) == 1
    assert not Hand.objects.filter(table__durchgang__tournament__slug=SLUG).exists()

    page.locator("#id_code").fill("")
    page.keyboard.type(RIGHT)
    expect(page.locator("#code-errors")).to_have_count(0)  # gone with the first key
    expect(page.locator("#vorschau")).to_contain_text("+1")
    assert shown(page, message) == 0
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("#spiel-1 code")).to_have_text(RIGHT)
    assert shown(page, message) == 0
    assert page.locator("main .errorlist, main .messages .error").count() == 0


def test_without_javascript_the_refused_line_says_it_once(client, evening, clerk):
    client.force_login(clerk)
    url = reverse("manage:hand_enter", args=[SLUG, 1, 1])
    response = client.post(url, {"number": 1, "code": WRONG, "version": 0})
    assert response.status_code == 400
    page = response.content.decode()
    assert page.count(REFUSAL) == 1
    response = client.post(url, {"number": 1, "code": RIGHT, "version": 0}, follow=True)
    assert REFUSAL not in response.content.decode()


@pytest.fixture
def table_phone(browser, live_server, evening, supervisor):  # the session's browser
    from tournament.phones.links import table_link_issue

    table = evening.durchgaenge.get(number=1).tables.get(number=1)
    link = table_link_issue(table=table, user=supervisor)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    context.set_default_timeout(5000)
    page = context.new_page()
    page.goto(live_server.url + reverse("tournament:phone_sheet", args=[link.token]))
    page.get_by_label("PIN des Tisches").fill(link.pin)
    with page.expect_navigation():
        page.get_by_role("button", name="Spielliste öffnen").click()
    page.get_by_role("button", name="Ich schreibe die Liste").click()
    yield page
    context.close()


def test_on_the_table_phone_a_refused_code_says_it_once_until_the_game_is_saved(
    table_phone,
):
    page = table_phone
    page.get_by_text("Spielcode eintippen").click()
    form = page.locator("#phone-code form")
    form.locator("input[name=number]").fill("1")
    form.locator("input[name=code]").fill(WRONG)
    form.get_by_role("button", name="Spiel speichern").click()
    failed = page.locator("#phone-failed")
    expect(failed).to_contain_text("Der Partner kann nicht der Spielmacher sein.")
    assert page.locator("main").inner_text().count("Partner kann nicht") == 1

    form.locator("input[name=number]").fill("1")
    form.locator("input[name=code]").fill(RIGHT)
    form.get_by_role("button", name="Spiel speichern").click()
    expect(page.locator("#phone-flash")).to_have_text("Spiel 1 ist gespeichert.")
    expect(failed).to_be_hidden()  # game 1 stands on the sheet: its refusal is settled
    assert "Partner kann nicht" not in page.locator("main").inner_text()
