"""Recording games: validate with the engine, store the game, write its scores.

Every save rescoring the whole sheet (at most 40 games) keeps the approval rule (which counts
the single-player games of the sheet) and the stored scores consistent with each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction

from scoring.hand import NO_COUNTS, Hand, Violation, hand_violations
from scoring.scoresheet import ScoredHand, score_sheet
from tournament import models
from tournament.services.bulk import rows_insert
from tournament.services.engine import engine_hand, tournament_point_table, tournament_rules
from tournament.violations import violation_message


class HandRuleError(Exception):
    """The game breaks a rule; `errors` maps a form field to translated messages."""

    def __init__(self, errors: dict[str, list[str]]):
        super().__init__(errors)
        self.errors = errors


class HandConflict(Exception):
    """Somebody else changed the game since it was loaded (its version differs)."""


@dataclass(frozen=True)
class SanctionInput:
    offender: models.Player
    reason: str


def violations_as_errors(violations: Iterable[Violation]) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for violation in violations:
        errors.setdefault(violation.field, []).append(violation_message(violation))
    return errors


SCORE_FIELDS = (
    "hand",
    "player",
    "tournament",
    "durchgang_number",
    "points",
    "sie",
    "tout_won",
    "tout_played",
    "solo_won",
    "solo_played",
)


def score_values(
    scored: Iterable[ScoredHand],
    hand_ids: Sequence[int],
    *,
    players: dict[str, int],
    tournament_id: int,
    durchgang_number: int,
) -> list[tuple]:
    """The `HandScore` rows (in `SCORE_FIELDS` order) of scored games.

    `players` maps the engine's player keys to player ids.
    """
    rows = []
    for result, hand_id in zip(scored, hand_ids, strict=True):
        declarer = result.hand.declarer
        for key, points in result.points.items():
            c = result.declarer if key == declarer else NO_COUNTS
            rows.append(
                (
                    hand_id,
                    players[key],
                    tournament_id,
                    durchgang_number,
                    points,
                    c.sie,
                    c.tout_won,
                    c.tout_played,
                    c.solo_won,
                    c.solo_played,
                )
            )
    return rows


def _seat_keys(table: models.Table) -> tuple[str, ...]:
    return tuple(
        str(pk) for pk in table.seats.order_by("position").values_list("player_id", flat=True)
    )


def table_rescore(table: models.Table) -> None:
    """Recompute approval requirements and scores of every game on the sheet."""
    tournament = table.durchgang.tournament
    seats = _seat_keys(table)
    stored = list(table.hands.select_related("sanction").order_by("number"))
    engine_hands = [engine_hand(h, seats=seats, offender=_offender_key(h)) for h in stored]
    approved = {h.number for h in stored if h.approved_by}
    scored = score_sheet(
        engine_hands,
        table=tournament_point_table(tournament),
        solo_approval_from=tournament.solo_approval_from,
        approved=lambda h: h.number in approved,
    )
    changed = []
    for result, hand in zip(scored, stored, strict=True):
        if hand.needs_approval != result.needs_approval:
            hand.needs_approval = result.needs_approval
            changed.append(hand)
    models.Hand.objects.bulk_update(changed, ["needs_approval"])
    models.HandScore.objects.filter(hand__table=table).delete()
    rows_insert(
        models.HandScore,
        SCORE_FIELDS,
        score_values(
            scored,
            [h.pk for h in stored],
            players={key: int(key) for key in seats},
            tournament_id=tournament.pk,
            durchgang_number=table.durchgang.number,
        ),
    )


def _offender_key(hand: models.Hand) -> str | None:
    try:
        return str(hand.sanction.offender_id)
    except models.Sanction.DoesNotExist:
        return None


def hand_record(
    *,
    table: models.Table,
    number: int,
    contract: str,
    declarer: models.Player,
    suit: str = "",
    partner: models.Player | None = None,
    won: bool | None = None,
    schneider: bool = False,
    schwarz: bool = False,
    tout: bool = False,
    augen: int | None = None,
    laufende: int | None = None,
    kontra: int = 0,
    sanction: SanctionInput | None = None,
    struck: bool = False,
    approved_by: str = "",
    version: int | None = None,
) -> models.Hand:
    """Create game `number` on the sheet of `table`, or change it (then `version` must match).

    Raises `HandRuleError` (nothing stored) when the game breaks a rule, `HandConflict` when
    the stored game has another version than the one the caller edited.
    """
    with transaction.atomic():
        table = (
            models.Table.objects.select_for_update()
            .select_related("durchgang__tournament")
            .get(pk=table.pk)
        )
        hand = models.Hand.objects.filter(table=table, number=number).first()
        if hand is None:
            hand = models.Hand(table=table, number=number)
        elif version is not None and hand.version != version:
            raise HandConflict(number)
        else:
            hand.version += 1
        hand.contract, hand.suit = contract, suit
        hand.declarer, hand.partner = declarer, partner
        hand.won, hand.schneider, hand.schwarz, hand.tout = won, schneider, schwarz, tout
        hand.augen, hand.laufende, hand.kontra = augen, laufende, kontra
        hand.struck, hand.approved_by = struck, approved_by
        seats = _seat_keys(table)
        offender = str(sanction.offender.pk) if sanction else None
        problems = hand_violations(
            engine_hand(hand, seats=seats, offender=offender),
            tournament_rules(table.durchgang.tournament),
        )
        if problems:
            raise HandRuleError(violations_as_errors(problems))
        hand.save()
        models.Sanction.objects.filter(hand=hand).delete()
        if sanction:
            models.Sanction.objects.create(
                hand=hand, offender=sanction.offender, reason=sanction.reason
            )
        table_rescore(table)
    return hand


def engine_hands_of(table: models.Table) -> list[Hand]:
    seats = _seat_keys(table)
    return [
        engine_hand(h, seats=seats, offender=_offender_key(h))
        for h in table.hands.select_related("sanction").order_by("number")
    ]
