"""Every player plays the same number of games (docs/rules.md, section 1): a table of five plays
5/4 of the games of a table of four, each seat sitting out as often as it deals. That works only
for a multiple of 4 games per Durchgang; the draw and the settings refuse any other number once a
table of five is needed, naming the nearest that work. No database, no Django.
"""

from __future__ import annotations

from collections import Counter

import pytest

from scoring.seating import (
    dealer_index,
    games_at_table,
    games_fit_tables_of_five,
    nearest_fitting_games,
    playing_indices,
)
from tests.rule_tables import games_cases


@pytest.mark.parametrize("games", [4, 16, 20, 28, 32, 40, 48, 200])
def test_5_2_1_a_multiple_of_4_lets_every_seat_of_a_table_of_five_play_as_at_four(games):
    assert games_fit_tables_of_five(games)
    sheet = games_at_table(seats=5, games_per_durchgang=games)
    played = Counter(i for n in range(1, sheet + 1) for i in playing_indices(n, 5))
    dealt = Counter(dealer_index(n, 5) for n in range(1, sheet + 1))
    assert set(played.values()) == {games}
    assert set(dealt.values()) == {sheet // 5}


@pytest.mark.parametrize("games", [1, 2, 3, 5, 30, 31, 33, 38, 199])
def test_5_2_1_any_other_number_does_not_fit_a_table_of_five(games):
    assert not games_fit_tables_of_five(games)
    sheet = games_at_table(seats=5, games_per_durchgang=games)  # rounded up, for old tournaments
    played = Counter(i for n in range(1, sheet + 1) for i in playing_indices(n, 5))
    assert len(set(played.values())) > 1  # not every player plays as many games


@pytest.mark.parametrize(("games", "nearest"), games_cases("games", "nearest"))
def test_the_nearest_numbers_that_fit(games, nearest):
    assert list(nearest_fitting_games(games)) == nearest
    assert all(games_fit_tables_of_five(n) for n in nearest)
