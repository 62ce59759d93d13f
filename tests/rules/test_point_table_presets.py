"""The point-table presets other than the 2007 table, custom tables, their dict form and checks.

Every expected value is read off the source the preset names (and the assumptions it states),
never off the engine: the 15/5 table of the SELF tournament 2022 (`solo-15-5`, whose Rufspiel and
Solo are the Donau-Ries-Schafkopfcup's), the 15/5 table of the Donau-Ries-Schafkopfcup itself
(`donau-ries-15-5`: Tout doubled, Sie quadrupled, Schneider and Schwarz not counted), the
plus-only ("Gute") table of the TSG Niederfüllbach and the money tariff of rule 6.2 of the
Schafkopfschule 2024 (values in cents). At the table of four bert declares and, in a
Rufspiel, dora is his partner; anna and carl defend. No database, no Django.
"""

from __future__ import annotations

import json

import pytest

from rules.contracts import Contract, Suit
from rules.examples import example_games
from rules.pointtables import (
    sanctions_by_3_4_17,
)
from rules.presets import DEFAULT_PRESET, PRESETS, SCHAFKOPFSCHULE_2007, preset
from rules.tablechecks import point_table_problems
from rules.tabledata import point_table_from_dict, point_table_to_dict
from scoring.hand import HandFacts, hand_points
from tests.rules.helpers import (
    FOUR,
    LOST,
    RUF,
    SCHNEIDER,
    SOLO,
    WON,
    rufspiel,
    scored,
    single,
)

FIVE = ("anna", "bert", "carl", "dora", "emil")

HERZ_SOLO = dict(contract=Contract.SOLO, suit=Suit.HERZ)
WENZ = dict(contract=Contract.WENZ)
GEIER = dict(contract=Contract.GEIER)
FARBWENZ = dict(contract=Contract.FARBWENZ, suit=Suit.SCHELLEN)
FARBGEIER = dict(contract=Contract.FARBGEIER, suit=Suit.GRAS)
SIE = dict(contract=Contract.SIE)
SCHWARZ = dict(schneider=True, schwarz=True)


def case(game: dict, expected: dict[str, int], rule: str, **more) -> object:
    return pytest.param(game | more, expected, id=rule)


# SELF Schafkopfturnier 2022, rule 6; Rufspiel and Solo as the Donau-Ries-Schafkopfcup's rule 5.
SOLO_15_5 = [
    case(RUF, rufspiel(1, -1), "5-rufspiel-je-1", **WON),
    case(RUF, rufspiel(-1, 1), "5-rufspiel-lost", **LOST),
    case(RUF, rufspiel(2, -2), "5-rufspiel-schneider-je-2", **WON, **SCHNEIDER),
    case(RUF, rufspiel(-3, 3), "5-rufspiel-schwarz-lost-je-3", **LOST, **SCHWARZ),
    case(SOLO, single(15, -5), "5-solo-won-15-je-5", **WON),
    case(SOLO, single(-15, 5), "5-solo-lost-je-5-plus-15-minus", **LOST),
    case(WENZ, single(15, -5), "5-wenz-won", **WON),
    case(SOLO, single(18, -6), "5-solo-schneider-18-6", **WON, **SCHNEIDER),
    case(WENZ, single(-18, 6), "5-wenz-schneider-lost", **LOST, **SCHNEIDER),
    case(SOLO, single(21, -7), "5-solo-schwarz-21-7", **WON, **SCHWARZ),
    case(SOLO, single(-21, 7), "5-solo-schwarz-lost", **LOST, **SCHWARZ),
    case(GEIER, single(15, -5), "assumed-geier-as-solo", **WON),
    case(FARBWENZ, single(-15, 5), "assumed-farbwenz-as-solo", **LOST),
    case(SOLO, single(42, -14), "self-tout-42-14", **WON, tout=True),
    case(WENZ, single(-42, 14), "self-tout-lost", **LOST, tout=True),
    case(SOLO, single(42, -14), "5-tout-schwarz-not-added", **WON, **SCHWARZ, tout=True),
    case(SIE, single(84, -28), "self-sie-84-28"),
    case(SOLO, single(15, -5), "5.2.8-laufende-not-scored", **WON, laufende=6),
    case(SOLO, single(30, -10), "6.2.8-stoss-if-a-tournament-allows-it", **WON, kontra=1),
    # 5.2.15: in the first game a Tout or Schwarz is a simple game; Schneider counts.
    case(SOLO, single(15, -5), "5.2.15-first-tout", **WON, tout=True, number=1),
    case(SOLO, single(-15, 5), "5.2.15-first-schwarz", **LOST, **SCHWARZ, number=1),
    case(SOLO, single(18, -6), "5.2.15-first-schneider", **WON, **SCHNEIDER, number=1),
    # 3.4.17: the offender's side loses Schneider; the offender pays it alone.
    case(RUF, dict(bert=0, dora=-4, anna=2, carl=2), "3.4.17-ruf-partner", offender="dora"),
    case(RUF, dict(bert=2, dora=2, anna=-4, carl=0), "3.4.17-ruf-defender", offender="anna"),
    case(SOLO, single(-18, 6), "3.4.17-solo-declarer", offender="bert"),
    case(SOLO, dict(bert=18, anna=0, carl=-18, dora=0), "3.4.17-solo-def", offender="carl"),
    case(SOLO, single(-42, 14), "3.4.17-tout-declarer", tout=True, offender="bert"),
    case(
        WENZ, dict(bert=42, anna=-42, carl=0, dora=0), "3.4.17-tout-def", tout=True, offender="anna"
    ),
    case(SOLO, single(-18, 6), "3.4.17-first-tout", tout=True, offender="bert", number=1),
]

# Donau-Ries-Schafkopfcup, Turnierregeln 2019/2020, rule 5: "Tout doppelt, Sie vierfach,
# Schneider und Durch nicht berechnet".
DONAU_RIES = [
    case(RUF, rufspiel(1, -1), "5-rufspiel-je-1", **WON),
    case(RUF, rufspiel(-3, 3), "5-rufspiel-schwarz-lost-je-3", **LOST, **SCHWARZ),
    case(SOLO, single(15, -5), "5-solo-won-15-je-5", **WON),
    case(WENZ, single(-15, 5), "5-wenz-lost-je-5-plus-15-minus", **LOST),
    case(SOLO, single(18, -6), "5-solo-schneider-18-6", **WON, **SCHNEIDER),
    case(WENZ, single(-21, 7), "5-wenz-schwarz-lost-21-7", **LOST, **SCHWARZ),
    case(SOLO, single(30, -10), "5-tout-doppelt-30-10", **WON, tout=True),
    case(WENZ, single(-30, 10), "5-tout-lost-doppelt", **LOST, tout=True),
    case(SOLO, single(30, -10), "5-tout-schwarz-nicht-berechnet", **WON, **SCHWARZ, tout=True),
    case(SIE, single(60, -20), "5-sie-vierfach-60-20"),
    case(SOLO, single(15, -5), "5-laufende-not-in-the-points", **WON, laufende=8),
    case(FARBGEIER, single(15, -5), "assumed-farbgeier-as-solo", **WON),
    case(SOLO, single(15, -5), "5.2.15-first-tout", **WON, tout=True, number=1),
    case(SOLO, single(-18, 6), "3.4.17-solo-declarer", offender="bert"),
    case(SOLO, single(-30, 10), "3.4.17-tout-declarer", tout=True, offender="bert"),
    case(
        WENZ, dict(bert=30, anna=0, carl=-30, dora=0), "3.4.17-tout-def", tout=True, offender="carl"
    ),
]

# TSG Niederfüllbach 2024: only winners score ("Gute", § 14); the preset's stated assumptions.
PLUS_ONLY = [
    case(RUF, rufspiel(5, 0), "§2-rufspiel-5", **WON),
    case(RUF, rufspiel(10, 0), "§2-rufspiel-schneider-10", **WON, **SCHNEIDER),
    case(RUF, rufspiel(15, 0), "§2-rufspiel-schwarz-15", **WON, **SCHWARZ),
    case(RUF, rufspiel(0, 5), "§14-rufspiel-lost-defenders-score", **LOST),
    case(RUF, rufspiel(0, 10), "§14-rufspiel-lost-schneider", **LOST, **SCHNEIDER),
    case(SOLO, single(20, 0), "§8-solo-20", **WON),
    case(HERZ_SOLO, single(30, 0), "§8-herz-solo-30", **WON),
    case(SOLO, single(20, 0), "§13-schneider-only-in-rufspiel", **WON, **SCHWARZ),
    case(SOLO, single(0, 20), "assumed-lost-solo-each-defender", **LOST),
    case(HERZ_SOLO, single(0, 30), "assumed-lost-herz-solo", **LOST),
    case(WENZ, single(20, 0), "assumed-wenz-as-solo", **WON),
    case(FARBGEIER, single(20, 0), "assumed-farbgeier-as-solo", **WON),
    case(RUF, rufspiel(5, 0), "§9-one-laufender-nothing", **WON, laufende=1),
    case(RUF, rufspiel(15, 0), "§9-two-laufende-10", **WON, laufende=2),
    case(RUF, rufspiel(0, 20), "§9-three-laufende-15", **LOST, laufende=3),
    case(SOLO, single(40, 0), "§9-four-laufende-20", **WON, laufende=4),
    case(SOLO, single(40, 0), "§9-no-more-than-four", **WON, laufende=7),
    case(SOLO, single(40, 0), "§8-tout-doubled", **WON, tout=True),
    case(HERZ_SOLO, single(90, 0), "§8-herz-tout-3-laufende", **WON, tout=True, laufende=3),
    case(WENZ, single(0, 40), "§8-tout-lost", **LOST, tout=True),
    case(SIE, single(160, 0), "assumed-sie-4-solos-with-4-laufende"),
    case(SOLO, single(40, 0), "6.2.8-stoss-if-a-tournament-allows-it", **WON, kontra=1),
    case(SOLO, single(20, 0), "5.2.15-first-tout", **WON, tout=True, number=1),
    case(
        SOLO, single(30, 0), "5.2.15-first-laufende-count", **WON, tout=True, laufende=2, number=1
    ),
    # 3.4.17 on a plus-only table: the other side scores Schneider, the offender 0.
    case(RUF, dict(bert=0, dora=0, anna=10, carl=10), "3.4.17-ruf", offender="bert"),
    case(RUF, dict(bert=10, dora=10, anna=0, carl=0), "3.4.17-ruf-def", offender="carl"),
    case(SOLO, single(0, 20), "3.4.17-solo-declarer", offender="bert"),
    case(HERZ_SOLO, dict(bert=20, anna=0, carl=0, dora=0), "3.4.17-solo-def", offender="dora"),
    case(SOLO, single(0, 40), "3.4.17-tout-declarer", tout=True, offender="bert"),
    case(
        GEIER, dict(bert=40, anna=0, carl=0, dora=0), "3.4.17-tout-def", tout=True, offender="anna"
    ),
]

# Schafkopfschule 2024, rule 6.2 (cents, per payment, 6.2.9).
TARIF = [
    case(RUF, rufspiel(20, -20), "6.2.5-rufspiel-20", **WON),
    case(RUF, rufspiel(-30, 30), "6.2.5-rufspiel-schneider", **LOST, **SCHNEIDER),
    case(RUF, rufspiel(40, -40), "6.2.5-rufspiel-schwarz", **WON, **SCHWARZ),
    case(RUF, rufspiel(20, -20), "6.2.3-two-laufende-not-paid", **WON, laufende=2),
    case(RUF, rufspiel(50, -50), "6.2.3-three-laufende", **WON, laufende=3),
    case(RUF, rufspiel(-160, 160), "6.2.2-fourteen-laufende", **LOST, laufende=14),
    case(SOLO, single(150, -50), "6.2.5-einzelspiel-50", **WON),
    case(SOLO, single(-180, 60), "6.2.5-solo-schneider", **LOST, **SCHNEIDER),
    case(SOLO, single(210, -70), "6.2.5-solo-schwarz", **WON, **SCHWARZ),
    case(SOLO, single(150, -50), "6.2.3-solo-two-ober-not-paid", **WON, laufende=2),
    case(SOLO, single(240, -80), "6.2.3-solo-three-ober", **WON, laufende=3),
    case(WENZ, single(150, -50), "6.2.3-wenz-one-unter", **WON, laufende=1),
    case(WENZ, single(-210, 70), "6.2.3-wenz-from-two-unter", **LOST, laufende=2),
    case(GEIER, single(210, -70), "assumed-geier-from-two", **WON, laufende=2),
    case(FARBWENZ, single(150, -50), "6.2.3-farbwenz-from-three", **WON, laufende=2),
    case(FARBWENZ, single(240, -80), "6.2.3-farbwenz-three-unter", **WON, laufende=3),
    case(FARBGEIER, single(150, -50), "assumed-farbgeier-from-three", **WON, laufende=2),
    case(SOLO, single(300, -100), "6.2.6-tout-doubles", **WON, tout=True),
    case(SOLO, single(300, -100), "6.2.6-no-schwarz-in-tout", **WON, **SCHWARZ, tout=True),
    case(WENZ, single(-420, 140), "6.2.6-tout-doubles-laufende", **LOST, tout=True, laufende=2),
    case(SIE, single(1560, -520), "6.2.7-sie-4-solos-with-8-laufende"),
    case(RUF, rufspiel(40, -40), "6.2.8-stoss-doubles", **WON, kontra=1),
    case(RUF, rufspiel(-80, 80), "6.2.8-retour-quadruples", **LOST, kontra=2),
    case(SOLO, single(1080, -360), "6.2.8-retour-of-all", **WON, **SCHNEIDER, laufende=3, kontra=2),
    case(SOLO, single(270, -90), "5.2.15-first-schwarz", **WON, **SCHWARZ, laufende=4, number=1),
    case(SOLO, single(-300, 100), "5.2.15-first-tout-stoss", **LOST, tout=True, kontra=1, number=1),
    # 3.4.17: proportional to the tariff; Laufende and Stoß do not count, only Schneider.
    case(RUF, dict(bert=-60, dora=0, anna=30, carl=30), "3.4.17-ruf", offender="bert", laufende=5),
    case(SOLO, single(-180, 60), "3.4.17-solo-declarer", offender="bert", kontra=2),
    case(WENZ, dict(bert=180, anna=0, carl=0, dora=-180), "3.4.17-wenz-def", offender="dora"),
    case(SOLO, single(-300, 100), "3.4.17-tout-declarer", tout=True, offender="bert"),
    case(
        SOLO,
        dict(bert=300, anna=0, carl=-300, dora=0),
        "3.4.17-tout-def",
        tout=True,
        offender="carl",
    ),
]

# The 2007 table (5.2.7, 5.2.8): Laufende change nothing; an allowed Stoß doubles (4.2.4).
SCHAFKOPFSCHULE = [
    case(SOLO, single(6, -2), "5.2.8-laufende-not-scored", **WON, laufende=8),
    case(RUF, rufspiel(-8, 8), "4.2.4-retour-quadruples", **LOST, **SCHNEIDER, kontra=2),
    case(SIE, single(24, -8), "5.2.7-sie"),
    case(SIE, single(48, -16), "6.2.8-of-2024-stoss-doubles-a-sie", kontra=1),
]

CASES = [
    *[("solo-15-5", *c.values, c.id) for c in SOLO_15_5],
    *[("donau-ries-15-5", *c.values, c.id) for c in DONAU_RIES],
    *[("plus-only", *c.values, c.id) for c in PLUS_ONLY],
    *[("preisschafkopf-tarif", *c.values, c.id) for c in TARIF],
    *[("schafkopfschule-2007", *c.values, c.id) for c in SCHAFKOPFSCHULE],
]


@pytest.mark.parametrize(
    ("key", "game", "expected"),
    [pytest.param(key, game, expected, id=f"{key}:{rule}") for key, game, expected, rule in CASES],
)
def test_each_preset_scores_a_game_as_its_source_says(key, game, expected):
    assert scored(key, **game) == expected


@pytest.mark.parametrize("key", list(PRESETS))
@pytest.mark.parametrize(
    "game",
    [
        pytest.param(RUF | WON | SCHNEIDER | dict(laufende=3), id="rufspiel"),
        pytest.param(HERZ_SOLO | LOST | dict(laufende=4, kontra=1), id="herz-solo"),
        pytest.param(WENZ | WON | dict(tout=True, laufende=2), id="wenz-tout"),
        pytest.param(SIE, id="sie"),
        pytest.param(SOLO | dict(offender="anna"), id="sanctioned"),
    ],
)
def test_at_a_table_of_five_the_dealer_scores_nothing_and_the_others_as_at_four(key, game):
    dealer = "emil"  # seat 5 deals game 5
    five = scored(key, number=5, seats=FIVE, **game)
    four = scored(key, number=5, seats=FOUR, **game)
    assert five == four | {dealer: 0}


@pytest.mark.parametrize("key", list(PRESETS))
def test_a_struck_game_scores_nothing_on_any_table(key):
    hand = HandFacts(number=3, seats=FOUR, declarer="bert", struck=True, **SOLO, **WON)
    assert set(hand_points(hand, preset(key)).values()) == {0}


def test_the_default_preset_is_the_2007_table_and_every_preset_is_known_by_its_key():
    assert DEFAULT_PRESET == "schafkopfschule-2007" == SCHAFKOPFSCHULE_2007.key
    assert list(PRESETS) == [
        "schafkopfschule-2007",
        "solo-15-5",
        "donau-ries-15-5",
        "plus-only",
        "preisschafkopf-tarif",
        "freie-punkte",
    ]
    assert all(preset(key).key == key for key in PRESETS)
    assert len({table.title for table in PRESETS.values()}) == len(PRESETS)


SOURCES = [
    pytest.param("schafkopfschule-2007", ["5.2.7", "3.4.17"], id="2007"),
    pytest.param("solo-15-5", ["Donau-Ries", "self-bar.de", "Annahmen"], id="15-5"),
    pytest.param(
        "donau-ries-15-5", ["donauries-schafkopfcup.de", "30/10", "60/20", "Annahmen"], id="donau"
    ),
    pytest.param("plus-only", ["Niederfüllbach", "Annahmen"], id="plus-only"),
    pytest.param("preisschafkopf-tarif", ["6.2.3", "6.2.7", "3.4.17", "Annahmen"], id="tarif"),
]


@pytest.mark.parametrize(("key", "mentions"), SOURCES)
def test_each_preset_names_its_source_and_says_what_it_assumes(key, mentions):
    assert all(mention in preset(key).source for mention in mentions)


FLAGS = [
    pytest.param("schafkopfschule-2007", True, False, False, id="2007"),
    pytest.param("solo-15-5", True, False, False, id="15-5"),
    pytest.param("donau-ries-15-5", True, False, False, id="donau"),
    pytest.param("plus-only", False, False, True, id="plus-only"),
    pytest.param("preisschafkopf-tarif", True, True, True, id="tarif"),
]


@pytest.mark.parametrize(("key", "zero_sum", "kontra", "laufende"), FLAGS)
def test_each_preset_says_whether_it_is_zero_sum_and_counts_kontra_and_laufende(
    key, zero_sum, kontra, laufende
):
    table = preset(key)
    assert (table.zero_sum, table.kontra_allowed, table.laufende_counted) == (
        zero_sum,
        kontra,
        laufende,
    )


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_preset_passes_the_checks_and_has_the_sanctions_of_rule_3_4_17(key):
    assert point_table_problems(preset(key)) == []
    assert preset(key).sanction == sanctions_by_3_4_17(preset(key))


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_preset_survives_the_dict_form_and_json(key):
    data = point_table_to_dict(preset(key))
    assert point_table_from_dict(json.loads(json.dumps(data))) == preset(key)


# --- What a form shows: the examples ----------------------------------------------------------

EXAMPLES = [
    pytest.param(
        "schafkopfschule-2007",
        {"rufspiel": (1, -1), "solo": (6, -2), "solo_lost": (-6, 2), "solo_tout": (18, -6)}
        | {"sie": (24, -8), "rufspiel_schwarz": (3, -3), "solo_schneider": (9, -3)},
        {"rufspiel_kontra", "solo_herz", "rufspiel_3_laufende"},
        id="2007",
    ),
    pytest.param(
        "plus-only",
        {"rufspiel_lost": (0, 5), "solo_herz": (30, 0), "solo_tout_lost": (0, 40)}
        | {"rufspiel_2_laufende": (15, 0), "sie": (160, 0)},
        {"wenz", "rufspiel_3_laufende"},
        id="plus-only",
    ),
    pytest.param(
        "preisschafkopf-tarif",
        {"rufspiel": (20, -20), "solo": (150, -50), "wenz_2_laufende": (210, -70)}
        | {"rufspiel_retour": (80, -80), "sie": (1560, -520), "solo_3_laufende": (240, -80)},
        {"solo_herz", "wenz"},
        id="tarif",
    ),
]


@pytest.mark.parametrize(("key", "expected", "absent"), EXAMPLES)
def test_the_examples_show_what_each_kind_of_game_scores_under_a_table(key, expected, absent):
    examples = {e.key: (e.declaring_side, e.other_side) for e in example_games(preset(key))}
    assert {k: examples[k] for k in expected} == expected
    assert not absent & set(examples)


def test_each_example_scores_as_a_game_does():
    for table in PRESETS.values():
        for example in example_games(table):
            assert (example.declaring_side, example.other_side) == tuple(
                vars(table.points(example.game)).values()
            )
