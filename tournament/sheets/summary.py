"""A game as the confirmations of deleting and restoring it show it: its number, dealer,
contract, declarer and partner, result, Laufende, Kontra, the supervisor's decisions and the
points of every seat, read from the history's snapshot of it (`scorekeeping.history.hand_snapshot`),
so that a stored game and a deleted one look the same."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.seating import dealer_index, playing_indices
from tournament import models
from tournament.scorekeeping.violations import player_label
from tournament.sheets.display import contract_text, mistake_by_text, result_text


@dataclass(frozen=True)
class SeatPoints:
    seat: models.Seat
    points: int | None  # None: the seat sits out this game (the dealer at a table of five)


@dataclass(frozen=True)
class GameSummary:
    number: int
    dealer: models.Seat
    contract: str
    declarer: str
    partner: str
    result: str
    augen: int | None
    laufende: int | None
    kontra: str
    decisions: list[str]
    points: list[SeatPoints]


def kontra_text(kontra: int) -> str:
    return {1: _("Stoß"), 2: _("Stoß and Retour")}.get(kontra, _("none"))


def decisions_text(snapshot: dict) -> list[str]:
    """The supervisor's decisions on the game, and whether it waits for an approval."""
    texts = []
    if snapshot.get("struck"):
        texts.append(_("struck: scores 0"))
    elif snapshot.get("needs_approval") and not snapshot.get("approved_by"):
        texts.append(_("approval needed: scores 0 until approved"))
    if snapshot.get("approved_by"):
        note = snapshot.get("approval_note")
        text = _("approved by %(name)s") % {"name": snapshot["approved_by"]}
        texts.append(f"{text}: {note}" if note else text)
    sanction = snapshot.get("sanction")
    if isinstance(sanction, dict):
        texts.append(
            _("sanction against %(offender)s") % {"offender": sanction.get("offender")}
            + f": {sanction.get('reason', '')}"
        )
        if sanction.get("mistake_by"):
            texts.append(mistake_by_text(sanction["mistake_by"]))
    return texts


def person_label(person: str | None) -> str:
    """A player of a snapshot ("9 Michael Schmid", `scorekeeping.history.person`) as people
    know them:
    "Nr. 9 Michael Schmid"."""
    number, _space, name = (person or "").partition(" ")
    return player_label(int(number), name) if number.isdigit() else person or ""


def game_summary(snapshot: dict, seats: list[models.Seat]) -> GameSummary:
    """The game of `snapshot` at the table of `seats` (ordered by position)."""
    number = int(snapshot["number"])
    count = len(seats)
    playing = set(playing_indices(number, count))
    points = snapshot.get("points") or {}
    return GameSummary(
        number=number,
        dealer=seats[dealer_index(number, count)],
        contract=contract_text(snapshot["contract"], snapshot.get("suit") or "", snapshot["tout"]),
        declarer=person_label(snapshot.get("declarer")) or "–",
        partner=person_label(snapshot.get("partner")),
        result=result_text(
            won=snapshot.get("won"),
            schneider=snapshot.get("schneider", False),
            schwarz=snapshot.get("schwarz", False),
            contract=snapshot["contract"],
        ),
        augen=snapshot.get("augen"),
        laufende=snapshot.get("laufende"),
        kontra=kontra_text(int(snapshot.get("kontra") or 0)),
        decisions=decisions_text(snapshot),
        points=[
            SeatPoints(
                seat=seat,
                points=points.get(str(seat.player.start_number), 0) if index in playing else None,
            )
            for index, seat in enumerate(seats)
        ],
    )
