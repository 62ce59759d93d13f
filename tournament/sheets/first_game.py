"""How a game saved in the first game of a sheet was scored when 5.2.15 made it a simple game:
a single-player Tout or Schwarz there counts as a simple single-player game, won or lost by its
Augen when they are given (scoring/hand.py `first_game_simple`, `simple_game_won`). The clerk's
entry line and the table's phone say so after saving such a game."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.contracts import Contract
from scoring.hand import first_game_simple, simple_game_won
from scoring.seating import first_game_number
from tournament import models
from tournament.scorekeeping.engine import engine_hand, sheet_context


def first_game_note(hand: models.Hand) -> str:
    """For a game scored as a simple game by 5.2.15, the sentence saying so and how it came
    out (e.g. "Game 1: a Tout in the first game, scored as a simple single-player game (rule
    5.2.15): won with 100 Augen."); '' for any other game (without a query when it is no Tout or
    Schwarz)."""
    if not (hand.tout or hand.schwarz) or hand.declarer_id is None:
        return ""
    table = models.Table.objects.select_related("durchgang__tournament").get(pk=hand.table_id)
    thrown = table.hands.filter(contract=Contract.ZUSAMMENGEWORFEN).values_list("number", flat=True)
    facts = engine_hand(hand, sheet_context(table), first_number=first_game_number(list(thrown)))
    if not first_game_simple(facts):
        return ""
    if hand.tout:
        head = _(
            "Game %(n)s: a Tout in the first game, scored as a simple single-player game "
            "(rule 5.2.15)"
        )
    else:
        head = _(
            "Game %(n)s: Schwarz in the first game, scored as a simple single-player game "
            "without Schneider (rule 5.2.15)"
        )
    won = simple_game_won(facts)
    if hand.augen is None:
        result = (
            _("won as entered (no Augen given)") if won else _("lost as entered (no Augen given)")
        )
    else:
        result = _("won with %(augen)s Augen") if won else _("lost with %(augen)s Augen")
    return f"{head % {'n': hand.number}}: {result % {'augen': hand.augen}}."
