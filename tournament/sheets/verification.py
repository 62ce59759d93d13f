"""The verification code of a signed scoresheet: the first 10 hex digits of SHA-256 over the
sheet's content as canonical JSON, printed on every page of the signed sheet
(`tournament.sheets.pdf`) and shown on the scoresheet page, so that a printed sheet can be
checked against the database."""

from __future__ import annotations

import hashlib
import json

from django.db.models import QuerySet

from scoring.game import NON_PLAYER_FIELDS
from tournament import models
from tournament.sheets.display import sheet_seats

# What the verification code covers of a game, besides its players, approval time and points:
# its number, the fields that name no player (`scoring.game.NON_PLAYER_FIELDS`, in their order)
# and the supervisor's decisions. The order is part of the code: a signed sheet keeps its code.
HAND_FIELDS = ("number", *NON_PLAYER_FIELDS, "struck", "needs_approval", "approved_by")


def _when(value) -> str | None:
    return value.isoformat() if value is not None else None


def _user(user) -> str | None:
    return user.get_username() if user is not None else None


def verification_code(
    table: models.Table,
    seats: list[models.Seat],
    games: list[tuple[models.Hand, list[int]]],
    corrections: list[models.Correction],
    typed: list[list[int]] | None = None,
) -> str:
    """The first 10 hex digits of SHA-256 over the sheet's content as canonical JSON: the
    seats and signatures, every game's stored fields with each seat's stored points, the
    closing and the corrections. `games` holds each entered game with its points by seat; a
    table recorded by its totals has `typed`, each seat's points and counters, instead."""
    rows = []
    for hand, points in games:
        sanction = getattr(hand, "sanction", None)
        rows.append(
            [getattr(hand, name) for name in HAND_FIELDS]
            + [
                hand.declarer.start_number if hand.declarer else None,
                hand.partner.start_number if hand.partner else None,
                _when(hand.approved_at),
                _sanction_content(sanction),
                points,
            ]
        )
    content = {
        "tournament": table.durchgang.tournament.slug,
        "durchgang": table.durchgang.number,
        "table": table.number,
        "seats": [
            [s.position, s.player.start_number, s.player.name, s.signature, _when(s.signed_at)]
            for s in seats
        ],
        "games": rows,
        "closed": [_when(table.closed_at), _user(table.closed_by)],
        "corrections": [
            [
                c.number,
                c.proposed,
                c.reason,
                c.status,
                _user(c.requested_by),
                _user(c.decided_by),
                _when(c.decided_at),
            ]
            for c in corrections
        ],
    }
    if typed is not None:
        content["totals"] = typed
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:10].upper()
    return f"{digest[:5]}-{digest[5:]}"


def sheet_tables(queryset: QuerySet) -> QuerySet:
    return queryset.select_related("durchgang__tournament", "closed_by").order_by("number")


def sheet_corrections(table: models.Table) -> list[models.Correction]:
    return list(table.corrections.select_related("requested_by", "decided_by").order_by("pk"))


def sheet_verification(table: models.Table) -> str:
    """The code printed on the table's signed sheet, for the scoresheet page: the same content
    read in five queries (the stored points of every game at once)."""
    table = sheet_tables(models.Table.objects.filter(pk=table.pk)).get()
    seats = sheet_seats(table)
    points: dict[int, dict[int, int]] = {}
    for hand_id, player_id, value in models.HandScore.objects.filter(hand__table=table).values_list(
        "hand_id", "player_id", "points"
    ):
        points.setdefault(hand_id, {})[player_id] = value
    hands = table.hands.select_related(
        "declarer", "partner", "sanction__offender", "sanction__mistake_by"
    )
    games = [
        (hand, [points.get(hand.pk, {}).get(seat.player_id, 0) for seat in seats])
        for hand in hands.order_by("number")
    ]
    return verification_code(table, seats, games, sheet_corrections(table))


def sheet_verification_of(
    table: models.Table,
    seats: list[models.Seat],
    hands: list[models.Hand],
    corrections: list[models.Correction],
) -> str:
    """`sheet_verification` from what the scoresheet page has loaded already, without a query:
    the table with its Durchgang, tournament and closer, the seats with their players, the
    games with declarer, partner, sanction and their `scores` prefetched, the corrections with
    who asked and who decided."""
    games = []
    for hand in hands:
        points = {score.player_id: score.points for score in hand.scores.all()}
        games.append((hand, [points.get(seat.player_id, 0) for seat in seats]))
    return verification_code(table, seats, games, sorted(corrections, key=lambda c: c.pk))


def _sanction_content(sanction: models.Sanction | None) -> list | None:
    """The sanction as the signature covers it; who made the mistake (3.4.18) only when
    recorded, so that sheets signed before it existed keep their hash."""
    if sanction is None:
        return None
    content: list = [sanction.offender.start_number, sanction.reason]
    if sanction.mistake_by is not None:
        content.append(sanction.mistake_by.start_number)
    return content
