"""The sheets about the games: "Spiele" (every game with each seat's points), "Strafen"
(sanctions) and "Korrekturen" (corrections of closed scoresheets)."""

# Declared boilerplate (duplicates): a sheet's column list is alike in shape to the other sheets of
# the workbook.

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _
from openpyxl.workbook import Workbook

from rules.contracts import Contract
from scoring.seating import dealer_index
from tournament import models
from tournament.exchange.exports.players import Roster, points_header
from tournament.exchange.exports.xlsx import Column, field_column, score_cells, sheet_write
from tournament.scorekeeping.deck import suit_word
from tournament.sheets.display import CONTRACT_LABELS
from tournament.sheets.services.supervision import user_label

GAMES, SANCTIONS, CORRECTIONS = "Spiele", "Strafen", "Korrekturen"
MOST_SEATS = 5
GAME_ORDER = ("table__durchgang__number", "table__number", "number")
HAND_FIELDS = (
    "id",
    "table_id",
    *GAME_ORDER,
    "contract",
    "suit",
    "declarer_id",
    "partner_id",
    "won",
    "schneider",
    "schwarz",
    "tout",
    "struck",
    "approved_by",
    "approved_at",
    "sanction__offender_id",
    "sanction__reason",
)


def _with_points(hands: Iterable[dict], scores: Iterable[tuple]) -> Iterator[tuple[dict, dict]]:
    """Each game with its points by player id (empty while the game is not scored).

    Both streams come in game order, so one pass over each joins them.
    """
    groups = groupby(scores, key=itemgetter(0))
    current = next(groups, None)
    for hand in hands:
        points = {}
        if current is not None and current[0] == hand["id"]:
            points = {player_id: value for _hand, player_id, value in current[1]}
            current = next(groups, None)
        yield hand, points


def games_write(
    workbook: Workbook,
    tournament: models.Tournament,
    table_seats: dict[int, list[int]],
    roster: Roster,
    unit: str,
) -> None:
    player = roster.label_width
    score = score_cells(unit)
    columns = [
        Column(_("Durchgang"), 4),
        Column(_("Table"), 4),
        Column(_("Game"), 4),
        Column(_("Dealer"), player),
        Column(_("Contract"), 9),
        Column(_("Suit"), 8),
        Column(_("Declarer"), player),
        Column(_("Partner"), player),
        field_column(models.Hand, "won", 5),
        Column(_("Schneider"), 5),
        Column(_("Schwarz"), 5),
        Column(_("Tout"), 5),
        field_column(models.Hand, "struck", 5),
        field_column(models.Hand, "approved_by", 16),
        field_column(models.Hand, "approved_at", 16),
        Column(_("Offender"), player),
        Column(_("Reason"), 30),
    ]
    for n in range(1, MOST_SEATS + 1):
        columns += [
            Column(_("Seat %(n)s") % {"n": n}, player),
            Column(
                _("Amount seat %(n)s") % {"n": n}
                if unit == "cents"
                else _("Points seat %(n)s") % {"n": n},
                4,
            ),
        ]
    hands = (
        models.Hand.objects.filter(table__durchgang__tournament=tournament)
        .order_by(*GAME_ORDER)
        .values(*HAND_FIELDS)
    )
    scores = (
        models.HandScore.objects.filter(tournament=tournament)
        .order_by(*(f"hand__{key}" for key in GAME_ORDER))
        .values_list("hand_id", "player_id", "points")
    )
    rows = (
        _game_row(hand, points, table_seats[hand["table_id"]], roster, score)
        for hand, points in _with_points(hands.iterator(), scores.iterator())
    )
    sheet_write(workbook, GAMES, columns, rows)


def _game_row(
    hand: dict,
    points: dict[int, int],
    seats: list[int],
    roster: Roster,
    score: Callable[[int | None], Any],
) -> list[Any]:
    number, suit = hand["number"], hand["suit"]
    row = [
        hand["table__durchgang__number"],
        hand["table__number"],
        number,
        roster.of(seats[dealer_index(number, len(seats))]),
        CONTRACT_LABELS[Contract(hand["contract"])],
        suit_word(suit) if suit else None,
        roster.of(hand["declarer_id"]),
        roster.of(hand["partner_id"]),
        hand["won"],
        hand["schneider"],
        hand["schwarz"],
        hand["tout"],
        hand["struck"],
        hand["approved_by"],
        hand["approved_at"],
        roster.of(hand["sanction__offender_id"]),
        hand["sanction__reason"],
    ]
    for index in range(MOST_SEATS):
        if index < len(seats):
            seated = seats[index]
            row += [roster.of(seated), score(points.get(seated, 0) if points else None)]
        else:
            row += [None, None]
    return row


def sanctions_write(
    workbook: Workbook, tournament: models.Tournament, roster: Roster, unit: str
) -> None:
    score = score_cells(unit)
    columns = [
        Column(_("Durchgang"), 4),
        Column(_("Table"), 4),
        Column(_("Game"), 4),
        Column(_("Offender"), roster.label_width),
        Column(_("Mistake made by (rule 3.4.18)"), roster.label_width),
        Column(_("Reason"), 30),
        field_column(models.Sanction, "recorded_by", 16),
        field_column(models.Sanction, "recorded_at", 16),
        Column(points_header(unit), 5),
    ]
    offender_points = models.HandScore.objects.filter(
        hand=OuterRef("hand"), player=OuterRef("offender")
    ).values("points")[:1]
    sanctions = (
        models.Sanction.objects.filter(hand__table__durchgang__tournament=tournament)
        .select_related("hand__table__durchgang", "recorded_by")
        .annotate(points=Subquery(offender_points))
        .order_by(*(f"hand__{key}" for key in GAME_ORDER))
    )
    rows = (
        [
            s.hand.table.durchgang.number,
            s.hand.table.number,
            s.hand.number,
            roster.of(s.offender_id),
            roster.of(s.mistake_by_id),
            s.reason,
            user_label(s.recorded_by) if s.recorded_by else None,
            s.recorded_at,
            score(s.points),
        ]
        for s in sanctions
    )
    sheet_write(workbook, SANCTIONS, columns, rows)


def corrections_write(workbook: Workbook, tournament: models.Tournament) -> None:
    columns = [
        Column(_("Durchgang"), 4),
        Column(_("Table"), 4),
        Column(_("Game"), 4),
        Column(_("Reason"), 30),
        Column(_("Status"), 12),
        field_column(models.Correction, "requested_by", 16),
        field_column(models.Correction, "requested_at", 16),
        field_column(models.Correction, "decided_by", 16),
        field_column(models.Correction, "decided_at", 16),
        Column(_("Note"), 30),
    ]
    corrections = (
        models.Correction.objects.filter(table__durchgang__tournament=tournament)
        .select_related("table__durchgang", "requested_by", "decided_by")
        .order_by("table__durchgang__number", "table__number", "number", "requested_at", "pk")
    )
    rows = (
        [
            c.table.durchgang.number,
            c.table.number,
            c.number,
            c.reason,
            c.get_status_display(),
            user_label(c.requested_by) if c.requested_by else None,
            c.requested_at,
            user_label(c.decided_by) if c.decided_by else None,
            c.decided_at,
            c.decision_note,
        ]
        for c in corrections
    )
    sheet_write(workbook, CORRECTIONS, columns, rows)
