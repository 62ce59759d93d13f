"""Which of the supervisor's decisions a stored game carries, and the refusal when somebody
who is not the supervisor tries to change or delete such a game.

A decision is a strike (also a refusal, which strikes the game, 5.2.17), an approval (5.2.14,
5.2.16) or a sanction (3.4.17). Only a supervisor of the tournament, or a correction the
supervisor signs off, may change or delete a game that carries one: otherwise a clerk or a
table's phone could delete the game and enter it again without the decision.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament import models
from tournament.scorekeeping.engine import hand_sanction


def hand_decisions(hand: models.Hand) -> list[str]:
    """The supervisor's decisions `hand` carries, in words (empty: none)."""
    decisions = []
    if hand.struck:
        decisions.append(pgettext("decision", "struck"))
    if hand.approved_by:
        decisions.append(pgettext("decision", "approved"))
    if hand_sanction(hand) is not None:
        decisions.append(pgettext("decision", "sanction"))
    return decisions


def decided_message(hand: models.Hand) -> str:
    """What a clerk or a phone is told when it tries to change or delete a decided game."""
    return _(
        "Game %(n)s carries a decision of the Turnierleitung (%(decisions)s): only the "
        "Turnierleitung can change or delete it. Ask the Turnierleitung for a correction."
    ) % {"n": hand.number, "decisions": ", ".join(hand_decisions(hand))}
