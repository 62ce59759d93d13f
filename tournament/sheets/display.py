"""What the scoresheet page shows: the rows of the paper Spielliste and games in words."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.contracts import Contract, is_single_player
from scoring.entry_code import EntryCode, code_format
from scoring.game import game_values
from scoring.seating import dealer_index, playing_indices, round_of
from tournament import models
from tournament.models.compiled import Compiled
from tournament.scorekeeping.deck import deck_active, suit_word
from tournament.scorekeeping.engine import sheet_lines, tournament_point_table
from tournament.sheets.signatures import signature_text

CONTRACT_LABELS = {
    Contract.RUFSPIEL: gettext_lazy("Rufspiel"),
    Contract.SOLO: gettext_lazy("Solo"),
    Contract.WENZ: gettext_lazy("Wenz"),
    Contract.FARBWENZ: gettext_lazy("Farbwenz"),
    Contract.GEIER: gettext_lazy("Geier"),
    Contract.FARBGEIER: gettext_lazy("Farbgeier"),
    Contract.SIE: gettext_lazy("Sie"),
    Contract.ZUSAMMENGEWORFEN: gettext_lazy("thrown in"),
}


def mistake_by_text(player: object) -> str:
    """Who made the mistake the offender revealed his cards after (3.4.18), in words."""
    return _("mistake made by %(player)s (rule 3.4.18, scores 0)") % {"player": player}


def contract_text(contract: str, suit: str = "", tout: bool = False) -> str:
    """ "Solo Eichel Tout": the suit named in the active deck ("Solo Kreuz Tout")."""
    text = str(CONTRACT_LABELS[Contract(contract)])
    if suit:
        text = f"{text} {suit_word(suit)}"
    return f"{text} Tout" if tout else text


def result_text(*, won, schneider: bool, schwarz: bool, contract: str) -> str:
    if contract == Contract.SIE:
        return ""
    if contract == Contract.ZUSAMMENGEWORFEN:
        return _("0 points for everybody")
    if won is None:
        return ""
    parts = [_("won") if won else _("lost")]
    if schwarz:
        parts.append(_("Schwarz"))
    elif schneider:
        parts.append(_("Schneider"))
    return " ".join(parts)


def snapshot_text(snapshot: dict | None) -> str:
    """A game as the history keeps it (`services.history.hand_snapshot`), in words."""
    if not snapshot:
        return "–"
    if "recording" in snapshot:  # a table switched between every game and totals
        return str(dict(models.Tournament.Recording.choices).get(snapshot["recording"], "–"))
    if snapshot and all(isinstance(v, dict) and "points" in v for v in snapshot.values()):
        # a table's totals, by start number (tournament/totals/)
        return ", ".join(f"{number}: {values['points']}" for number, values in snapshot.items())
    if "signature" in snapshot:  # a signature: the seat, its player, and how (once each)
        text = _("seat %(seat)s: %(player)s") % {
            "seat": snapshot.get("seat", "–"),
            "player": snapshot.get("player", "–"),
        }
        how = signature_text(str(snapshot.get("signature") or ""))
        return f"{text} ({how})" if how else text
    if "contract" not in snapshot:
        return ", ".join(f"{value}" for value in snapshot.values())
    parts = [
        contract_text(snapshot["contract"], snapshot.get("suit", ""), snapshot.get("tout", False))
    ]
    declarer = snapshot.get("declarer")
    if isinstance(declarer, str):
        partner = snapshot.get("partner")
        parts.append(
            _("%(declarer)s with %(partner)s") % {"declarer": declarer, "partner": partner}
            if partner
            else declarer
        )
    parts.append(
        result_text(
            won=snapshot.get("won"),
            schneider=snapshot.get("schneider", False),
            schwarz=snapshot.get("schwarz", False),
            contract=snapshot["contract"],
        )
    )
    if snapshot.get("struck"):
        parts.append(_("struck"))
    if snapshot.get("sanction"):
        parts.append(_("sanction against %(offender)s") % snapshot["sanction"])
        if snapshot["sanction"].get("mistake_by"):
            parts.append(mistake_by_text(snapshot["sanction"]["mistake_by"]))
    if snapshot.get("approved_by"):
        parts.append(_("approved by %(name)s") % {"name": snapshot["approved_by"]})
    points = snapshot.get("points")
    if points:
        parts.append(" ".join(f"{start}: {value:+d}" for start, value in points.items()))
    return " · ".join(p for p in parts if p)


@dataclass
class Cell:
    plus: int | None = None
    minus: int | None = None
    total: int = 0
    sits_out: bool = False
    circled: bool = False  # the declarer of a single-player game (5.3.3)


@dataclass
class Row:
    number: int
    dealer: models.Player
    hand: models.Hand | None
    cells: list[Cell] = field(default_factory=list)
    code: str = ""
    runde: int = 0
    runde_check: int | None = None  # after the last game of a Runde: the sum of all totals
    thrown_in: bool = False  # a thrown-in deal (4.1.5 of 2024): a line without a game


def hand_code(hand: models.Hand, seats: list[models.Seat]) -> str:
    position = {s.player_id: s.position for s in seats}
    game = game_values(hand, player=position.get, players_as="_id", typed=True)
    declarer, partner = game.pop("declarer"), game.pop("partner")
    code = EntryCode(declarer_seat=declarer, partner_seat=partner, **game)
    return code_format(code, deck_active())


#: A table's seats with their players, and its games with their players and sanctions and
#: their points: built once (`Compiled`), as the phones of a hall ask them all the time.
_SEATS = Compiled(
    lambda table_id: (
        models.Seat.objects.filter(table_id=table_id).select_related("player").order_by("position")
    ),
    table_id=int,
)
_HANDS = Compiled(
    lambda table_id: (
        models.Hand.objects.filter(table_id=table_id)
        .select_related("declarer", "partner", "sanction__offender", "sanction__mistake_by")
        .prefetch_related(
            Prefetch(
                "scores",
                queryset=models.HandScore.objects.only("hand_id", "player_id", "points"),
            )
        )
        .order_by("number")
    ),
    table_id=int,
)


def sheet_seats(table: models.Table) -> list[models.Seat]:
    seats = _SEATS(table_id=table.pk)
    for seat in seats:
        seat.table = table
    return seats


#: A sheet's games in number order, and their points by game id and player id.
SheetGames = tuple[list[models.Hand], dict[int, dict[int, int]]]


def sheet_games(table: models.Table) -> SheetGames:
    """The games of the sheet (with their players and sanctions) and their points."""
    hands = _HANDS(table_id=table.pk)
    for hand in hands:
        hand.table = table
    return hands, {h.pk: {s.player_id: s.points for s in h.scores.all()} for h in hands}


def sheet_rows(
    table: models.Table, seats: list[models.Seat], loaded: SheetGames | None = None
) -> list[Row]:
    """One row per game of the sheet (entered or not), with plus/minus and running totals;
    from `loaded` when the caller has the games (`sheet_games`, or as a save left them)."""
    tournament = table.durchgang.tournament
    zero_sum = tournament_point_table(tournament).zero_sum
    count = len(seats)
    stored, scores = loaded if loaded is not None else sheet_games(table)
    hands = {h.number: h for h in stored}
    thrown_in = sum(h.thrown_in for h in hands.values())
    games = sheet_lines(tournament, seats=count, thrown_in=thrown_in)
    totals = [0] * count
    rows = []
    for number in range(1, games + 1):
        hand = hands.get(number)
        playing = set(playing_indices(number, count))
        points = scores.get(hand.pk, {}) if hand else {}
        row = Row(number, seats[dealer_index(number, count)].player, hand)
        row.runde = round_of(number, count)
        if hand:
            row.code = hand_code(hand, seats)
            row.thrown_in = hand.thrown_in
        for index, seat in enumerate(seats):
            value = points.get(seat.player_id)
            totals[index] += value or 0
            row.cells.append(
                Cell(
                    plus=value if value and value > 0 else None,
                    minus=-value if value and value < 0 else None,
                    total=totals[index],
                    sits_out=index not in playing,
                    circled=bool(
                        hand
                        and hand.declarer_id == seat.player_id
                        and is_single_player(Contract(hand.contract))
                        and not hand.struck
                    ),
                )
            )
        if zero_sum and (number % count == 0 or number == games):
            row.runde_check = sum(totals)  # zero-sum tables only: plus-only sums are not 0
        rows.append(row)
    return rows


def sheet_totals(rows: list[Row]) -> list[tuple[int, int, int]]:
    """Per seat: the sums of the plus and of the minus column, and the points (5.3.3)."""
    if not rows:
        return []
    totals = []
    for index, last in enumerate(rows[-1].cells):
        plus = sum(row.cells[index].plus or 0 for row in rows)
        minus = sum(row.cells[index].minus or 0 for row in rows)
        totals.append((plus, minus, last.total))
    return totals


def correction_marks(table: models.Table) -> dict[int, list[str]]:
    """By game number, each signed-off correction of the game in words, oldest first: when,
    by whom, what the game was before, and why (from the sheet's history)."""
    events = table.events.filter(kind=models.SheetEvent.Kind.CORRECTED).select_related("user")
    marks: dict[int, list[str]] = {}
    for event in events.order_by("at", "pk"):
        if event.number is None:
            continue
        text = _("corrected on %(when)s by %(who)s: before %(before)s") % {
            "when": dateformat.format(timezone.localtime(event.at), "d.m.Y H:i"),
            "who": event.user.get_username() if event.user else "–",
            "before": snapshot_text(event.before),
        }
        if event.reason:
            text = f"{text} · {_('Reason')}: {event.reason}"
        marks.setdefault(event.number, []).append(text)
    return marks
