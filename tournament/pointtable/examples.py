"""The example games beside the point table's form: what each game scores with the values
typed, each named as the supervisor reads it."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

from rules.contracts import Suit
from rules.examples import example_games
from rules.pointtables import PointTable
from tournament.scorekeeping.deck import solo_won_label

EXAMPLE_LABELS = {
    "rufspiel": gettext_lazy("Rufspiel won"),
    "rufspiel_schneider": gettext_lazy("Rufspiel won Schneider"),
    "rufspiel_schwarz": gettext_lazy("Rufspiel won Schwarz"),
    "rufspiel_lost": gettext_lazy("Rufspiel lost"),
    "solo": pgettext_lazy("example game", "Solo won"),  # "Solo won" alone: the tie-break column
    "solo_schneider": gettext_lazy("Solo won Schneider"),
    "solo_schwarz": gettext_lazy("Solo won Schwarz"),
    "solo_lost": gettext_lazy("Solo lost"),
    "solo_tout": gettext_lazy("Solo Tout won"),
    "solo_tout_lost": gettext_lazy("Solo Tout lost"),
    "sie": gettext_lazy("Sie"),
    "wenz": gettext_lazy("Wenz won"),
    "farbwenz": gettext_lazy("Farbwenz won"),
    "geier": gettext_lazy("Geier won"),
    "farbgeier": gettext_lazy("Farbgeier won"),
    "rufspiel_kontra": gettext_lazy("Rufspiel won with Stoß"),
    "rufspiel_retour": gettext_lazy("Rufspiel won with Retour"),
}
LAUFENDE_LABEL = gettext_lazy("%(game)s won with %(n)s Laufende")
GAME_NAMES = {
    "rufspiel": gettext_lazy("Rufspiel"),
    "solo": gettext_lazy("Solo"),
    "wenz": gettext_lazy("Wenz"),
    "farbwenz": gettext_lazy("Farbwenz"),
    "geier": gettext_lazy("Geier"),
    "farbgeier": gettext_lazy("Farbgeier"),
}


def example_label(key: str) -> str:
    if key.startswith("solo_") and key[5:] in Suit._value2member_map_:  # in the tournament's deck
        return solo_won_label(Suit(key[5:]))
    if key in EXAMPLE_LABELS:
        return str(EXAMPLE_LABELS[key])
    game, _sep, rest = key.partition("_")
    n = rest.removesuffix("_laufende")
    if rest.endswith("_laufende") and n.isdecimal():
        return str(LAUFENDE_LABEL) % {"game": str(GAME_NAMES.get(game, game)), "n": n}
    return key


def examples(table: PointTable) -> list[tuple[str, int, int]]:
    """(game, each player of the declaring side, each of the other side) for the example list."""
    return [(example_label(e.key), e.declaring_side, e.other_side) for e in example_games(table)]
