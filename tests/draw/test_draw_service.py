"""The draw of a Durchgang through the service and the `draw` command."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from scoring.draw import repeat_count
from tournament.draw.services import DrawError, durchgang_draw, durchgang_repeats, seats_swap
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Seat

pytestmark = pytest.mark.django_db


def _tournament(players: int, durchgaenge: int = 3, slug: str = "auslosung"):
    return tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": slug,
                "name": "Auslosung",
                "date": "2026-11-22",
                "number_of_durchgaenge": durchgaenge,
            },
            "players": [
                {"id": str(n), "name": f"Spieler {n:03d}", "club": f"Verein {n % 7}"}
                for n in range(1, players + 1)
            ],
        }
    )


def _round(durchgang) -> list[list[str]]:
    tables: dict[int, list[str]] = {}
    for table, ident in (
        Seat.objects.filter(durchgang=durchgang)
        .order_by("table__number", "position")
        .values_list("table__number", "player__ident")
    ):
        tables.setdefault(table, []).append(ident)
    return list(tables.values())


def test_every_player_is_seated_once_at_tables_of_four_and_five():
    tournament = _tournament(22)
    result = durchgang_draw(tournament=tournament, number=1, seed="abc")
    tables = _round(result.durchgang)
    assert sorted(len(t) for t in tables) == [4, 4, 4, 5, 5]
    assert sorted(int(p) for t in tables for p in t) == list(range(1, 23))
    assert result.durchgang.draw_seed == "abc"


def test_the_same_seed_gives_the_same_draw_again():
    tournament = _tournament(40)
    first = _round(durchgang_draw(tournament=tournament, number=1, seed="wiederholbar").durchgang)
    again = _round(durchgang_draw(tournament=tournament, number=1, seed="wiederholbar").durchgang)
    other = _round(durchgang_draw(tournament=tournament, number=1, seed="anders").durchgang)
    assert first == again
    assert first != other


def test_one_hundred_players_over_three_durchgaenge_never_meet_twice():
    tournament = _tournament(100)
    for number in (1, 2, 3):
        result = durchgang_draw(tournament=tournament, number=number, seed=f"s{number}")
    assert result.repeats == 0
    assert durchgang_repeats(result.durchgang) == 0
    rounds = [_round(d) for d in tournament.durchgaenge.order_by("number")]
    assert repeat_count(rounds) == 0


def test_sixteen_players_over_five_durchgaenge_never_meet_twice():
    tournament = _tournament(16, durchgaenge=5)
    for number in range(1, 6):
        result = durchgang_draw(tournament=tournament, number=number, seed="klein")
    assert result.repeats == 0


def test_a_durchgang_with_games_cannot_be_redrawn(example_tournament):
    with pytest.raises(DrawError):
        durchgang_draw(tournament=example_tournament, number=1)


def test_durchgaenge_are_drawn_in_order_and_within_the_plan():
    tournament = _tournament(16, durchgaenge=2)
    with pytest.raises(DrawError):
        durchgang_draw(tournament=tournament, number=2)
    with pytest.raises(DrawError):
        durchgang_draw(tournament=tournament, number=3)
    assert not tournament.durchgaenge.exists()


def test_withdrawn_players_are_not_drawn():
    tournament = _tournament(17)
    tournament.players.filter(ident="17").update(withdrawn=True)
    tables = _round(durchgang_draw(tournament=tournament, number=1, seed="x").durchgang)
    assert sorted(len(t) for t in tables) == [4, 4, 4, 4]
    assert "17" not in {p for t in tables for p in t}


def test_too_few_players_give_a_clear_error():
    tournament = _tournament(7)
    with pytest.raises(DrawError, match="7"):
        durchgang_draw(tournament=tournament, number=1)


def test_a_swap_exchanges_two_seats_and_is_recorded(admin_user):
    tournament = _tournament(16)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="t").durchgang
    before = {s.player.ident: (s.table.number, s.position) for s in durchgang.seats.all()}
    a, b = tournament.players.get(ident="1"), tournament.players.get(ident="2")
    swap = seats_swap(durchgang=durchgang, first=a, second=b, reason="Rollstuhl", user=admin_user)
    after = {s.player.ident: (s.table.number, s.position) for s in durchgang.seats.all()}
    assert after["1"] == before["2"] and after["2"] == before["1"]
    assert (swap.reason, swap.swapped_by) == ("Rollstuhl", admin_user)


def test_a_swap_needs_a_reason():
    tournament = _tournament(16)
    durchgang = durchgang_draw(tournament=tournament, number=1).durchgang
    a, b = tournament.players.get(ident="1"), tournament.players.get(ident="2")
    with pytest.raises(DrawError):
        seats_swap(durchgang=durchgang, first=a, second=b, reason=" ")
    assert not durchgang.swaps.exists()


def test_the_draw_command_prints_the_tables_and_the_repeats(capsys):
    _tournament(20, slug="befehl")
    call_command("draw", "befehl", "--durchgang", "1", "--seed", "42")
    out = capsys.readouterr().out
    assert "42" in out
    assert out.count("Spieler") == 20
    assert out.strip().splitlines()[-1].endswith(": 0")
