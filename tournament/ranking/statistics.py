"""A tournament in numbers: games per contract, single-player games won, Touts, Sie, sanctions."""

# Declared boilerplate (duplicates): a dataclass of counts is alike in shape to other dataclasses
# of counts.

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, IntegerField, Q, Sum
from django.db.models.functions import Coalesce

from rules.contracts import PLAYED, Contract, is_single_player
from rules.tiebreaks import COUNTERS
from tournament import models


@dataclass(frozen=True)
class ContractCount:
    """The games of one contract, and the tie-break counters they gave their declarers."""

    contract: str
    games: int
    sie: int = 0
    tout_won: int = 0
    tout_played: int = 0
    solo_won: int = 0
    solo_played: int = 0

    @property
    def single(self) -> bool:
        return is_single_player(Contract(self.contract))


@dataclass(frozen=True)
class Statistics:
    contracts: list[ContractCount]
    struck: int
    sanctions: list[tuple[str, int]]
    #: tables recorded by their totals (tournament/totals/): their games are not known, so
    #: they are counted apart: how many tables, and their declarers' counters summed
    totals_tables: int = 0
    totals_counters: dict[str, int] | None = None

    @property
    def games(self) -> int:
        return sum(c.games for c in self.contracts)

    def total(self, counter: str) -> int:
        """One tie-break counter (`rules.tiebreaks.COUNTERS`) over all contracts."""
        return sum(getattr(c, counter) for c in self.contracts)


def _counters(tournament: models.Tournament, after: int) -> dict[str, dict[str, int]]:
    """The tie-break counters per contract, summed from the stored scores the ranking sums: a
    first-game Tout counts there as a simple single-player game (5.2.15), a game waiting for
    approval or struck counts for nothing, so the two pages cannot disagree."""
    rows = (
        models.HandScore.objects.filter(tournament=tournament, durchgang_number__lte=after)
        .values("hand__contract")
        # Named apart from the fields: an annotation may not shadow a field of the model.
        .annotate(
            **{
                f"n_{name}": Coalesce(Sum(name), 0, output_field=IntegerField())
                for name in COUNTERS
            }
        )
        .order_by()
    )
    return {row["hand__contract"]: {name: row[f"n_{name}"] for name in COUNTERS} for row in rows}


def tournament_statistics(tournament: models.Tournament, *, after: int) -> Statistics:
    """Four aggregate queries over Durchgänge 1..`after` (what the visitor may see, like the
    ranking): games by contract (struck games apart), the tie-break counters by contract,
    sanctions by offence, and the tables recorded by their totals, counted apart."""
    hands = models.Hand.objects.filter(
        table__durchgang__tournament=tournament, table__durchgang__number__lte=after
    )
    rows = (
        hands.values("contract")
        .annotate(
            n_games=Count("id", filter=~Q(struck=True)),
            n_struck=Count("id", filter=Q(struck=True)),
        )
        .order_by()
    )
    by_contract = {row["contract"]: row for row in rows}
    counters = _counters(tournament, after)
    contracts = [
        ContractCount(
            contract=c.value,
            games=by_contract[c.value]["n_games"],
            **counters.get(c.value, {}),
        )
        for c in PLAYED
        if c.value in by_contract
    ]
    sanctions = list(
        models.Sanction.objects.filter(
            hand__table__durchgang__tournament=tournament,
            hand__table__durchgang__number__lte=after,
        )
        .values("reason")
        .annotate(count=Count("id"))
        .order_by("-count", "reason")
        .values_list("reason", "count")
    )
    typed = models.Seat.objects.filter(
        durchgang__tournament=tournament,
        durchgang__number__lte=after,
        table__recording=models.Tournament.Recording.TOTALS,
        table__totals_at__isnull=False,
    ).aggregate(
        tables=Count("table", distinct=True),
        **{name: Coalesce(Sum(name), 0, output_field=IntegerField()) for name in COUNTERS},
    )
    return Statistics(
        contracts=contracts,
        struck=sum(row["n_struck"] for row in by_contract.values()),
        sanctions=sanctions,
        totals_tables=typed.pop("tables"),
        totals_counters=typed,
    )
