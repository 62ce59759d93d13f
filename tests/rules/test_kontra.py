"""Kontra is never silently ignored: where a tournament allows it, Stoß doubles and Retour
quadruples the game's value under every preset, the 2007 table included (4.2.4 of 2007, 6.2.8 of
2024); a sanction is not doubled (3.4.17: "whether it was doubled with Stoss ... irrelevant").

The plain values are read off each preset's source (see test_point_table_presets.py); Stoß and
Retour are twice and four times them. Custom tables: test_point_table_data.py and the properties
in test_point_table_properties.py. No database, no Django.
"""

from __future__ import annotations

import pytest

from rules.examples import example_games
from rules.presets import PRESETS, preset
from scoring.hand import HandFacts, Rules, hand_violations
from tests.rules.helpers import LOST, RUF, SCHNEIDER, SOLO, WON, rufspiel, scored, single

# (preset, game, the plain game's points per seat); Stoß doubles and Retour quadruples each.
PLAIN = [
    ("schafkopfschule-2007", "rufspiel-won", RUF | WON, rufspiel(1, -1)),
    ("schafkopfschule-2007", "solo-lost", SOLO | LOST, single(-6, 2)),
    ("schafkopfschule-2007", "tout-won", SOLO | WON | dict(tout=True), single(18, -6)),
    ("solo-15-5", "solo-won", SOLO | WON, single(15, -5)),
    ("solo-15-5", "rufspiel-lost-schneider", RUF | LOST | SCHNEIDER, rufspiel(-2, 2)),
    ("donau-ries-15-5", "tout-won", SOLO | WON | dict(tout=True), single(30, -10)),
    ("donau-ries-15-5", "solo-lost", SOLO | LOST, single(-15, 5)),
    ("plus-only", "solo-won", SOLO | WON, single(20, 0)),
    ("plus-only", "rufspiel-lost", RUF | LOST, rufspiel(0, 5)),
    ("preisschafkopf-tarif", "rufspiel-won", RUF | WON, rufspiel(20, -20)),
    ("preisschafkopf-tarif", "solo-3-laufende", SOLO | WON | dict(laufende=3), single(240, -80)),
    ("freie-punkte", "solo-lost", SOLO | LOST, single(-6, 2)),  # games count as 2007
]

LEVELS = [(1, 2, "6.2.8-4.2.4-stoss-x2"), (2, 4, "6.2.8-4.2.4-retour-x4")]


@pytest.mark.parametrize(
    ("key", "game", "expected"),
    [
        pytest.param(
            key,
            game | {"kontra": level},
            {p: factor * v for p, v in plain.items()},
            id=f"{rule}-{key}-{name}",
        )
        for key, name, game, plain in PLAIN
        for level, factor, rule in LEVELS
    ],
)
def test_stoss_doubles_and_retour_quadruples_the_game_under_every_preset(key, game, expected):
    assert scored(key, **game) == expected


@pytest.mark.parametrize(
    ("key", "game", "expected"),
    [
        pytest.param(key, game, plain, id=f"no-kontra-{key}-{name}")
        for key, name, game, plain in PLAIN
    ],
)
def test_without_kontra_the_game_scores_as_its_source_says(key, game, expected):
    assert scored(key, **game) == expected


def test_every_preset_is_checked_with_kontra():
    assert {key for key, *_ in PLAIN} == set(PRESETS)


#: (preset, the sanctioned Solo's points per seat) by 3.4.17, whatever Stoß or Retour.
SANCTIONED = [
    pytest.param(key, points, id=f"3.4.17-not-doubled-{key}")
    for key, points in [
        ("schafkopfschule-2007", single(-9, 3)),
        ("solo-15-5", single(-18, 6)),
        ("donau-ries-15-5", single(-18, 6)),
        ("plus-only", single(0, 20)),
        ("preisschafkopf-tarif", single(-180, 60)),
    ]
]


@pytest.mark.parametrize("kontra", [0, 1, 2], ids=["no-kontra", "stoss", "retour"])
@pytest.mark.parametrize(("key", "expected"), SANCTIONED)
def test_a_sanction_is_not_doubled_by_stoss_or_retour(key, expected, kontra):
    assert scored(key, **SOLO, offender="bert", kontra=kontra) == expected


@pytest.mark.parametrize("key", list(PRESETS))
def test_5_2_4_kontra_is_refused_where_the_tournament_does_not_allow_it(key):
    hand = HandFacts(number=3, seats=("a", "b", "c", "d"), declarer="b", won=True, kontra=1, **SOLO)
    codes = {v.code for v in hand_violations(hand, Rules(table=preset(key)))}
    assert codes == {"kontra_not_allowed"}


@pytest.mark.parametrize("key", list(PRESETS))
def test_the_example_shows_stoss_and_retour_when_kontra_is_allowed(key):
    shown = {
        e.key: (e.declaring_side, e.other_side) for e in example_games(preset(key), kontra=True)
    }
    ruf = shown["rufspiel"]
    assert shown["rufspiel_kontra"] == (2 * ruf[0], 2 * ruf[1])
    assert shown["rufspiel_retour"] == (4 * ruf[0], 4 * ruf[1])
    hidden = {e.key for e in example_games(preset(key), kontra=False)}
    assert not {"rufspiel_kontra", "rufspiel_retour"} & hidden
