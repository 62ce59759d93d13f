"""The bound of a seat's totals (scoring/bounds.py), position by position: game 1 under the
first-game rules (2.9.1, 5.2.15), the seat that sits out game 1 at a table of five, no Stoß on
a Sie under 2007 (2.9.2, 3.3.2), and thrown-in deals that add lines (4.1.5 of 2024). Each
extreme is accepted, one beyond it refused, and the engine scores a sheet to exactly it."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from rules.contracts import Contract
from rules.presets import preset
from rules.rule_sets import ALL_PASS_THROWN_IN, RULE_SETS
from scoring.bounds import SeatSheet, game_extremes, seat_bounds, seat_sheets
from scoring.hand import HandFacts, Rules, hand_violations
from scoring.scoresheet import score_sheet, seat_totals
from scoring.seating import playing_indices
from scoring.totals import SeatTotals, totals_problems

POINTS, MONEY = "schafkopfschule-2007", "preisschafkopf-tarif"


def rules_of(rule_set: str, table: str, *, kontra: bool = False, counts: bool = True) -> Rules:
    """The rules a tournament gets from `rule_set` (its settings as the rule set gives them)."""
    chosen = RULE_SETS[f"schafkopfschule-{rule_set}"]
    settings = chosen.settings
    contracts = settings["contracts"]
    assert isinstance(contracts, list)
    return Rules(
        table=preset(table),
        contracts=frozenset(Contract(c) for c in contracts),
        kontra_allowed=kontra,
        all_pass_thrown_in=settings["all_pass"] == ALL_PASS_THROWN_IN,
        thrown_in_counts=counts,
        sie_kontra_allowed=chosen.sie_stoss,
        first_game_rule=bool(settings["first_game_rule"]),
        sie_first_game_allowed=bool(settings["sie_first_game_allowed"]),
    )


# (rule set, table, Kontra, thrown-in deals count, seats, seat, most, least), the numbers as the
# rules give them: the 2007 table pays a Sie 24 and a lost Tout -18, a Solo Schneider 9 (the
# most of game 1, where a Tout or Schwarz is a simple game); Retour quadruples a game, never a
# Sie under 2007; the tariff pays a Sie 3 x 4 x (50 + 8 x 10) = 1560 ct, a lost Tout with 8
# Laufende 3 x 2 x 130 = 780 ct, a Solo Schneider with 8 Laufende 3 x 140 = 420 ct.
CASES = [
    ("2007", POINTS, False, True, 4, 1, 9 + 31 * 24, -9 - 31 * 18),
    ("2007", POINTS, False, True, 5, 1, 32 * 24, -32 * 18),
    ("2007", POINTS, False, True, 5, 2, 9 + 31 * 24, -9 - 31 * 18),
    ("2007", POINTS, True, True, 4, 3, 4 * 9 + 31 * 4 * 18, -4 * 9 - 31 * 4 * 18),
    ("2007", POINTS, True, True, 5, 1, 32 * 4 * 18, -32 * 4 * 18),
    ("2007", MONEY, False, True, 4, 1, 420 + 31 * 1560, -420 - 31 * 780),
    ("2007", MONEY, False, True, 5, 1, 32 * 1560, -32 * 780),
    ("2007", MONEY, True, True, 4, 4, 4 * 420 + 31 * 4 * 780, -4 * 420 - 31 * 4 * 780),
    # 2024: a Sie counts in game 1 (its defenders lose 8, or 520 ct, there) and takes a Stoß
    ("2024", POINTS, False, True, 4, 1, 32 * 24, -9 - 31 * 18),
    ("2024", POINTS, False, True, 5, 1, 32 * 24, -32 * 18),
    ("2024", POINTS, True, True, 4, 2, 32 * 4 * 24, -4 * 9 - 31 * 4 * 18),
    ("2024", MONEY, False, True, 4, 1, 32 * 1560, -520 - 31 * 780),
    ("2024", MONEY, True, True, 5, 3, 32 * 4 * 1560, -4 * 520 - 31 * 4 * 780),
    # thrown-in deals not counting: a seat whose every deal is thrown in plays all 40 games
    ("2024", POINTS, False, False, 5, 1, 40 * 24, -9 - 39 * 18),
    ("2024", POINTS, False, False, 4, 1, 32 * 24, -9 - 31 * 18),
    ("2024", POINTS, True, False, 5, 5, 40 * 4 * 24, -4 * 9 - 39 * 4 * 18),
    ("2024", MONEY, False, False, 5, 2, 40 * 1560, -520 - 39 * 780),
]
IDS = [
    f"{c[0]}-{c[1][:5]}-{'kontra' if c[2] else 'plain'}-{c[3]}-{c[4]}er-seat{c[5]}" for c in CASES
]


def balanced(seats: int, seat: int, points: int) -> list[SeatTotals]:
    """A zero-sum line with `points` at `seat` and the rest shared out among the others."""
    share, rest = divmod(-points, seats - 1)
    others = [share + (1 if k < rest else 0) for k in range(seats - 1)]
    values = others[: seat - 1] + [points] + others[seat - 1 :]
    return [SeatTotals(v) for v in values]


def problems(line: list[SeatTotals], rules: Rules) -> list[tuple[int | None, str]]:
    return [(p.seat, p.code) for p in totals_problems(line, rules=rules)]


@pytest.mark.parametrize(
    ("rule_set", "table", "kontra", "counts", "seats", "seat", "most", "least"), CASES, ids=IDS
)
def test_the_extreme_of_a_seat_is_accepted_and_one_beyond_it_refused(
    rule_set, table, kontra, counts, seats, seat, most, least
):
    rules = rules_of(rule_set, table, kontra=kontra, counts=counts)
    bound = seat_bounds(seat, seats=seats, rules=rules)
    assert (bound.most, bound.least) == (most, least)
    assert problems(balanced(seats, seat, most), rules) == []
    assert problems(balanced(seats, seat, least), rules) == []
    assert problems(balanced(seats, seat, most + 1), rules) == [(seat, "points_too_high")]
    assert problems(balanced(seats, seat, least - 1), rules) == [(seat, "points_too_low")]


def witness_sheet(rules: Rules, *, seats: int, seat: int, best: bool) -> list[HandFacts]:
    """The sheet that gives `seat` its bound: on each line it plays, the game the engine found
    at that position's extreme, with the seat in the role that scores it; thrown-in deals where
    the bound's sheet has them."""
    names = tuple(f"p{k}" for k in range(1, seats + 1))
    sheet = max(
        seat_sheets(seat, seats=seats, rules=rules),
        key=lambda s: (s.games, not s.plays_first),
    )
    hands = []
    for number in range(1, sheet.lines + 1):
        if number in sheet.thrown:
            hands.append(
                HandFacts(
                    number=number, seats=names, contract=Contract.ZUSAMMENGEWORFEN, declarer=None
                )
            )
            continue
        extremes = game_extremes(rules, first=number == sheet.first)
        found = extremes.best if best else extremes.worst
        if found is None or number not in sheet.played:
            continue  # a line the seat sits out (or whose extreme is 0) stays empty
        game, role = found
        playing = [names[i] for i in playing_indices(number, seats)]
        others = [p for p in playing if p != names[seat - 1]]
        roles = [role] + [r for r in game.seats if r != role]
        who = dict(zip(roles, [names[seat - 1], *others], strict=True))
        hands.append(
            replace(
                game,
                number=number,
                seats=names,
                declarer=who[game.declarer] if game.declarer else None,
                partner=who[game.partner] if game.partner else None,
                offender=who[game.offender] if game.offender else None,
                first_number=sheet.first,
            )
        )
    return hands


@pytest.mark.parametrize(
    ("rule_set", "table", "kontra", "counts", "seats", "seat", "most", "least"), CASES, ids=IDS
)
def test_the_engine_scores_a_sheet_game_by_game_to_exactly_the_extreme(
    rule_set, table, kontra, counts, seats, seat, most, least
):
    rules = rules_of(rule_set, table, kontra=kontra, counts=counts)
    for best, extreme in ((True, most), (False, least)):
        hands = witness_sheet(rules, seats=seats, seat=seat, best=best)
        thrown = sum(h.contract is Contract.ZUSAMMENGEWORFEN for h in hands)
        assert [hand_violations(h, rules, thrown_in=thrown) for h in hands] == [[]] * len(hands)
        scored = score_sheet(
            hands, table=rules.table, solo_approval_from=99, approved=lambda h: True
        )
        names = hands[0].seats
        totals = seat_totals(names, scored)
        assert totals[names[seat - 1]][0] == extreme
        line = [
            SeatTotals(
                points=t[0],
                sie=t[3],
                tout_won=t[4],
                tout_played=t[5],
                solo_won=t[6],
                solo_played=t[7],
            )
            for t in (totals[n] for n in names)
        ]
        assert totals_problems(line, rules=rules) == []


def test_a_stoss_on_a_sie_is_not_counted_under_2007_but_is_under_2024():
    # 2.9.2 and 3.3.2 of 2007: the engine refuses a Sie with Kontra, so a Tout with Retour is
    # the most one game gives (4 x 18); under 2024 a Sie with Retour gives 4 x 24
    assert game_extremes(rules_of("2007", POINTS, kontra=True), first=False).most == 72
    assert game_extremes(rules_of("2024", POINTS, kontra=True), first=False).most == 96
    # the seat of 2,305 the old bound (32 x 96) let through
    assert problems(balanced(4, 1, 2305), rules_of("2007", POINTS, kontra=True)) == [
        (1, "points_too_high")
    ]


def counters(rules: Rules, seats: int, **given: int) -> list[tuple[int | None, str]]:
    line = [SeatTotals(0, **given)] + [SeatTotals(0)] * (seats - 1)
    return problems(line, rules)


def test_game_1_counts_no_sie_and_no_tout_under_2007_at_a_table_of_four():
    rules = rules_of("2007", POINTS)
    assert counters(rules, 4, sie=31) == []
    assert counters(rules, 4, sie=32) == [(1, "counter_over_games"), (None, "counter_over_table")]
    assert counters(rules, 4, tout_played=31, solo_played=31) == []
    assert counters(rules, 4, tout_played=32, solo_played=32) == [
        (1, "counter_over_games"),
        (None, "counter_over_table"),
    ]


def test_seat_1_of_five_never_plays_game_1_and_may_declare_a_sie_in_all_its_32_games():
    rules = rules_of("2007", POINTS)
    assert counters(rules, 5, sie=32) == []
    assert counters(rules, 5, tout_played=32, solo_played=32) == []
    assert counters(rules, 5, sie=33) == [(1, "declared_over_games")]
    # seat 2 plays game 1
    line = [SeatTotals(0), SeatTotals(0, sie=32)] + [SeatTotals(0)] * 3
    assert problems(line, rules) == [(2, "counter_over_games")]


def test_sie_and_touts_together_fit_the_games_that_can_count_them():
    rules = rules_of("2007", POINTS)
    # 16 Sie and 16 Touts: 32 declarations in 32 games, but game 1 can be neither
    line = [SeatTotals(0, sie=16, tout_played=16, solo_played=16)] + [SeatTotals(0)] * 3
    assert problems(line, rules) == [(1, "sie_tout_over_games"), (None, "sie_tout_over_table")]
    line = [SeatTotals(0, sie=16, tout_played=15, solo_played=16)] + [SeatTotals(0)] * 3
    assert problems(line, rules) == []


def test_the_table_counts_no_sie_in_game_1_under_2007_but_does_under_2024():
    line = [SeatTotals(0, sie=16), SeatTotals(0, sie=16), SeatTotals(0), SeatTotals(0)]
    assert problems(line, rules_of("2007", POINTS)) == [(None, "counter_over_table")]
    assert problems(line, rules_of("2024", POINTS)) == []
    # a Tout still does not count in game 1 under 2024 (5.2.15 stays on)
    touts = [SeatTotals(0, tout_played=16, solo_played=16)] * 2 + [SeatTotals(0)] * 2
    assert problems(touts, rules_of("2024", POINTS)) == [(None, "counter_over_table")]


def test_a_seat_whose_every_deal_is_thrown_in_may_declare_in_all_40_games():
    rules = rules_of("2024", POINTS, counts=False)
    assert counters(rules, 5, sie=40) == []
    assert counters(rules, 5, sie=41) == [(1, "declared_over_games"), (None, "declared_over_table")]
    assert counters(rules, 5, tout_played=39, solo_played=40) == []
    assert counters(rules, 5, tout_played=40, solo_played=40) == [
        (1, "counter_over_games"),
        (None, "counter_over_table"),
    ]


def every_sheet(seats: int, rules: Rules, *, most_thrown: int):
    """Every arrangement of thrown-in deals on a sheet of `rules` at a table of `seats` (up to
    `most_thrown` of them where they add lines), as `SeatSheet`s of seat 1."""
    real = 5 * rules.games_per_durchgang // 4 if seats == 5 else rules.games_per_durchgang
    adds = rules.all_pass_thrown_in and not rules.thrown_in_counts
    counts = range(most_thrown + 1) if adds else range(real + 1 if rules.all_pass_thrown_in else 1)
    for t in counts:
        lines = real + t if adds else real
        for thrown in combinations(range(1, lines + 1), t):
            if len(thrown) < lines:  # a sheet with a game
                yield lines, thrown


@pytest.mark.parametrize("seats", [4, 5])
@pytest.mark.parametrize("all_pass", ["redeal", "counts", "adds"])
@pytest.mark.parametrize("rule_set", ["2007", "2024"])
def test_no_arrangement_of_thrown_in_deals_gives_a_seat_more_than_its_bound(
    seats, all_pass, rule_set
):
    # a short Durchgang (4 games, 5 at a table of five), every arrangement tried by brute force
    rules = replace(
        rules_of(rule_set, POINTS, kontra=True),
        games_per_durchgang=4,
        all_pass_thrown_in=all_pass != "redeal",
        thrown_in_counts=all_pass == "counts",
    )
    one, other = game_extremes(rules, first=True), game_extremes(rules, first=False)
    for seat in range(1, seats + 1):
        bound = seat_bounds(seat, seats=seats, rules=rules)
        found = {"most": 0, "least": 0, "games": 0, "sie": 0, "tout": 0}
        for lines, thrown in every_sheet(seats, rules, most_thrown=4):
            sheet = SeatSheet(seat=seat, seats=seats, lines=lines, thrown=thrown)
            first, later = int(sheet.plays_first), sheet.games - sheet.plays_first
            found["most"] = max(found["most"], first * one.most + later * other.most)
            found["least"] = min(found["least"], first * one.least + later * other.least)
            found["games"] = max(found["games"], sheet.games)
            found["sie"] = max(found["sie"], first * one.sie + later * other.sie)
            found["tout"] = max(found["tout"], first * one.tout + later * other.tout)
        assert found == {
            "most": bound.most,
            "least": bound.least,
            "games": bound.games,
            "sie": bound.sie,
            "tout": bound.tout,
        }, f"seat {seat}"
