"""An error message the handbook explains links to its section ("Mehr dazu"): on the clerk's
entry line (the page, and the preview while typing) and in a phone's answer. Every explained
code has its section `meldung-…` in the handbook, and every such section a code."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.phones.helpers import enter, phone
from tests.phones.helpers import url as phone_url
from tournament.handbook.book import anchors
from tournament.scorekeeping.violations import MESSAGES
from tournament.sheets.forms import CODE_MESSAGES
from tournament.web.message_help import CONFLICT, EXPLAINED, message_anchor, message_help_url

SLUG = "abend"  # the `evening` tournament of tests/conftest.py: table 1 of four, 2 of five


def help_href(code: str) -> str:
    return f'href="/hilfe/#{message_anchor(code)}"'


def test_every_explained_code_is_a_message_the_app_gives():
    known = set(MESSAGES) | set(CODE_MESSAGES) | {"suit_expected", "partner_missing", CONFLICT}
    assert known >= EXPLAINED, EXPLAINED - known


@pytest.mark.django_db
def test_every_explained_code_has_its_section_in_the_handbook_and_every_section_a_code():
    page = Client().get(reverse("tournament:handbook")).content.decode()
    shown = set(re.findall(r'id="(meldung-[a-z-]+)"', page))
    assert {message_anchor(code) for code in EXPLAINED} == shown
    assert shown <= anchors()
    assert message_anchor("augen_contradicts_won") == "meldung-augen-contradicts-won"
    assert message_help_url("augen_contradicts_won") == "/hilfe/#meldung-augen-contradicts-won"
    assert message_help_url("max_value") == ""  # no section: no link


@pytest.fixture
def clerk_client(evening, clerk) -> Client:
    client = Client()
    client.force_login(clerk)
    return client


def enter_line(client: Client, code: str, *, table: int = 1, number: int = 1, version: int = 0):
    address = reverse("manage:hand_enter", args=[SLUG, 1, table])
    return client.post(address, {"number": number, "code": code, "version": version})


@pytest.mark.parametrize(
    ("code", "table", "message", "explained"),
    [
        # The code cannot be read (scoring.entry_code.CodeError).
        ("x e 1 3 +", 1, "„x“ ist keine Spielart", "contract_unknown"),
        ("r e 1 7 +", 1, "„7“ ist kein Platz an diesem Tisch", "seat_range"),
        ("r e 1 3 + sx", 1, "„sx“ ist nicht lesbar", "token_unknown"),
        # The game breaks a rule (scoring.hand's violations, through the service).
        ("r e 1 3 + a40", 1, "40 Augen passen nicht zum Ergebnis", "augen_contradicts_won"),
        (
            "s h 2 + a95",
            1,
            "95 Augen passen nicht zur Angabe Schneider",
            "augen_contradicts_schneider",
        ),
        ("r h 1 3 +", 1, "ist die Farbe Herz nicht möglich", "suit_not_allowed"),
        ("s e 1 +", 2, "gibt in Spiel 1 und setzt aus", "sits_out"),
    ],
)
def test_a_refused_line_on_the_sheet_shows_the_message_and_links_its_section(
    clerk_client, code, table, message, explained
):
    response = enter_line(clerk_client, code, table=table)
    page = response.content.decode()
    assert response.status_code == 400
    assert message in page
    errors = page.split('id="eingabe"', 1)[1].split("</form>", 1)[0]
    assert help_href(explained) in errors
    assert "Mehr dazu" in errors
    assert f"#{message_anchor(explained)}" in {f"#{a}" for a in anchors()}


def test_a_game_number_beyond_the_sheet_links_its_section(clerk_client):
    response = enter_line(clerk_client, "r e 1 3 +", number=99)
    page = response.content.decode()
    assert response.status_code == 400
    assert "Diese Spielliste hat die Spiele 1 bis" in page
    assert help_href("number_range") in page.split('id="eingabe"', 1)[1].split("</form>", 1)[0]


def test_a_message_the_handbook_does_not_explain_gets_no_link(clerk_client):
    address = reverse("manage:hand_enter", args=[SLUG, 1, 1])
    response = clerk_client.post(address, {"number": 1, "code": "r e 1 3 +", "version": "x"})
    page = response.content.decode()
    assert response.status_code == 400
    assert "Dem Formular fehlt die Version des Spiels" in page
    assert "message-help" not in page.split('id="eingabe"', 1)[1].split("</form>", 1)[0]


def test_the_conflict_on_the_entry_line_links_its_section(clerk_client, evening, supervisor):
    assert enter_line(clerk_client, "r e 1 3 +").status_code == 302
    other = Client()
    other.force_login(supervisor)
    assert enter_line(other, "r g 2 4 -", version=1).status_code == 302
    response = enter_line(clerk_client, "s h 3 +", version=1)  # on the version it had loaded
    page = response.content.decode()
    assert response.status_code == 400
    assert "wurde inzwischen von jemand anderem geändert" in page
    assert help_href(CONFLICT) in page


def test_the_preview_while_typing_carries_the_link(clerk_client):
    address = reverse("manage:hand_preview", args=[SLUG, 1, 1])
    unreadable = clerk_client.get(address, {"number": 1, "code": "r e 1"}).json()
    assert unreadable["help"] == "/hilfe/#meldung-partner-expected"
    against_rules = clerk_client.get(address, {"number": 1, "code": "r e 2 2 +"}).json()
    assert "Partner" in against_rules["error"]
    assert against_rules["help"] == "/hilfe/#meldung-partner-is-declarer"
    fine = clerk_client.get(address, {"number": 1, "code": "r e 1 3 +"}).json()
    assert "points" in fine and "help" not in fine


@pytest.mark.django_db
def test_a_phones_refused_entry_carries_the_link_in_its_answer(link):
    keeper = phone(link, keeper=True)
    refused = enter(keeper, link, 1, "r e 2 2 +", key="eins")
    answer = refused.json()
    assert refused.status_code == 400 and answer["outcome"] == "refused"
    assert "Der Partner kann nicht der Spielmacher sein" in answer["message"]
    assert answer["help"] == "/hilfe/#meldung-partner-is-declarer"

    unreadable = enter(keeper, link, 1, "s 2 +", key="zwei").json()
    assert unreadable["help"] == "/hilfe/#meldung-suit-expected"

    saved = enter(keeper, link, 1, "r e 1 3 +", key="drei").json()
    assert saved["outcome"] == "saved" and saved["help"] == ""


@pytest.mark.django_db
def test_the_phone_page_without_script_links_the_section(link):
    keeper = phone(link, keeper=True)
    response = keeper.post(
        phone_url("phone_sheet", link),
        {"key": "ohne-js", "number": 1, "code": "w 1 + sn sx", "version": 0},
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "„sx“ ist nicht lesbar" in page
    assert help_href("token_unknown") in page


@pytest.mark.django_db
def test_the_phone_page_has_the_link_ready_for_its_script(link):
    page = phone(link).get(phone_url("phone_sheet", link)).content.decode()
    template = page.split('id="phone-failed-item"', 1)[1].split("</template>", 1)[0]
    assert 'class="message-help"' in template and "Mehr dazu" in template
