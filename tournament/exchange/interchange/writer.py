"""Write a stored tournament as an interchange document, every game with its points."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from rules.tiebreaks import COUNTERS, DEFAULT_CHAIN
from tournament import models
from tournament.exchange.interchange import APPROVAL_PENDING, FORMAT, VERSION


def tournament_document(tournament: models.Tournament) -> dict[str, Any]:
    """The whole tournament in the interchange format (a JSON-ready dict)."""
    t = tournament
    head: dict[str, Any] = {
        "slug": t.slug,
        "name": t.name,
        "date": t.date.isoformat(),
        "venue": t.venue,
        "scoring": t.scoring,
        "games_per_durchgang": t.games_per_durchgang,
        "number_of_durchgaenge": t.number_of_durchgaenge,
        "contracts": list(t.contracts),
        "kontra_allowed": t.kontra_allowed,
        "laufende_counted": t.laufende_counted,
        "solo_approval_from": t.solo_approval_from,
    }
    # Always written: imported under another slug, tied players keep the order of their lot.
    head["lot_seed"] = t.lot_seed
    if t.point_table:
        head["point_table"] = t.point_table
    if not t.first_game_rule:
        head["first_game_rule"] = False
    # Always written: a file without them is read as one written before they existed.
    head["rule_set"] = t.rule_set
    head["sie_first_game_allowed"] = t.sie_first_game_allowed
    if t.tiebreak != DEFAULT_CHAIN:
        head["tiebreak"] = t.tiebreak
    # All pass (4.1.5 of 2024): always written; counting and the Stock only when they say more.
    head["all_pass"] = t.all_pass
    if not t.thrown_in_counts:
        head["thrown_in_counts"] = False
    if t.deck != "german":  # the French deck only names the cards; suits stay eichel, gras ...
        head["deck"] = t.deck
    if t.stock_per_thrown_in is not None:
        head["stock_per_thrown_in"] = stock_number(t.stock_per_thrown_in)
    players = list(t.players.select_related("replaces", "person").order_by("start_number"))
    ident = {p.pk: p.ident for p in players}
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": head,
        "players": [_player(p) for p in players],
        "durchgaenge": _durchgaenge(t, ident),
    }


def _player(p: models.Player) -> dict[str, Any]:
    out = {"id": p.ident, "name": p.name, "club": p.club}
    if p.replaces is not None:
        out["replaces"] = p.replaces.ident
    if p.person is not None:  # the same person in every file (seasons are rebuilt from them)
        out["person"] = p.person.key
    return out


def _durchgaenge(t: models.Tournament, ident: dict[int, str]) -> list[dict[str, Any]]:
    seats: dict[int, list[str]] = defaultdict(list)
    for table_id, player_id in (
        models.Seat.objects.filter(durchgang__tournament=t)
        .order_by("table_id", "position")
        .values_list("table_id", "player_id")
    ):
        seats[table_id].append(ident[player_id])
    points: dict[int, dict[int, int]] = defaultdict(dict)
    for hand_id, player_id, value in models.HandScore.objects.filter(tournament=t).values_list(
        "hand_id", "player_id", "points"
    ):
        points[hand_id][player_id] = value
    hands: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for hand in (
        models.Hand.objects.filter(table__durchgang__tournament=t)
        .select_related("sanction")
        .order_by("table_id", "number")
    ):
        hands[hand.table_id].append(_hand(hand, ident, seats[hand.table_id], points[hand.pk]))
    tables: dict[int, list[dict[str, Any]]] = defaultdict(list)
    totals = _totals(t, ident)
    for table in models.Table.objects.filter(durchgang__tournament=t).order_by("number"):
        out: dict[str, Any] = {"number": table.number, "seats": seats[table.pk]}
        if table.by_totals:  # a Summenliste: the seats' totals instead of the games
            out["totals"] = totals[table.pk] if table.totals_at else {}
        else:
            out["hands"] = hands[table.pk]
        tables[table.durchgang_id].append(out)
    return [{"number": d.number, "tables": tables[d.pk]} for d in t.durchgaenge.order_by("number")]


def _totals(t: models.Tournament, ident: dict[int, str]) -> dict[int, dict[str, Any]]:
    """Per table recorded by its totals: player id → points and the non-zero counters."""
    out: dict[int, dict[str, Any]] = defaultdict(dict)
    for seat in models.Seat.objects.filter(
        durchgang__tournament=t, table__recording=models.Tournament.Recording.TOTALS
    ).order_by("table_id", "position"):
        values: dict[str, int] = {"points": seat.points}
        values |= {name: getattr(seat, name) for name in COUNTERS if getattr(seat, name)}
        out[seat.table_id][ident[seat.player_id]] = values
    return out


def stock_number(amount: Decimal) -> int | float:
    """The Stock in euros as a JSON number: whole euros as an integer, else 0.5, 1.25 ..."""
    return int(amount) if amount == int(amount) else float(amount)


def _hand(
    hand: models.Hand, ident: dict[int, str], seats: list[str], points: dict[int, int]
) -> dict[str, Any]:
    out: dict[str, Any] = {"number": hand.number, "contract": hand.contract}
    if hand.declarer_id is not None:  # none for a thrown-in deal
        out["declarer"] = ident[hand.declarer_id]
    if hand.suit:
        out["suit"] = hand.suit
    if hand.partner_id:
        out["partner"] = ident[hand.partner_id]
    if hand.tout:
        out["tout"] = True
    if hand.won is not None:
        out["won"] = hand.won
    for flag in ("schneider", "schwarz", "struck"):
        if getattr(hand, flag):
            out["disallowed" if flag == "struck" else flag] = True
    for key in ("augen", "laufende"):
        if getattr(hand, key) is not None:
            out[key] = getattr(hand, key)
    if hand.kontra:
        out["kontra"] = hand.kontra
    if hand.approved_by:
        out["approved_by"] = hand.approved_by
    elif hand.needs_approval and not hand.struck:
        out["approval"] = APPROVAL_PENDING  # scores 0 until the supervisor decides
    sanction = getattr(hand, "sanction", None)
    if sanction is not None:
        out["sanction"] = {"offender": ident[sanction.offender_id], "reason": sanction.reason}
        if sanction.mistake_by_id is not None:  # 3.4.18, written only when recorded
            out["sanction"]["mistake_by"] = ident[sanction.mistake_by_id]
    by_ident = {ident[pk]: value for pk, value in points.items()}
    out["points"] = {key: by_ident.get(key, 0) for key in seats}
    return out
