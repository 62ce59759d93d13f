"""Each hostile value that made a server error (or stored what PostgreSQL refuses) before issue
14, point 6: now a German 400 (or the page with a German message), and nothing stored.

PostgreSQL refuses NUL in text with an error: on SQLite, which keeps it, these tests show it as
a NUL stored; `DATABASE_URL=postgres://…` runs them against PostgreSQL. The walk over every page
with hypothesis is tests/web/test_hostile_input.py.
"""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournament.models import Hand, PhoneEntry, Player, SheetEvent, Table
from tournament.phones.links import table_link_issue

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

SLUG = "abend"  # the `evening` tournament of conftest.py: table 1 of four, table 2 of five


def manage(name: str, *args) -> str:
    return reverse(f"manage:{name}", args=[SLUG, *args])


@pytest.fixture
def link(evening, supervisor):
    return table_link_issue(
        table=Table.objects.get(durchgang__tournament=evening, number=1), user=supervisor
    )


@pytest.fixture
def keeper(link) -> Client:
    """The phone that typed table 1's PIN and keeps its sheet."""
    client = Client()
    sheet = reverse("tournament:phone_sheet", args=[link.token])
    assert client.post(sheet, {"pin": link.pin}).status_code == 302
    take = json.dumps({"take": True})
    keeper = reverse("tournament:phone_keeper", args=[link.token])
    assert client.post(keeper, take, content_type="application/json").status_code == 200
    return client


def stored() -> tuple[int, int, int]:
    """Games, phones' answers and history: what an entry stores."""
    return Hand.objects.count(), PhoneEntry.objects.count(), SheetEvent.objects.count()


# --- NUL anywhere in a request ----------------------------------------------------------------


def test_a_nul_in_a_public_search_is_refused_with_a_german_page(evening, client):
    evening.durchgaenge.update(published=True)
    response = client.get(reverse("tournament:tables", args=[SLUG, 1]), {"q": "Sepp\x00"})
    assert response.status_code == 400
    text = response.content.decode()
    assert "Anfrage abgelehnt" in text
    assert "„q“ enthält ein NUL-Zeichen" in text


def test_a_nul_in_a_form_a_view_reads_by_hand_is_refused_and_nothing_is_stored(link, keeper):
    """The phone's entry line without JavaScript: `key` is read by hand, not by a form."""
    sheet = reverse("tournament:phone_sheet", args=[link.token])
    entry = {"key": "a\x00b", "number": "1", "code": "r e 1 3 +", "version": "0"}
    before = stored()
    response = keeper.post(sheet, entry)
    assert response.status_code == 400
    assert "„key“ enthält ein NUL-Zeichen" in response.content.decode()
    assert stored() == before


def test_a_nul_in_the_address_is_refused(link, keeper):
    response = keeper.get(f"/tisch/{link.token}%00/")
    assert response.status_code == 400
    assert "„Adresse“ enthält ein NUL-Zeichen" in response.content.decode()


def test_a_nul_in_a_cookie_is_refused_before_the_session_is_looked_up(client):
    """PostgreSQL would refuse to look up a session key holding a NUL."""
    client.cookies["sessionid"] = "abcdefgh\x00ijklmnop"
    response = client.get(reverse("tournament:list"))
    assert response.status_code == 400
    assert "„sessionid“ enthält ein NUL-Zeichen" in response.content.decode()


# --- the phone's JSON -------------------------------------------------------------------------

ENTRY = '{"key": "k1", "number": %s, "code": %s, "version": 0}'


@pytest.mark.parametrize(
    "body, message",
    [
        (ENTRY % ("NaN", '"r e 1 3 +"'), "NaN ist keine Zahl, die JSON kennt."),
        (ENTRY % ("Infinity", '"r e 1 3 +"'), "Infinity ist keine Zahl, die JSON kennt."),
        (ENTRY % ("1e400", '"r e 1 3 +"'), "Eine Zahl ist zu groß."),
        (ENTRY % ("9" * 5000, '"r e 1 3 +"'), "Eine Zahl hat mehr als 18 Stellen."),
        (ENTRY % ("[1]", '"r e 1 3 +"'), "„number“ muss eine ganze Zahl sein."),
        (ENTRY % ("1", '{"a": 1}'), "„code“ muss Text sein."),
        (ENTRY % ("true", '"r e 1 3 +"'), "„number“ muss eine ganze Zahl sein."),
        (ENTRY % ("1", '"r e 1 3 +\\u0000"'), "Die Anfrage enthält ein NUL-Zeichen"),
        ('{"number": ' + "[" * 100_000 + "]" * 100_000 + "}", "zu tief verschachtelt"),
        ('["r e 1 3 +"]', "Die Anfrage muss ein JSON-Objekt sein."),
        ("{", "Die Anfrage ist kein gültiges JSON."),
        (b"\xff\xfe", "Die Anfrage ist kein gültiges JSON."),
    ],
    ids=lambda value: repr(value)[:30],
)
def test_hostile_json_from_a_phone_is_refused_in_german_and_nothing_is_stored(
    link, keeper, body, message
):
    entry = reverse("tournament:phone_entry", args=[link.token])
    before = stored()
    response = keeper.post(entry, body, content_type="application/json")
    assert response.status_code == 400
    assert message in response.json()["message"]
    assert stored() == before


def test_a_form_sent_where_the_phone_sends_json_is_refused(link, keeper):
    entry = reverse("tournament:phone_entry", args=[link.token])
    before = stored()
    response = keeper.post(entry, {"number": "1", "code": "r e 1 3 +", "version": "0"})
    assert response.status_code == 400
    assert response.json()["message"] == "Die Anfrage ist kein gültiges JSON."
    assert stored() == before


def test_a_phone_that_takes_the_sheet_must_say_so_with_true_or_false(link, keeper):
    url = reverse("tournament:phone_keeper", args=[link.token])
    response = keeper.post(url, json.dumps({"take": "yes"}), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["message"] == "„take“ muss true oder false sein."


# --- digits that are not ASCII, and numbers of thousands of digits -----------------------------


@pytest.mark.parametrize("tisch", ["²", "١٢", "9" * 5000])
def test_a_table_number_in_other_digits_is_refused_with_a_german_message(
    evening, clerk, client, tisch
):
    client.force_login(clerk)
    response = client.get(manage("sheets", 1), {"tisch": tisch})
    assert response.status_code == 400
    assert f"„{tisch[:20]}“ ist keine Tischnummer." in response.content.decode()


def test_a_table_number_still_leads_to_its_sheet(evening, clerk, client):
    client.force_login(clerk)
    response = client.get(manage("sheets", 1), {"tisch": " 2 "})
    assert response.status_code == 302 and response.url == manage("sheet", 1, 2)


@pytest.mark.parametrize(
    "code, message",
    [
        ("r e ² 3 +", "„²“ ist kein Platz"),
        ("r e 1 3 + a²", "„a²“ ist nicht lesbar"),
        ("s h 2 + l¹⁴", "„l¹⁴“ ist nicht lesbar"),
    ],
)
def test_a_game_code_with_other_digits_is_refused_next_to_the_field(
    evening, clerk, client, code, message
):
    client.force_login(clerk)
    response = client.post(manage("hand_enter", 1, 1), {"number": 1, "code": code, "version": 0})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Hand.objects.filter(table__durchgang__tournament=evening).exists()


def test_the_preview_of_a_code_of_thousands_of_digits_answers_in_german(evening, clerk, client):
    client.force_login(clerk)
    code = "s h 2 + l" + "9" * 5000
    response = client.get(manage("hand_preview", 1, 1), {"number": "1", "code": code})
    assert response.status_code == 200
    assert "ist nicht lesbar" in response.json()["error"]


def test_a_player_search_of_thousands_of_digits_finds_nobody(evening, supervisor, client):
    client.force_login(supervisor)
    response = client.get(manage("players"), {"q": "9" * 5000})
    assert response.status_code == 200
    assert "Spieler 1" not in response.content.decode()
    found = client.get(manage("players"), {"q": "3"})
    assert "Spieler 3" in found.content.decode()


def test_a_table_link_for_a_table_of_thousands_of_digits_is_not_found(evening, supervisor, client):
    client.force_login(supervisor)
    response = client.post(manage("table_links", 1), {"table": "9" * 5000})
    assert response.status_code == 404


def test_a_player_list_with_a_nul_in_a_name_names_the_line(evening, supervisor, client):
    client.force_login(supervisor)
    upload = SimpleUploadedFile("spieler.csv", b"Name;Verein\nSepp\x00 Huber;SK\n")
    response = client.post(manage("players_import"), {"file": upload})
    text = response.content.decode()
    assert "die Zeile enthält ein NUL-Zeichen" in text
    assert not Player.objects.filter(tournament=evening, name__startswith="Sepp").exists()


def test_a_request_django_cannot_read_gets_the_german_page_too(evening, supervisor, client):
    """More fields than Django reads (DATA_UPLOAD_MAX_NUMBER_FIELDS): Django's own 400."""
    client.force_login(supervisor)
    fields = {f"f{n}": "x" for n in range(1001)}
    response = client.post(manage("players"), fields)
    assert response.status_code == 400
    text = response.content.decode()
    assert "Anfrage abgelehnt" in text
    assert "Die Anfrage konnte nicht gelesen werden. Es wurde nichts gespeichert." in text


@pytest.mark.parametrize("login", ["/accounts/login/", "/admin/login/"])
def test_a_login_with_a_user_name_longer_than_any_is_refused_before_any_password_check(
    db, client, login
):
    """django-axes would record it in a column of 255 characters: an error on PostgreSQL."""
    from axes.models import AccessAttempt

    response = client.post(login, {"username": "x" * 5000, "password": "falsch"})
    assert response.status_code == 200
    assert (
        "aus höchstens 150 Zeichen besteht. (Er besteht aus 5000 Zeichen.)"
        in response.content.decode()
    )
    assert not AccessAttempt.objects.exists()


def test_a_decision_whose_next_is_no_path_returns_to_the_game(evening, supervisor, client):
    """`redirect("１２")` would look for a view of that name: a server error."""
    client.force_login(supervisor)
    client.post(manage("hand_enter", 1, 1), {"number": 1, "code": "w 2 + t", "version": 0})
    approve = {"version": 1, "condition_0": "on", "condition_1": "on", "next": "１２"}
    response = client.post(manage("approve", 1, 1, 1), approve)
    assert response.status_code == 302 and response.url == manage("hand", 1, 1, 1)
