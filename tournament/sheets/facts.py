"""A game as it was entered, fact by fact, in words: what the supervisor reads in the queues of
approvals and corrections before deciding (the players named "Nr. 9 Michael Schmid")."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament import models
from tournament.scorekeeping.engine import hand_sanction
from tournament.scorekeeping.violations import player_label
from tournament.sheets.display import contract_text, mistake_by_text


def player_text(player: models.Player | None) -> str:
    return player_label(player.start_number, player.name) if player is not None else "–"


def _result(hand: models.Hand) -> str:
    if hand.contract == "sie" or hand.won is None:
        return "–"
    return _("won") if hand.won else _("lost")


def _decision(hand: models.Hand, offender: models.Player | None) -> str:
    parts = []
    if hand.struck:
        parts.append(_("struck"))
    if offender is not None:
        parts.append(_("sanction against %(offender)s") % {"offender": player_text(offender)})
        maker = hand.sanction.mistake_by if hand_sanction(hand) is not None else None
        if maker is not None:
            parts.append(mistake_by_text(player_text(maker)))
    if hand.approved_by:
        parts.append(_("approved by %(name)s") % {"name": hand.approved_by})
    return ", ".join(parts) or "–"


def game_facts(
    hand: models.Hand, *, offender: models.Player | None = None, decisions: bool = False
) -> list[tuple[str, str]]:
    """(label, value) of every fact of the game as entered: contract and suit, declarer,
    partner, won or lost, Schneider/Schwarz, Laufende, Kontra/Retour, Tout, Augen; with
    `decisions` the supervisor's decisions too (struck, the sanction's `offender`, approval)."""
    kontra = {1: _("Kontra"), 2: _("Retour")}.get(hand.kontra, "–")
    extra = _("Schwarz") if hand.schwarz else _("Schneider") if hand.schneider else "–"
    facts = [
        (_("Contract"), contract_text(hand.contract, hand.suit)),
        (_("Declarer"), player_text(hand.declarer)),
        (_("Partner"), player_text(hand.partner)),
        (_("Result"), _result(hand)),
        (_("Schneider / Schwarz"), extra),
        (_("Laufende"), str(hand.laufende) if hand.laufende else "–"),
        (_("Kontra / Retour"), kontra),
        (_("Tout"), _("yes") if hand.tout else _("no")),
        (_("Augen"), str(hand.augen) if hand.augen is not None else "–"),
    ]
    if decisions:
        facts.append((_("Decision"), _decision(hand, offender)))
    return facts


def stored_offender(hand: models.Hand | None) -> models.Player | None:
    sanction = hand_sanction(hand)
    return sanction.offender if sanction is not None else None


def facts_compared(
    before: models.Hand | None,
    after: models.Hand | None,
    *,
    before_offender: models.Player | None = None,
    after_offender: models.Player | None = None,
) -> list[tuple[str, str, str, bool]]:
    """(label, before, after, changed) of every fact of a game that a correction changes;
    a missing game (None) shows "–" throughout."""
    old = game_facts(before, offender=before_offender, decisions=True) if before else None
    new = game_facts(after, offender=after_offender, decisions=True) if after else None
    labels = [label for label, _value in (old or new or [])]
    rows = []
    for index, label in enumerate(labels):
        was = old[index][1] if old else "–"
        will = new[index][1] if new else "–"
        rows.append((label, was, will, was != will))
    return rows
