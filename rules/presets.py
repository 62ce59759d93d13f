"""The named point tables (presets).

Plain Python, no Django. A preset is a dict in the form of rules/tabledata.py, the same form in
which a tournament stores a custom table and the interchange file carries one: rule variants
are data, never branches in code. Each preset names its `source`; what the source leaves open is
said there as an assumption. Values are per payment on zero-sum tables and per winner on
plus-only tables (see `rules.pointtables`). Every preset's sanctions are those rule 3.4.17 gives
it (`sanctions_by_3_4_17`), written out as data.

Every table is scored with the project's reading of the tournament rules (docs/rules.md): in the
first game of a sheet a single-player Tout or Schwarz is a simple game (5.2.15; its Laufende and
Stoß still count), a sanctioned game is scored by the sanction (3.4.17), a struck game scores 0,
and where a tournament allows Kontra, Stoß doubles and Retour quadruples the game's value
(`rules.pointtables.KONTRA_FACTORS`).
"""

from __future__ import annotations

from rules.pointtables import PointTable
from rules.tabledata import TableData, point_table_from_dict

# --- The presets --------------------------------------------------------------------------

SCHAFKOPFSCHULE_2007_DATA: TableData = {
    "key": "schafkopfschule-2007",
    "title": "Schafkopfschule 2007 (Turnierregeln 5.2.7)",
    "source": "Schafkopfschule München, Turnierregeln vom 29.03.2007, Regeln 5.2.7 und 3.4.17",
    "zero_sum": True,  # 5.2.7: plus points for winners, minus points for losers
    "kontra_allowed": False,  # 5.2.4
    "rufspiel": {"base": 1, "schneider": 1, "schwarz": 1},  # each 1 / 2 / 3
    "single": {"base": 2, "schneider": 1, "schwarz": 1},  # 6/2, 9/3, 12/4
    "tout": {"fixed": 6},  # 18/6
    "sie": {"fixed": 8},  # 24/8
    "sanction": {  # 3.4.17
        "rufspiel": {"offender": 4, "opponent": 2},
        "single": {"offender": 9, "opponent": 3, "declarer": 9},
        "tout": {"offender": 18, "opponent": 6, "declarer": 18},
    },
}

SOLO_15_5_DATA: TableData = {  # the key of the first 15/5 table, kept for files that name it
    "key": "solo-15-5",
    "title": (
        "15/5 des SELF-Schafkopfturniers 2022 (Rufspiel 1/2/3, Solo 15/5, Tout 42/14, Sie 84/28)"
    ),
    "source": (
        "Schafkopfturnier im SELF, 20.03.2022, Spielregeln (self-bar.de/schafkopf-tournier/): "
        "Rufspiel je 1/2/3, Wenz oder Solo 15/5, Schneider 18/6, Schwarz 21/7, Wenz- oder "
        "Solo-Tout 42/14, Solo-Sie 84/28 (doppelt und vierfach ein Solo Schwarz); kein Stoß. "
        "Rufspiel und Solo zählen wie beim Donau-Ries-Schafkopfcup, Tout und Sie nicht (dort "
        "30/10 und 60/20: Voreinstellung donau-ries-15-5). Annahmen: Laufende werden dort „ab "
        "drei gewertet“, die Wertung nennt aber keinen Wert: nicht gezählt; Farbwenz, Geier und "
        "Farbgeier wie Solo; Sanktionen nach 3.4.17 abgeleitet (keine veröffentlicht)."
    ),
    "zero_sum": True,
    "kontra_allowed": False,
    "rufspiel": {"base": 1, "schneider": 1, "schwarz": 1},  # each 1 / 2 / 3
    "single": {"base": 5, "schneider": 1, "schwarz": 1},  # 15/5, 18/6, 21/7
    "tout": {"factor": 2, "tier": "schwarz"},  # 42/14
    "sie": {"factor": 4, "tier": "schwarz"},  # 84/28
    "sanction": {  # 3.4.17: the offender's side loses Schneider (Tout: the Tout)
        "rufspiel": {"offender": 4, "opponent": 2},
        "single": {"offender": 18, "opponent": 6, "declarer": 18},
        "tout": {"offender": 42, "opponent": 14, "declarer": 42},
    },
}

DONAU_RIES_15_5_DATA: TableData = {
    "key": "donau-ries-15-5",
    "title": "15/5 des Donau-Ries-Schafkopfcups (Rufspiel 1/2/3, Solo 15/5, Tout 30/10, Sie 60/20)",
    "source": (
        "Donau-Ries-Schafkopfcup, Turnierregeln 2019/2020, Regel 5 "
        "(donauries-schafkopfcup.de/turnierregeln-2019-2020/): Rufspiel je 1/2/3, Solo oder Wenz "
        "15/5, Schneider 18/6, Schwarz 21/7; Tout doppelt (30/10), Sie vierfach (60/20), "
        "„Schneider und Durch nicht berechnet“; Stoß nicht gestattet (Regel 3); Laufende nur im "
        "Geldtarif, nicht in der Punktewertung. Annahmen: Farbwenz, Geier und Farbgeier wie Solo; "
        "Sanktionen nach 3.4.17 abgeleitet (keine veröffentlicht)."
    ),
    "zero_sum": True,
    "kontra_allowed": False,
    "rufspiel": {"base": 1, "schneider": 1, "schwarz": 1},  # each 1 / 2 / 3
    "single": {"base": 5, "schneider": 1, "schwarz": 1},  # 15/5, 18/6, 21/7
    "tout": {"factor": 2},  # 30/10: twice the simple game
    "sie": {"factor": 4},  # 60/20: four times the simple game
    "sanction": {  # 3.4.17: the offender's side loses Schneider (Tout: the Tout)
        "rufspiel": {"offender": 4, "opponent": 2},
        "single": {"offender": 18, "opponent": 6, "declarer": 18},
        "tout": {"offender": 30, "opponent": 10, "declarer": 30},
    },
}

PLUS_ONLY_DATA: TableData = {
    "key": "plus-only",
    "title": "Nur Gute (Rufspiel 5/10/15, Solo 20, Herz-Solo 30, Laufende ab 2)",
    "source": (
        "TSG Niederfüllbach, Schafkopfturnier 31.10.2024, Spielregeln §§ 2, 8, 9, 13–15 "
        "(schafkopfrennen.de): es werden nur „Gute“ geschrieben; Rufspiel 5/10/15; jedes Solo 20, "
        "Herz-Solo 30; Tout verdoppelt die ermittelte Punktzahl; mit 2, 3, 4 Laufenden 10, 15, 20 "
        "Punkte dazu, weitere nicht; Schneider zählt nur beim Rufspiel; kein Kontra. Annahmen: "
        "bei einem verlorenen Einzelspiel schreibt jeder Gegenspieler den Spielwert; Wenz, Geier, "
        "Farbwenz und Farbgeier wie Solo; Sie = 4 × Solo mit 8 Laufenden (wie Regel 6.2.7 von "
        "2024) = 160; Sanktionen nach 3.4.17: die Gegenseite schreibt, was sie Schneider "
        "gewonnen hätte, der Schuldige 0."
    ),
    "zero_sum": False,
    "kontra_allowed": False,
    "rufspiel": {
        "base": 5,
        "schneider": 5,
        "schwarz": 5,
        "laufende_unit": 5,
        "laufende_from": 2,
        "laufende_max": 4,
    },
    "single": {"base": 20, "laufende_unit": 5, "laufende_from": 2, "laufende_max": 4},
    "overrides": {"solo": {"suits": {"herz": 30}}},
    "tout": {"factor": 2},  # twice the game with its Laufende
    "sie": {"factor": 4, "laufende": 8},  # 4 × (20 + 4 × 5)
    "sanction": {
        "rufspiel": {"offender": 0, "opponent": 10},
        "single": {"offender": 0, "opponent": 20, "declarer": 20},
        "tout": {"offender": 0, "opponent": 40, "declarer": 40},
    },
}

PREISSCHAFKOPF_TARIF_DATA: TableData = {
    "key": "preisschafkopf-tarif",
    "title": "Preisschafkopf-Tarif in Cent (Regel 6.2 von 2024)",
    "unit": "cents",
    "source": (
        "Schafkopfschule, Regeln 2024, 6.2 Spielabrechnung: Rufspiel 20 ct, Einzelspiel 50 ct, "
        "je 10 ct für Schneider, Schwarz und jeden Laufenden (6.2.5); Laufende ab 3, beim Wenz "
        "ab 2 (6.2.3); Tout verdoppelt den Preis einschließlich der Laufenden, ohne Schneider und "
        "Schwarz (6.2.6); Sie = 4 × Solo mit 8 Laufenden = 520 ct (6.2.7); Stoß ×2, Retour ×4 "
        "(6.2.8); je Zahlung (6.2.9). Annahmen: Geier wie Wenz (Laufende ab 2), Farbgeier wie "
        "Farbwenz (ab 3); Sanktionen nach 3.4.17 („proportional zum Tarif“, Laufende und Stoß "
        "zählen nicht, nur Schneider)."
    ),
    "zero_sum": True,
    "kontra_allowed": True,
    "rufspiel": {
        "base": 20,
        "schneider": 10,
        "schwarz": 10,
        "laufende_unit": 10,
        "laufende_from": 3,
    },
    "single": {
        "base": 50,
        "schneider": 10,
        "schwarz": 10,
        "laufende_unit": 10,
        "laufende_from": 3,
    },
    "overrides": {"wenz": {"laufende_from": 2}, "geier": {"laufende_from": 2}},
    "tout": {"factor": 2},
    "sie": {"factor": 4, "laufende": 8},
    "sanction": {
        "rufspiel": {"offender": 60, "opponent": 30},
        "single": {"offender": 180, "opponent": 60, "declarer": 180},
        "tout": {"offender": 300, "opponent": 100, "declarer": 300},
    },
}

FREIE_PUNKTE_DATA: TableData = {
    "key": "freie-punkte",
    "title": "Freie Punktzahlen ohne Tabelle (nur Summenlisten, Nullsumme)",
    "source": (
        "Keine Regel: für Summenlisten in Punktzahlen, die ohne Punktetabelle gezählt wurden, "
        "z. B. aus SchafkopfTurnier übernommen (ganze Zahlen, die sich je Spieltisch zu 0 "
        "ergänzen). Geprüft wird nur diese Summe, nicht, was ein Spiel geben kann. Spiele, die "
        "doch einzeln erfasst werden, zählen wie nach der Schafkopfschule 2007."
    ),
    "game_bounds": False,
} | {
    name: SCHAFKOPFSCHULE_2007_DATA[name]
    for name in ("zero_sum", "kontra_allowed", "rufspiel", "single", "tout", "sie", "sanction")
}

PRESET_DATA: tuple[TableData, ...] = (
    SCHAFKOPFSCHULE_2007_DATA,
    SOLO_15_5_DATA,
    DONAU_RIES_15_5_DATA,
    PLUS_ONLY_DATA,
    PREISSCHAFKOPF_TARIF_DATA,
    FREIE_PUNKTE_DATA,
)

PRESETS: dict[str, PointTable] = {
    table.key: table for table in (point_table_from_dict(data) for data in PRESET_DATA)
}

SCHAFKOPFSCHULE_2007 = PRESETS["schafkopfschule-2007"]

DEFAULT_PRESET = SCHAFKOPFSCHULE_2007.key


def preset(key: str) -> PointTable:
    """The point table named `key`; KeyError when the installation does not know it."""
    return PRESETS[key]
