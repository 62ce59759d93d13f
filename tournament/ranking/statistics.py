"""A tournament in numbers: games per contract, single-player games won, Touts, Sie, sanctions."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from rules.contracts import Contract, is_single_player
from tournament import models


@dataclass(frozen=True)
class ContractCount:
    contract: str
    games: int
    won: int
    touts: int
    touts_won: int

    @property
    def single(self) -> bool:
        return is_single_player(Contract(self.contract))


@dataclass(frozen=True)
class Statistics:
    contracts: list[ContractCount]
    struck: int
    sanctions: list[tuple[str, int]]

    @property
    def games(self) -> int:
        return sum(c.games for c in self.contracts)


def tournament_statistics(tournament: models.Tournament, *, after: int) -> Statistics:
    """Two aggregate queries over Durchgänge 1..`after` (what the visitor may see, like the
    ranking): games by contract (struck games apart), sanctions by offence."""
    hands = models.Hand.objects.filter(
        table__durchgang__tournament=tournament, table__durchgang__number__lte=after
    )
    scored = ~Q(struck=True)
    rows = (
        hands.values("contract")
        .annotate(
            # Named apart from the fields: an annotation would shadow the field in later filters.
            n_games=Count("id", filter=scored),
            n_won=Count("id", filter=scored & Q(won=True)),
            n_touts=Count("id", filter=scored & Q(tout=True)),
            n_touts_won=Count("id", filter=scored & Q(tout=True, won=True)),
            n_struck=Count("id", filter=Q(struck=True)),
        )
        .order_by()
    )
    by_contract = {row["contract"]: row for row in rows}
    contracts = [
        ContractCount(
            contract=c.value,
            games=by_contract[c.value]["n_games"],
            won=by_contract[c.value]["n_won"],
            touts=by_contract[c.value]["n_touts"],
            touts_won=by_contract[c.value]["n_touts_won"],
        )
        for c in Contract
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
    return Statistics(
        contracts=contracts,
        struck=sum(row["n_struck"] for row in by_contract.values()),
        sanctions=sanctions,
    )
