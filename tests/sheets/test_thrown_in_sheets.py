"""Thrown-in deals ("zusammengeworfen", 4.1.5 of 2024) on the scoresheets: a table of five with
two thrown-in deals, counting and not counting as games (lines, dealers, sitting-out seats,
completion), the Stock per player on the sheet page, the signed sheet and the player's page, and
the refusal under the 2007 rule (5.2.5) in every entry path: the clerk's line, a correction, the
import (the phone: tests/phones/test_thrown_in_phone.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.sheets.helpers import read, squeezed
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.models import Hand, HandScore, Table, Tournament
from tournament.sheets.display import sheet_rows, sheet_seats
from tournament.sheets.pdf import scoresheet_pdf
from tournament.sheets.services.corrections import correction_request
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.hands import HandEntry, hand_delete, hand_save
from tournament.sheets.services.sheet import sheet_state

pytestmark = pytest.mark.django_db

SLUG = "abend"  # the `evening` tournament of conftest.py: table 2 seats players 5 to 9
THROWN_IN = (3, 7)


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def five() -> Table:
    return Table.objects.get(durchgang__tournament__slug=SLUG, number=2)


def rules_2024(*, counts: bool = True, stock: str | None = "0.50") -> None:
    """The evening under the 2024 rules: thrown-in deals recorded, 8 games per Durchgang (10
    lines at the table of five)."""
    Tournament.objects.filter(slug=SLUG).update(
        rule_set="schafkopfschule-2024",
        sie_first_game_allowed=True,
        all_pass="thrown_in",
        thrown_in_counts=counts,
        stock_per_thrown_in=Decimal(stock) if stock else None,
        games_per_durchgang=8,
    )


def line(table: Table, number: int) -> HandEntry:
    """A thrown-in deal at THROWN_IN, else a Herz-Solo of the seat after the dealer, won."""
    if number in THROWN_IN:
        return HandEntry(contract="zusammengeworfen", declarer=None)
    seats = sheet_seats(table)
    declarer = seats[number % len(seats)].player
    return HandEntry(contract="solo", suit="herz", declarer=declarer, won=True)


def fill(table: Table, numbers) -> None:
    for number in numbers:
        hand_save(table=table, number=number, game=line(table, number), version=0)


def dealers(table: Table) -> list[tuple[int, int, int]]:
    """(line, dealer's seat, sitting-out seat) of every line of the sheet."""
    seats = sheet_seats(table)
    position = {s.player_id: s.position for s in seats}
    out = []
    for row in sheet_rows(table, seats):
        sitting = [s.position for s, cell in zip(seats, row.cells, strict=True) if cell.sits_out]
        out.append((row.number, position[row.dealer.pk], sitting[0]))
    return out


def test_4_1_5_counting_a_table_of_five_keeps_its_10_lines(evening):
    rules_2024(counts=True)
    table = five()
    fill(table, range(1, 11))
    assert sheet_state(table).games == 10 and sheet_state(table).complete
    # Line n is dealt by seat ((n - 1) mod 5) + 1, who sits out, thrown-in lines included.
    assert dealers(table) == [(n, (n - 1) % 5 + 1, (n - 1) % 5 + 1) for n in range(1, 11)]
    thrown = Hand.objects.get(table=table, number=3)
    assert (thrown.contract, thrown.declarer_id, thrown.needs_approval) == (
        "zusammengeworfen",
        None,
        False,
    )
    assert set(HandScore.objects.filter(hand=thrown).values_list("points", flat=True)) == {0}
    with pytest.raises(HandRuleError) as refused:
        hand_save(table=table, number=11, game=line(table, 11), version=0)
    assert "auf dieser Spielliste nicht (1 bis 10)" in str(refused.value.errors)


def test_4_1_5_not_counting_the_sheet_gets_a_line_per_thrown_in_deal(evening):
    rules_2024(counts=False)
    table = five()
    fill(table, range(1, 11))
    state = sheet_state(table)
    assert (state.entered, state.games, state.complete) == (10, 12, False)
    # Lines 11 and 12 go on round the table: seats 1 and 2 deal them and sit out.
    assert dealers(table)[10:] == [(11, 1, 1), (12, 2, 2)]
    dealer_11 = sheet_seats(table)[0].player
    with pytest.raises(HandRuleError) as refused:
        hand_save(
            table=table,
            number=11,
            game=HandEntry(contract="solo", suit="herz", declarer=dealer_11, won=True),
            version=0,
        )
    assert "Nr. 5 Spieler 5 gibt in Spiel 11 und setzt aus" in str(refused.value.errors)
    fill(table, (11, 12))
    state = sheet_state(table)
    assert (state.entered, state.games, state.complete) == (12, 12, True)
    assert Hand.objects.filter(table=table).exclude(contract="zusammengeworfen").count() == 10
    with pytest.raises(HandRuleError):
        hand_save(table=table, number=13, game=line(table, 13), version=0)
    # Taking a thrown-in line away would leave line 12 beyond the end of the sheet.
    with pytest.raises(HandRuleError) as refused:
        hand_delete(table=table, number=3, version=None, reason="Falsch eingegeben")
    assert "Zeile 12 läge dann hinter dem Ende der Spielliste" in str(refused.value.errors)


def test_4_1_5_a_thrown_in_line_1_makes_line_2_the_first_game(evening):
    """5.2.15: the first real game counts a Tout as a simple game, also after a thrown-in deal."""
    rules_2024()
    table = Table.objects.get(durchgang__tournament__slug=SLUG, number=1)
    hand_save(
        table=table,
        number=1,
        game=HandEntry(contract="zusammengeworfen", declarer=None),
        version=0,
    )
    seats = sheet_seats(table)
    tout = HandEntry(contract="solo", suit="herz", declarer=seats[2].player, won=True, tout=True)
    hand = hand_save(table=table, number=2, game=tout, version=0)
    Hand.objects.filter(pk=hand.pk).update(approved_by="Leitung")
    hand_save(table=table, number=3, game=line(table, 3), version=0)  # rescore the sheet
    score = HandScore.objects.get(hand=hand, player=seats[2].player)
    assert score.points == 6


def test_4_1_5_the_clerk_types_z_and_the_sheet_shows_the_line_and_the_stock(client, clerk, evening):
    rules_2024()
    client.force_login(clerk)
    table = five()
    fill(table, (1, 2))
    response = client.post(url("hand_enter", 1, 2), {"number": 3, "code": "z", "version": 0})
    assert response.status_code == 302
    fill(table, range(4, 8))
    page = client.get(url("sheet", 1, 2)).content.decode()
    assert "zusammengeworfen</span> <small>0 Punkte für alle</small>" in page
    assert "<kbd>z</kbd> zusammengeworfen" in page
    # 50 ct each for lines 3 and 7; seat 3 deals line 3 and seat 2 line 7: they pay once.
    assert (
        "Stock (0,50 € je zusammengeworfenem Spiel, Geld, keine Punkte):\n"
        "  5 Spieler 5 1,00 € · 6 Spieler 6 0,50 € · 7 Spieler 7 0,50 € · 8 Spieler 8 1,00 € · "
        "9 Spieler 9 1,00 €"
    ) in page
    _reader, pages = read(scoresheet_pdf(table))
    printed = squeezed(pages[0])
    assert squeezed("1: 1,00 € · 2: 0,50 € · 3: 0,50 € · 4: 1,00 € · 5: 1,00 €") in printed
    assert squeezed("zusammengeworfen, 0 Punkte für alle") in printed


def test_4_1_5_the_players_page_shows_the_stock_and_the_ranking_keeps_the_points(client, evening):
    rules_2024()
    Tournament.objects.filter(slug=SLUG).update(ranking_publication="live")
    fill(five(), range(1, 8))
    page = client.get(reverse("tournament:player", args=[SLUG, 6])).content.decode()
    assert "Stock für zusammengeworfene Spiele: 0,50 € (Geld, keine Punkte)" in page
    without = client.get(reverse("tournament:player", args=[SLUG, 1])).content.decode()
    assert "Stock für zusammengeworfene Spiele: 0,00 €" in without


def test_5_2_5_the_clerks_line_z_is_refused_under_2007(client, clerk, evening):
    client.force_login(clerk)
    response = client.post(url("hand_enter", 1, 2), {"number": 1, "code": "z", "version": 0})
    assert response.status_code == 400
    assert "Zeile 1: Dieses Turnier schreibt keine zusammengeworfenen Spiele auf" in (
        response.content.decode()
    )
    assert not Hand.objects.filter(table=five()).exists()


def test_5_2_5_a_correction_to_a_thrown_in_deal_is_refused_under_2007(evening, supervisor):
    table = five()
    fill(table, (1, 2))
    Table.objects.filter(pk=table.pk).update(closed_at=timezone.now())
    table.refresh_from_db()
    thrown = HandEntry(contract="zusammengeworfen", declarer=None)
    with pytest.raises(HandRuleError) as refused:
        correction_request(table=table, number=2, game=thrown, reason="alle weiter", user=None)
    assert "schreibt keine zusammengeworfenen Spiele auf" in str(refused.value.errors)
    rules_2024()
    table.refresh_from_db()
    table.durchgang.tournament.refresh_from_db()
    correction_request(table=table, number=2, game=thrown, reason="alle weiter", user=None)


def test_5_2_5_an_import_with_a_thrown_in_hand_is_refused_under_2007():
    document = {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": {"slug": "alt", "name": "Alt", "date": "2026-11-22"},
        "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 5)],
        "durchgaenge": [
            {
                "number": 1,
                "tables": [
                    {
                        "number": 1,
                        "seats": ["1", "2", "3", "4"],
                        "hands": [{"number": 1, "contract": "zusammengeworfen"}],
                    }
                ],
            }
        ],
    }
    with pytest.raises(InterchangeError) as refused:
        tournament_import(document)
    assert "durchgaenge[0].tables[0].hands[0].contract: Zeile 1: Dieses Turnier schreibt" in (
        str(refused.value)
    )
    assert not Tournament.objects.filter(slug="alt").exists()
