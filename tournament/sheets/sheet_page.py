"""What a signed scoresheet's page shows (rule 5.3; rendered as PDF/A by
`tournament.sheets.pdf`): what the scoresheet page shows (`tournament.sheets.display`: the
points are the stored `HandScore` rows, never recomputed), the players' confirmations (how each
confirmed: on paper, typed, or on the phone with the personal code) with empty signature lines,
the sheet's status and its corrections. Every page carries a verification code: a hash of the
sheet's content, shown on the scoresheet page too, so that a printed sheet can be checked
against the database (`tournament.sheets.verification`)."""

# Declared boilerplate (duplicates): the signed sheet's values passed by keyword are alike in shape
# to other calls.

from __future__ import annotations

from dataclasses import dataclass, field

from django.template.loader import render_to_string
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _

from tournament import models
from tournament.scorekeeping.counters import COUNTER_SHORT
from tournament.scorekeeping.deck import deck_override
from tournament.scorekeeping.engine import tournament_point_table
from tournament.scorekeeping.stock import sheet_stock
from tournament.sheets.display import (
    Row,
    contract_text,
    correction_marks,
    mistake_by_text,
    result_text,
    sheet_rows,
    sheet_seats,
    sheet_totals,
    snapshot_text,
)
from tournament.sheets.verification import sheet_corrections, verification_code

TEMPLATE = "tournament/sheets/print/signed_sheet.html"


@dataclass
class Line:
    """One game row of the printed sheet: the row of the scoresheet page, in words."""

    row: Row
    contract: str = ""
    result: str = ""
    declarer: str = ""
    notes: list[str] = field(default_factory=list)  # struck, approved by, sanction
    corrections: list[str] = field(default_factory=list)  # each signed-off correction, in words


@dataclass
class SignedSheet:
    table: models.Table
    seats: list[models.Seat]
    lines: list[Line]
    totals: list[tuple[int, int, int]]
    corrections: list[models.Correction]
    code: str
    unit: str = "points"  # of the point table: "cents" prints euros and cents
    stock: list[tuple[models.Seat, int]] = field(default_factory=list)  # cents, per seat
    zero_sum: bool = True  # a plus-only table prints no minus column and no zero check
    #: a table recorded by its totals (Summenliste): per seat its points and the counters the
    #: tie-break reads, printed instead of the games; and its corrections, in words
    typed: list[tuple[models.Seat, int, list[int]]] | None = None
    counters: list[str] = field(default_factory=list)
    typed_corrections: list[str] = field(default_factory=list)

    @property
    def columns(self) -> int:
        """The columns of the games' table: number, dealer, contract, declarer, notes, the
        seats' plus (and minus) columns and the zero check."""
        per_seat = 2 if self.zero_sum else 1
        return 5 + per_seat * len(self.seats) + (1 if self.zero_sum else 0)


def start_number(player: models.Player) -> str:
    return _("No. %(number)s") % {"number": player.start_number}


def _line(row: Row) -> Line:
    hand = row.hand
    if hand is None:
        return Line(row)
    # By start number: one short line whatever the names (the header names each seat), so
    # that 40 games and more of a table of five fit one page. A thrown-in deal has no declarer.
    declarer = start_number(hand.declarer) if hand.declarer is not None else ""
    if hand.partner is not None:
        declarer = _("%(declarer)s with %(partner)s") % {
            "declarer": declarer,
            "partner": start_number(hand.partner),
        }
    notes = [_("struck")] if hand.struck else []
    if hand.approved_by:
        notes.append("✓ " + _("approved by %(name)s") % {"name": hand.approved_by})
    sanction = getattr(hand, "sanction", None)
    if sanction is not None:
        offence = _("sanction against %(offender)s") % {"offender": sanction.offender.name}
        notes.append(f"{offence}: {sanction.reason}")
        if sanction.mistake_by is not None:
            notes.append(mistake_by_text(sanction.mistake_by.name))
    return Line(
        row,
        contract=contract_text(hand.contract, hand.suit, hand.tout),
        result=result_text(
            won=hand.won, schneider=hand.schneider, schwarz=hand.schwarz, contract=hand.contract
        ),
        declarer=declarer,
        notes=notes,
    )


def _lines(rows: list[Row], marks: dict[int, list[str]]) -> list[Line]:
    lines = [_line(row) for row in rows]
    for line in lines:
        line.corrections = marks.get(line.row.number, [])
    return lines


def signed_sheet(table: models.Table) -> SignedSheet:
    if table.by_totals:
        return totals_sheet(table)
    seats = sheet_seats(table)
    rows = sheet_rows(table, seats)
    corrections = sheet_corrections(table)
    games = [
        (row.hand, [(cell.plus or 0) - (cell.minus or 0) for cell in row.cells])
        for row in rows
        if row.hand is not None
    ]
    point_table = tournament_point_table(table.durchgang.tournament)
    with deck_override(table.durchgang.tournament.deck):  # the games in words: `_lines`
        lines = _lines(rows, correction_marks(table))
    return SignedSheet(
        unit=point_table.unit,
        zero_sum=point_table.zero_sum,
        table=table,
        seats=seats,
        lines=lines,
        totals=sheet_totals(rows),
        corrections=corrections,
        code=verification_code(table, seats, games, corrections),
        stock=sheet_stock(
            table.durchgang.tournament, seats, [row.number for row in rows if row.thrown_in]
        ),
    )


def totals_sheet(table: models.Table) -> SignedSheet:
    """The signed sheet of a table recorded by its totals: its line instead of the games."""
    seats = sheet_seats(table)
    tournament = table.durchgang.tournament
    chain = list(tournament.chain)
    typed = [(s, s.points, [getattr(s, name) for name in chain]) for s in seats]
    point_table = tournament_point_table(tournament)
    events = table.events.filter(kind=models.SheetEvent.Kind.CORRECTED).select_related("user")
    return SignedSheet(
        unit=point_table.unit,
        zero_sum=point_table.zero_sum,
        table=table,
        seats=seats,
        lines=[],
        totals=[],
        corrections=[],
        code=verification_code(
            table, seats, [], [], typed=[[s.player.start_number, p, *c] for s, p, c in typed]
        ),
        typed=typed if table.totals_at else None,
        counters=[str(COUNTER_SHORT[name]) for name in chain],
        typed_corrections=[
            _("corrected on %(when)s by %(who)s: before %(before)s")
            % {
                "when": dateformat.format(timezone.localtime(e.at), "d.m.Y H:i"),
                "who": e.user.get_username() if e.user else "–",
                "before": snapshot_text(e.before),
            }
            + (f" · {e.reason}" if e.reason else "")
            for e in events.order_by("at", "pk")
        ],
    )


def sheet_html(sheet: SignedSheet) -> str:
    """The HTML document of one sheet; laid out on its own, its pages are counted on their own."""
    table = sheet.table
    tournament = table.durchgang.tournament
    with deck_override(tournament.deck):  # a print job or command has no request's deck
        context = {"tournament": tournament, "durchgang": table.durchgang, "sheet": sheet}
        return render_to_string(TEMPLATE, context)
