"""The standings: one aggregate query over the seats' totals, ordered by the pure ranking.

Substitutes (5.2.11) are folded into one row under the substitute, who takes over the seat and
the points of the player replaced, along the whole chain (scorekeeping.substitutes).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, IntegerField, OuterRef, Q, Sum
from django.db.models.functions import Coalesce

from rules.tiebreaks import COUNTERS
from scoring.ranking import Totals, rank_players
from tournament import models
from tournament.scorekeeping.substitutes import seat_holders


@dataclass(frozen=True)
class Standing:
    rank: int
    player: models.Player
    totals: Totals
    lot: int | None

    @property
    def points(self) -> int:
        return self.totals.points


def _zero(expression):
    return Coalesce(expression, 0, output_field=IntegerField())


def standings_after(tournament: models.Tournament) -> int:
    """The number of the last Durchgang drawn (0 before the first draw)."""
    last = tournament.durchgaenge.order_by("-number").values_list("number", flat=True).first()
    return last or 0


def standings_played(tournament: models.Tournament) -> int:
    """The last Durchgang with a game (or a table's totals) entered: a Durchgang drawn but not
    begun adds nothing to the ranking, so the ranking is not "after" it. The first drawn when no
    game is entered yet (0 before the first draw)."""
    played = (
        models.Durchgang.objects.filter(
            Q(tables__hands__isnull=False) | Q(tables__totals_at__isnull=False),
            tournament=tournament,
        )
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return played or min(standings_after(tournament), 1)


def standings_compute(tournament: models.Tournament, *, after: int | None = None) -> list[Standing]:
    """The ranking after Durchgang `after` (default: all Durchgänge drawn)."""
    if after is None:
        after = standings_after(tournament)
    # Each seat holds its player's totals of one sheet (kept with the scores, see
    # scorekeeping.scores.sheets_rescore): a few rows per player instead of every game's score.
    scope = Q(seats__durchgang__number__lte=after)
    per_durchgang = {
        f"dg{n}": _zero(Sum("seats__points", filter=Q(seats__durchgang__number=n)))
        for n in range(1, after + 1)
    }
    counter_sums = {name: _zero(Sum(f"seats__{name}", filter=scope)) for name in COUNTERS}
    # Players on the waiting list, and (checking in at the door) those who never came, did not
    # play: they are not ranked.
    entered = Q(waiting_since__isnull=True)
    if tournament.check_in:
        seated = Exists(models.Seat.objects.filter(player=OuterRef("pk")))
        entered &= Q(Q(checked_in_at__isnull=False) | Q(seated))
    rows = (
        models.Player.objects.filter(entered, tournament=tournament)
        .annotate(
            total=_zero(Sum("seats__points", filter=scope)),
            plus=_zero(Sum("seats__plus", filter=scope)),
            minus=_zero(Sum("seats__minus", filter=scope)),
        )  # named here, the totals are known to the type checker; the same SQL as one call
        .annotate(
            **per_durchgang,
            **counter_sums,
        )
        .order_by("start_number")
    )
    players = {p.pk: p for p in rows}
    # The whole chain of substitutes (O1 ← Z1 ← Z2) is folded under its last holder.
    final = seat_holders({pk: p.replaces_id for pk, p in players.items()})
    sums: dict[int, dict[str, int]] = {}
    for pk, p in players.items():
        acc = sums.setdefault(final[pk], dict.fromkeys(("points", "plus", "minus"), 0))
        acc["points"] += p.total
        acc["plus"] += p.plus
        acc["minus"] -= p.minus
        for name in COUNTERS:
            acc[name] = acc.get(name, 0) + getattr(p, name)
        for n in range(1, after + 1):
            acc[f"dg{n}"] = acc.get(f"dg{n}", 0) + getattr(p, f"dg{n}")
    totals = [
        Totals(
            player=players[pk].ident,
            points=acc["points"],
            plus=acc["plus"],
            minus=acc["minus"],
            durchgaenge=tuple(acc.get(f"dg{n}", 0) for n in range(1, after + 1)),
            **{name: acc.get(name, 0) for name in COUNTERS},
        )
        for pk, acc in sums.items()
    ]
    drawn = {p.ident: p.drawn_lot for p in players.values() if p.drawn_lot is not None}
    ranked = rank_players(totals, seed=tournament.lot_seed, chain=tournament.chain, drawn=drawn)
    by_ident = {p.ident: p for p in players.values()}
    return [
        Standing(rank=r.rank, player=by_ident[r.totals.player], totals=r.totals, lot=r.lot)
        for r in ranked
    ]
