"""What a table's phone shows, as JSON for its script and as the context of its page:
the names with their running totals, every game entered with its status, the next game, who
keeps the sheet, and whether the players may confirm it."""

from __future__ import annotations

from django.core.cache import caches
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from rules.contracts import MAX_LAUFENDE, SUITS_FOR, Contract, is_single_player, may_be_tout
from scoring.entry_code import CONTRACT_CODES
from tournament import models
from tournament.models.compiled import Compiled
from tournament.phones.services import SheetNow, table_revision
from tournament.scorekeeping.amounts import score_text
from tournament.scorekeeping.deck import deck_active, suit_letter, suit_word
from tournament.scorekeeping.engine import tournament_point_table
from tournament.scorekeeping.revisions import SHARED
from tournament.sheets.display import (
    CONTRACT_LABELS,
    contract_text,
    result_text,
    sheet_games,
    sheet_rows,
    sheet_seats,
    sheet_totals,
)


class LinkGone(Exception):
    """The link was revoked or the sheet closed while the state was being built."""


def hand_status(hand: models.Hand) -> str:
    if hand.struck:
        return "struck"
    if hand.needs_approval:
        return "approved" if hand.approved_by else "waiting"
    return "scored"


STATUS_TEXT = {
    "struck": gettext_lazy("struck"),
    "waiting": gettext_lazy("waiting for approval"),
    "approved": gettext_lazy("approved"),
    "scored": "",
}


#: Seconds a table's state stays in the shared cache under its revision.
STATE_SECONDS = 300


def phone_state(link: models.TableLink, phone: str, sheet: SheetNow | None = None) -> dict:
    """The table of `link` as the phone `phone` sees it: from `sheet`, the sheet as a save of
    this request left it (`services.entry_once`), else as the shared cache keeps it for the
    table's current revision, else read now.

    Every state built is kept in the shared cache under its table, revision, language and
    deck, with the keeping phone beside it: the other phones of the table, polling after a
    change, get it from there without a query. A state's rows are never older than its
    revision (the revision is read first, and replaced once a change commits), so a state kept
    under a revision shows at least what that revision stands for."""
    if sheet is None:
        revision = table_revision(link)
        kept = caches[SHARED].get(_state_key(link.table_id, revision))
        if kept is not None:
            keeper, state = kept
            return {**state, "keeper": _keeper(keeper, phone)}
        sheet = sheet_now(link, revision)
    state = _state(sheet, phone)
    if not sheet.revision.startswith("-"):  # a revision the cache did not keep: no state
        key = _state_key(sheet.table.pk, sheet.revision)
        caches[SHARED].set(key, (sheet.keeper, state), STATE_SECONDS)
    return state


def _state_key(table_id: int, revision: str) -> str:
    return f"phone-state:{table_id}:{revision}:{get_language()}:{deck_active().value}"


def _keeper(keeper: str, phone: str) -> str:
    return "me" if keeper and keeper == phone else ("other" if keeper else "")


#: A link with its table, built once (`Compiled`).
_LINK = Compiled(
    lambda pk: models.TableLink.objects.filter(pk=pk).select_related(
        "table__durchgang__tournament"
    ),
    pk=int,
)


def sheet_now(link: models.TableLink, revision: str | None = None) -> SheetNow:
    """The sheet of `link` read from the database, after its revision (`revision`, if the
    caller read it)."""
    if revision is None:
        revision = table_revision(link)  # before the rows: a change meanwhile gives a new one
    # The link (keeper) and table (closed) as they are now, after the revision.
    now = _LINK.first(pk=link.pk)
    if now is None or now.revoked_at is not None:
        # Revoked (or deleted with its table by a new draw) after the view found it valid and
        # before the revision was read: this state would carry the new revision, and the
        # phone's polls would answer "unchanged" forever.
        raise LinkGone
    link = now
    seats = sheet_seats(link.table)
    hands, points = sheet_games(link.table)
    return SheetNow(revision, link.keeper, link.table, seats, hands, points)


def _state(sheet: SheetNow, phone: str) -> dict:
    table, seats, revision = sheet.table, sheet.seats, sheet.revision
    tournament = table.durchgang.tournament
    unit = tournament_point_table(tournament).unit
    rows = sheet_rows(table, seats, (sheet.hands, sheet.points))
    free = [row for row in rows if row.hand is None]
    entered = [(row, row.hand) for row in rows if row.hand is not None]
    waiting = sum(hand_status(hand) == "waiting" for _row, hand in entered)
    totals = sheet_totals(rows)
    name = {seat.player_id: seat.player.name for seat in seats}
    return {
        "revision": revision,
        "table": table.number,
        "durchgang": table.durchgang.number,
        "closed": table.closed,
        "keeper": _keeper(sheet.keeper, phone),
        "games": len(rows),
        "entered": len(entered),
        "waiting": waiting,
        "next": free[0].number if free else None,
        "sits_out": _sits_out(free[0], seats) if free else None,
        "seats": [
            {
                "position": seat.position,
                "name": seat.player.name,
                "label": _("No. %(number)s %(name)s")
                % {"number": seat.player.start_number, "name": seat.player.name},
                "points": points,
                "shown": score_text(points, unit),
                "confirmed": seat.signed_at is not None,
            }
            for seat, (_plus, _minus, points) in zip(seats, totals, strict=True)
        ],
        "rows": [
            {
                "number": row.number,
                "code": row.code,
                "version": hand.version,
                "text": _hand_text(hand, name),
                "status": hand_status(hand),
                "status_text": str(STATUS_TEXT[hand_status(hand)]),
                "points": [
                    None
                    if cell.sits_out
                    else score_text((cell.plus or 0) - (cell.minus or 0), unit)
                    for cell in row.cells
                ],
            }
            for row, hand in entered
        ],
        "confirm": not free and not waiting and not table.closed,
    }


def _sits_out(row, seats: list[models.Seat]) -> int | None:
    out = [seat.position for seat, cell in zip(seats, row.cells, strict=True) if cell.sits_out]
    return out[0] if out else None


def _hand_text(hand: models.Hand, name: dict[int, str]) -> str:
    declarer = name.get(hand.declarer_id, "") if hand.declarer_id is not None else ""
    parts = [contract_text(hand.contract, hand.suit, hand.tout), declarer]
    if hand.partner_id:
        parts[-1] = _("%(declarer)s with %(partner)s") % {
            "declarer": parts[-1],
            "partner": name.get(hand.partner_id, ""),
        }
    result = result_text(
        won=hand.won, schneider=hand.schneider, schwarz=hand.schwarz, contract=hand.contract
    )
    return " · ".join(part for part in [*parts, result] if part)


def phone_choices(tournament: models.Tournament) -> dict:
    """What the phone's buttons offer at this tournament: its contracts with their suits and
    the most Laufende their cards allow, and whether Laufende and Kontra are entered."""
    table = tournament_point_table(tournament)
    values = [table.rufspiel, table.single, *(value for _c, value in table.overrides)]
    contracts = [Contract(code) for code in tournament.contracts]
    # A thrown-in deal (4.1.5 of 2024) where the tournament records them: one button, no more.
    thrown_in = [
        {
            "code": _code(CONTRACT_CODES, Contract.ZUSAMMENGEWORFEN),
            "label": str(_("Thrown in")),
            "suits": [],
            "partner": False,
            "result": False,
            "tout": False,
            "single": False,
            "laufende_max": 0,
            "thrown_in": True,
        }
    ]
    thrown_in = thrown_in if tournament.records_thrown_in else []
    return {
        "contracts": [
            {
                "code": _code(CONTRACT_CODES, contract),
                "label": str(CONTRACT_LABELS[contract]),
                "suits": [
                    {"code": suit_letter(suit), "label": suit_word(suit)}
                    for suit in SUITS_FOR[contract]
                ],
                "partner": contract is Contract.RUFSPIEL,
                "result": contract is not Contract.SIE,
                "tout": may_be_tout(contract),
                "single": is_single_player(contract),
                "laufende_max": MAX_LAUFENDE[contract],
                "thrown_in": False,
            }
            for contract in Contract
            if contract in contracts
        ]
        + thrown_in,
        "laufende": any(value.laufende_unit for value in values),
        "kontra": tournament.kontra_allowed,
    }


def _code(codes: dict, value) -> str:
    """The shortest code of the entry line for a contract or suit (`r`, `fw`, `e` ...)."""
    return next(code for code, meant in codes.items() if meant is value)
