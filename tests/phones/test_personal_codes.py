"""Start numbers are public, so a player confirms the sheet on the table's
phone with the personal code printed on the own start card. Wrong codes are refused in German
and counted on the table's link; after five even the right one waits. The start cards (the
supervisor's, all players or one) carry the codes; no shared printout, public page or export
does. The signed sheet and the sheet page say how each player confirmed. Point 13: a phone's
error message names its field, never "None"."""

from __future__ import annotations

import importlib
import io
import json
import math
import zipfile
from datetime import timedelta

import pytest
from django import forms
from django.apps import apps
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.phones.helpers import enter, phone, post, url
from tests.sheets.helpers import fill
from tournament.draw.printouts import KINDS, durchgang_pdf
from tournament.exchange.exports.workbook import tournament_xlsx
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Durchgang, Membership, Player, Seat, TableLink
from tournament.models.players import PERSONAL_CODE_ALPHABET, PERSONAL_CODE_LENGTH
from tournament.phones.entry import entry_form_message
from tournament.phones.links import table_link_issue
from tournament.phones.services import CODE_LOCK, CODE_TRIES
from tournament.ranking.pdf import ranking_pdf
from tournament.ranking.publication import ranking_publish
from tournament.ranking.standings import standings_compute
from tournament.registration.services import player_create
from tournament.sheets.pdf import durchgang_sheets_pdf, scoresheet_pdf
from tournament.sheets.services.sheet import seat_sign
from tournament.sheets.signatures import PHONE_START_NUMBER

pytestmark = pytest.mark.django_db

LOCKED = "Zu viele falsche persönliche Codes"


@pytest.fixture
def complete(table, p):
    """The sheet with all 32 games entered: the players may confirm it."""
    fill(table, p)
    return table


def confirm(client, link, seat: int, code: str):
    return post(client, "phone_confirm", link, {"seat": seat, "code": code})


def signed(table) -> list[int]:
    return list(
        Seat.objects.filter(table=table, signed_at__isnull=False)
        .order_by("position")
        .values_list("position", flat=True)
    )


def wrong_code(player: Player) -> str:
    return "AAAAAA" if player.personal_code != "AAAAAA" else "CCCCCC"


def pdf_text(pdf: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def shown(code: str) -> str:
    """The code as the start card prints it: two groups of three."""
    return f"{code[:3]} {code[3:]}"


# ---- Confirming on the phone -------------------------------------------------------------


def test_a_phone_that_knows_only_the_start_numbers_cannot_confirm_any_seat(link, complete, p):
    keeper = phone(link, keeper=True)
    for seat in (1, 2, 3, 4):
        number = str(p[seat].start_number)
        as_before = post(keeper, "phone_confirm", link, {"seat": seat, "start_number": number})
        assert as_before.status_code == 400
        assert confirm(keeper, link, seat, number).status_code == 400
    assert signed(complete) == []


def test_a_wrong_code_is_refused_in_german_counted_on_the_link_and_signs_nothing(link, complete, p):
    keeper = phone(link, keeper=True)
    answer = confirm(keeper, link, 2, p[1].personal_code)  # seat 1's code for seat 2
    assert answer.status_code == 400
    assert answer.json()["message"] == (
        "Das ist nicht der persönliche Code von Resi Maier (Platz 2). "
        "Noch 4 Versuche, dann eine Pause."
    )
    assert TableLink.objects.get(pk=link.pk).code_failures == 1
    assert signed(complete) == []


def test_after_five_wrong_codes_even_the_right_one_waits_until_the_pause_is_over(link, complete, p):
    keeper = phone(link, keeper=True)
    for _ in range(CODE_TRIES):
        answer = confirm(keeper, link, 3, wrong_code(p[3]))
    assert answer.status_code == 400 and LOCKED in answer.json()["message"]
    right = confirm(keeper, link, 3, p[3].personal_code)
    assert right.status_code == 400 and LOCKED in right.json()["message"]
    assert "5 Minuten" in right.json()["message"]
    assert signed(complete) == []
    assert phone(link).get(url("phone_state", link)).status_code == 200  # the PIN still opens
    TableLink.objects.filter(pk=link.pk).update(
        code_failed_at=timezone.now() - CODE_LOCK - timedelta(seconds=1)
    )
    assert confirm(keeper, link, 3, p[3].personal_code).status_code == 200
    assert signed(complete) == [3]


def test_a_players_own_right_code_does_not_wipe_the_count_of_wrong_ones(link, complete, p):
    """A player at the table has a right code of their own: using it between guesses at the
    others' codes must not give the guesser new tries."""
    keeper = phone(link, keeper=True)
    for _ in range(CODE_TRIES - 1):
        assert confirm(keeper, link, 2, wrong_code(p[2])).status_code == 400
    assert confirm(keeper, link, 1, p[1].personal_code).status_code == 200
    last = confirm(keeper, link, 3, wrong_code(p[3]))
    assert LOCKED in last.json()["message"]
    assert confirm(keeper, link, 2, p[2].personal_code).status_code == 400
    assert signed(complete) == [1]


def test_the_code_is_taken_as_the_start_card_prints_it_in_any_case(link, complete, p):
    keeper = phone(link, keeper=True)
    answer = confirm(keeper, link, 4, f" {shown(p[4].personal_code).lower()} ")
    assert answer.status_code == 200 and answer.json()["message"] == "Bestätigt."
    assert Seat.objects.get(table=complete, position=4).signature == "Telefon-Code"


def test_without_javascript_the_confirmation_form_takes_the_code(link, complete, p):
    client = phone(link)
    page = client.get(url("phone_sheet", link)).content.decode()
    assert "Persönlicher Code von Sepp Huber" in page and 'name="code"' in page
    assert "Startnummer von" not in page
    wrong = client.post(url("phone_sheet", link), {"seat": 1, "code": wrong_code(p[1])})
    assert wrong.status_code == 400
    assert "Das ist nicht der persönliche Code von Sepp Huber" in wrong.content.decode()
    right = client.post(url("phone_sheet", link), {"seat": 1, "code": p[1].personal_code})
    assert right.status_code == 302 and signed(complete) == [1]


def test_the_signed_sheet_and_the_sheet_page_say_how_each_player_confirmed(
    client, link, complete, p, leitung
):
    keeper = phone(link, keeper=True)
    assert confirm(keeper, link, 1, p[1].personal_code).status_code == 200
    assert confirm(keeper, link, 2, p[2].personal_code).status_code == 200
    seat_sign(seat=complete.seats.get(position=3), user=leitung, paper=True)
    seat_sign(seat=complete.seats.get(position=4), user=leitung, signature="Vroni Hofer")
    _pages, text = pdf_text(scoresheet_pdf(complete))
    assert text.count("am Telefon (persönlicher Code)") == 2
    assert text.count("auf Papier") == 1 and "getippt: Vroni Hofer" in text
    Membership.objects.create(
        tournament=complete.durchgang.tournament, user=leitung, role=Membership.Role.SUPERVISOR
    )
    client.force_login(leitung)
    sheet = reverse("manage:sheet", args=[complete.durchgang.tournament.slug, 1, 1])
    page = client.get(sheet).content.decode()
    assert page.count("✓ am Telefon (persönlicher Code)") == 2
    assert "✓ auf Papier" in page and "✓ getippt: Vroni Hofer" in page


def test_a_sheet_confirmed_with_start_numbers_before_says_so(complete):
    """Sheets confirmed on the phone before personal codes existed keep saying what proved them."""
    complete.seats.update(signed_at=timezone.now(), signature=PHONE_START_NUMBER)
    _pages, text = pdf_text(scoresheet_pdf(complete))
    assert text.count("am Telefon (Startnummer)") == 4


def test_a_pin_or_code_with_letters_beyond_ascii_is_only_wrong(link, complete, p):
    """`secrets.compare_digest` refuses non-ASCII text: compared as bytes, it is a wrong try
    like any other, not a server error."""
    pin = Client(raise_request_exception=False).post(url("phone_sheet", link), {"pin": "ä²३"})
    assert pin.status_code == 403 and "Falsche PIN" in pin.content.decode()
    answer = confirm(phone(link, keeper=True), link, 1, "ÄÖÜ ²३")
    assert answer.status_code == 400 and "nicht der persönliche Code" in answer.json()["message"]


# ---- The codes -----------------------------------------------------------------------------


def test_every_player_gets_a_code_of_their_own_from_the_unambiguous_alphabet(
    example_tournament,
):
    added = player_create(tournament=example_tournament, name="Neu Zugang")
    codes = list(example_tournament.players.values_list("personal_code", flat=True))
    assert added.personal_code in codes and len(set(codes)) == len(codes) == 14
    for code in codes:
        assert len(code) == PERSONAL_CODE_LENGTH and set(code) <= set(PERSONAL_CODE_ALPHABET)


def test_the_migration_gives_every_player_registered_before_a_code_of_their_own(
    example_tournament,
):
    example_tournament.players.update(personal_code="")
    migration = importlib.import_module("tournament.migrations.0012_personal_codes")
    migration.codes_give(apps, None)
    codes = list(example_tournament.players.values_list("personal_code", flat=True))
    assert "" not in codes and len(set(codes)) == len(codes) == 13


# ---- Start cards ---------------------------------------------------------------------------


def test_the_start_cards_carry_each_players_code_eight_to_a_page(
    client, supervisor, example_tournament
):
    client.force_login(supervisor)
    response = client.get(reverse("manage:start_cards", args=[example_tournament.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "no-store" in response["Cache-Control"]
    pages, text = pdf_text(response.content)
    players = list(example_tournament.players.all())
    assert pages == math.ceil(len(players) / 8) == 2
    for player in players:
        assert shown(player.personal_code) in text and player.name in text
    assert text.count("Dieser Code ist persönlich") == len(players)
    assert text.count("Startkarte · Beispielturnier 2026 · 21.11.2026") == len(players)


def test_one_players_start_card_is_one_page_with_only_that_code(
    client, supervisor, example_tournament
):
    player, other = example_tournament.players.order_by("start_number")[:2]
    client.force_login(supervisor)
    card = reverse("manage:player_start_card", args=[example_tournament.slug, player.pk])
    pages, text = pdf_text(client.get(card).content)
    assert pages == 1
    assert shown(player.personal_code) in text and str(player.start_number) in text
    assert shown(other.personal_code) not in text and other.name not in text


def test_withdrawn_players_get_no_start_card_with_the_others(
    client, supervisor, example_tournament
):
    gone = example_tournament.players.get(start_number=13)
    gone.withdrawn = True
    gone.save(update_fields=["withdrawn"])
    client.force_login(supervisor)
    response = client.get(reverse("manage:start_cards", args=[example_tournament.slug]))
    _pages, text = pdf_text(response.content)
    assert shown(gone.personal_code) not in text
    assert text.count("Dieser Code ist persönlich") == 12


@pytest.mark.parametrize("who", ["anonymous", "clerk", "other_clerk"])
def test_only_the_supervisor_prints_start_cards(client, request, example_tournament, who):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    player = example_tournament.players.first()
    for name, args in [
        ("manage:start_cards", [example_tournament.slug]),
        ("manage:player_start_card", [example_tournament.slug, player.pk]),
    ]:
        response = client.get(reverse(name, args=args))
        assert response.status_code == (302 if who == "anonymous" else 403)
        assert player.personal_code not in response.content.decode(errors="replace")


def test_another_tournaments_player_has_no_start_card_here(
    client, supervisor, example_tournament, evening
):
    stranger = evening.players.first()
    client.force_login(supervisor)
    card = reverse("manage:player_start_card", args=[example_tournament.slug, stranger.pk])
    assert client.get(card).status_code == 404


def test_the_players_page_offers_the_start_cards(client, supervisor, example_tournament):
    client.force_login(supervisor)
    page = client.get(reverse("manage:players", args=[example_tournament.slug])).content.decode()
    assert "Startkarten drucken" in page
    assert reverse("manage:start_cards", args=[example_tournament.slug]) in page
    player = example_tournament.players.first()
    assert reverse("manage:player_start_card", args=[example_tournament.slug, player.pk]) in page
    for code in example_tournament.players.values_list("personal_code", flat=True):
        assert code not in page


# ---- Where the codes are not ---------------------------------------------------------------


@pytest.fixture
def marked(example_tournament):
    """The example tournament with codes that cannot occur in a page by chance."""
    for player in example_tournament.players.all():
        player.personal_code = f"QZ{player.start_number:03d}X"
        player.save(update_fields=["personal_code"])
    return example_tournament


def codes_in(text: str, tournament) -> list[str]:
    squeezed = "".join(text.split())
    return [
        code
        for code in tournament.players.values_list("personal_code", flat=True)
        if code in squeezed or shown(code) in text
    ]


@pytest.mark.slow
def test_no_shared_printout_carries_a_code(marked):
    durchgang = Durchgang.objects.get(tournament=marked, number=1)
    table_link_issue(table=durchgang.tables.first(), user=None)
    printouts = [
        durchgang_pdf(durchgang, kind, phone_url=lambda token: f"http://hall/tisch/{token}/")
        for kind in KINDS
    ]
    printouts.append(durchgang_sheets_pdf(durchgang, workers=1))
    printouts.append(ranking_pdf(marked, standings_compute(marked), after=2))
    for pdf in printouts:
        assert codes_in(pdf_text(pdf)[1], marked) == []


def test_no_public_page_or_phone_answer_carries_a_code(client, marked):
    ranking_publish(tournament=marked, publication="live")
    Durchgang.objects.filter(tournament=marked).update(published=True)
    slug = marked.slug
    urls = [
        reverse("tournament:list"),
        reverse("tournament:ranking", args=[slug]),
        reverse("tournament:projector", args=[slug]),
        reverse("tournament:statistics", args=[slug]),
        *(reverse("tournament:tables", args=[slug, n]) for n in (1, 2)),
        *(reverse("tournament:player", args=[slug, n]) for n in range(1, 14)),
    ]
    for address in urls:
        response = client.get(address)
        assert response.status_code == 200, address
        assert codes_in(response.content.decode(), marked) == [], address
    ranking = client.get(reverse("tournament:ranking_pdf", args=[slug]))
    assert codes_in(pdf_text(ranking.content)[1], marked) == []
    second = Durchgang.objects.get(tournament=marked, number=2)
    link = table_link_issue(table=second.tables.first(), user=None)
    keeper = phone(link, keeper=True)
    for answer in [
        keeper.get(url("phone_sheet", link)),
        keeper.get(url("phone_state", link)),
        enter(keeper, link, 1, "r e 1 3 +"),
        confirm(keeper, link, 1, "QZ999X"),
    ]:
        assert codes_in(answer.content.decode(), marked) == []


def test_the_interchange_file_and_the_workbook_carry_no_code(marked):
    document = json.dumps(tournament_document(marked), ensure_ascii=False)
    assert codes_in(document, marked) == []
    assert "personal_code" not in document
    workbook = io.BytesIO()
    tournament_xlsx(marked, workbook)
    with zipfile.ZipFile(workbook) as archive:
        xml = " ".join(archive.read(name).decode() for name in archive.namelist())
    assert codes_in(xml, marked) == []


# ---- Point 13: messages name their field ------------------------------------------------


def test_a_phones_error_message_about_the_hidden_version_never_says_none(link):
    keeper = phone(link, keeper=True)
    data = {"key": "bad-version", "number": 1, "code": "r e 1 3 +", "version": "x"}
    answer = post(keeper, "phone_entry", link, data)
    assert answer.status_code == 400
    message = answer.json()["message"]
    assert "None" not in message and "Version des Spiels" in message
    form = keeper.post(url("phone_sheet", link), {**data, "key": "form"})
    assert form.status_code == 400
    assert "None" not in form.content.decode() and "Version des Spiels" in form.content.decode()


def test_a_field_without_a_label_is_named_in_the_phones_message_never_none():
    class Hidden(forms.Form):
        version = forms.IntegerField(widget=forms.HiddenInput)
        number = forms.IntegerField(label="Spiel")

    message = entry_form_message(Hidden({"version": "x", "number": "y"}))
    whole = "Bitte eine ganze Zahl eingeben."
    assert message == f"Version des Spiels: {whole} Spiel: {whole}"
