"""The draw (Auslosung) of the Durchgänge still to come. Plain Python, no Django.

Terms used here:
- a *round* is the draw of one Durchgang: a list of tables, each a list of player keys in seat
  order (seat 1 first; seat 1 deals first);
- two players *meet* when they sit at one table in one round; every meeting of a pair after its
  first is a *repeat* (`repeat_count`);
- a *club conflict* is a pair of players of the same, non-empty club at one table.

`draw_plan` plans all remaining rounds at once, so that the round drawn now leaves the later ones
room to avoid repeats; the caller keeps the first round. Tables seat four or five as
`scoring.seating.table_sizes` says. Everything random comes from a `random.Random` seeded with the
given seed, so the same players (in the same order), seed and history give the same plan.

How: 16 players start from the parallel classes of the affine plane AG(2,4) (five rounds in which
no pair meets twice), fitted around the rounds already played; everyone else from a seeded lot.
Then a local search swaps two players of one round at different tables: each player in conflict
goes to the swap that lowers the cost most (sometimes one that raises it, to leave a local
minimum; players just moved stay put for a few steps), and the best plan seen within a bounded
number of evaluated swaps is returned.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, permutations

from scoring.seating import table_sizes

Round = list[list[str]]

REPEAT_WEIGHT = 10  # one repeated meeting weighs as much as ten club conflicts
CLUB_WEIGHT = 1
CANDIDATES = 200  # swap partners evaluated per move, at most
EVALUATIONS = 50_000  # evaluated swaps before the search settles for the best plan seen
TABU_MIN, TABU_MAX = 3, 10  # steps a moved player stays at its new table
UPHILL = 0.2  # chance of taking the best allowed swap when it makes the plan worse

# GF(4) = {0, 1, a, a + 1} written 0, 1, 2, 3: addition is XOR, multiplication this table.
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def meetings(rounds: Iterable[Round]) -> Counter[frozenset[str]]:
    """How often each pair of players sat at one table."""
    met: Counter[frozenset[str]] = Counter()
    for round_ in rounds:
        for table in round_:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def repeat_count(rounds: Iterable[Round]) -> int:
    """Repeated meetings: for every pair that met more than once, the meetings after the first."""
    return sum(times - 1 for times in meetings(rounds).values() if times > 1)


def club_conflicts(round_: Round, clubs: Mapping[str, str]) -> int:
    """Pairs of players of the same (non-empty) club at one table of `round_`."""
    return sum(
        1
        for table in round_
        for a, b in combinations(table, 2)
        if clubs.get(a) and clubs.get(a) == clubs.get(b)
    )


def draw_plan(
    players: Sequence[str],
    *,
    rounds: int,
    seed: str,
    history: Sequence[Round] = (),
    clubs: Mapping[str, str] | None = None,
    separate_clubs: bool = False,
) -> list[Round]:
    """Plan `rounds` further rounds (Durchgänge) for `players`, after the rounds in `history`.

    Repeats count the history too (players no longer in `players` are ignored); with
    `separate_clubs`, club conflicts count as well, less than repeats. ValueError when the players
    cannot be seated at tables of four and five, or a player is named twice.
    """
    sizes = table_sizes(len(players))
    if len(set(players)) != len(players):
        raise ValueError("a player is named more than once")
    if rounds < 0:
        raise ValueError("the number of rounds cannot be negative")
    rng = random.Random(f"auslosung:{seed}")
    start = None
    if len(players) == 16 and len(history) + rounds <= 5:
        start = _affine_plan(players, rounds, history, rng)
    search = _Search(players, history, clubs if separate_clubs else None, rng)
    plan = search.run(search.lot(sizes, rounds) if start is None else start)
    for round_ in plan:
        for table in round_:
            rng.shuffle(table)
    return plan


def _affine_plan(
    players: Sequence[str], rounds: int, history: Sequence[Round], rng: random.Random
) -> list[Round] | None:
    """Rounds of AG(2,4) for 16 players that complete `history`, or None if nothing can."""
    played = [frozenset(frozenset(table) for table in round_) for round_ in history]
    everyone = frozenset(players)
    for round_ in played:
        if (
            len(round_) != 4
            or any(len(t) != 4 for t in round_)
            or frozenset().union(*round_) != everyone
        ):
            return None
    # Points are 4x + y. The first round played becomes the lines x = c, the second the lines
    # y = c. Every relabelling of x (x -> ax + b, with or without the Frobenius map: all of S4)
    # extends to a collineation by relabelling y too, so x keeps the table order and trying the
    # 24 labellings of y finds every plane that contains the rounds played.
    if not played:
        labellings = [rng.sample(list(players), 16)]
    else:
        column = [sorted(t) for t in history[0]]
        rng.shuffle(column)
        if len(played) == 1:
            labellings = [[p for table in column for p in rng.sample(table, 4)]]
        else:
            row = {p: y for y, table in enumerate(history[1]) for p in table}
            if any(len({row[p] for p in table}) != 4 for table in column):
                return None
            labellings = []
            for relabel in rng.sample(list(permutations(range(4))), 24):
                at = [""] * 16
                for x, table in enumerate(column):
                    for p in table:
                        at[4 * x + relabel[row[p]]] = p
                labellings.append(at)
    for at in labellings:
        classes = [[[at[point] for point in line] for line in cls] for cls in _parallel_classes()]
        if set(played) <= {frozenset(map(frozenset, cls)) for cls in classes}:
            rest = [cls for cls in classes if frozenset(map(frozenset, cls)) not in played]
            rng.shuffle(rest)
            return rest[:rounds]
    return None


def _parallel_classes() -> list[list[list[int]]]:
    """The 5 parallel classes of AG(2,4), points 4x + y: lines x = c, then y = mx + c per m."""
    classes = [[[4 * c + y for y in range(4)] for c in range(4)]]
    for m in range(4):
        classes.append([[4 * x + (_GF4_MUL[m][x] ^ c) for x in range(4)] for c in range(4)])
    return classes


class _Search:
    """Local search over the planned rounds by swapping two players of one round.

    Players are numbered by their place in `players`. `met[p][x]` counts the meetings of p and x
    in the history and the plan; a pair that met m times costs REPEAT_WEIGHT * m(m-1)/2, so a
    second meeting costs one weight, a third two more.
    """

    def __init__(
        self,
        players: Sequence[str],
        history: Sequence[Round],
        clubs: Mapping[str, str] | None,
        rng: random.Random,
    ):
        self.players, self.rng = list(players), rng
        self.index = {p: i for i, p in enumerate(players)}
        self.met: list[dict[int, int]] = [{} for _ in players]
        for round_ in history:
            for table in round_:
                self._meet([self.index[p] for p in table if p in self.index], 1)
        # Players without a club get a club of their own, so they never conflict.
        ids: dict[str, int] = {}
        self.club = [
            ids.setdefault(clubs[p], len(ids)) if clubs and clubs.get(p) else -1 - i
            for i, p in enumerate(players)
        ]
        self.separate = bool(ids)
        self.tables: list[list[list[int]]] = []
        self.where: list[list[int]] = []

    def lot(self, sizes: list[int], rounds: int) -> list[Round]:
        """A seeded random start: each round the players shuffled and cut into tables."""
        plan = []
        starts = [sum(sizes[:t]) for t in range(len(sizes))]
        for _ in range(rounds):
            order = self.rng.sample(self.players, len(self.players))
            plan.append([order[s : s + size] for s, size in zip(starts, sizes, strict=True)])
        return plan

    def run(self, plan: list[Round]) -> list[Round]:
        for round_ in plan:
            tables = [[self.index[p] for p in table] for table in round_]
            where = [0] * len(self.players)
            for t, table in enumerate(tables):
                self._meet(table, 1)
                for p in table:
                    where[p] = t
            self.tables.append(tables)
            self.where.append(where)
        cost, best, best_cost, work, step = 0, self._copy(), 0, 0, 0
        tabu: dict[tuple[int, int], int] = {}  # (round, player): the step it may move again
        while work < EVALUATIONS:
            conflicted = self._conflicted()
            if not conflicted:
                break
            work += len(self.players) * len(self.tables)  # a scan costs about as much
            self.rng.shuffle(conflicted)
            for r, p in conflicted:
                step += 1
                if work >= EVALUATIONS:
                    break
                if tabu.get((r, p), 0) > step or not self._in_conflict(r, p):
                    continue
                delta, q, tried = self._best_swap(r, p, best_cost - cost, tabu, step)
                work += tried + 10  # and each move a little more
                if q is not None and (delta <= 0 or self.rng.random() < UPHILL):
                    self._swap(r, p, q)
                    cost += delta
                    tabu[r, p] = tabu[r, q] = step + self.rng.randint(TABU_MIN, TABU_MAX)
                    if cost < best_cost:
                        best, best_cost = self._copy(), cost
        if cost > best_cost:
            self.tables = best
        return [[[self.players[p] for p in table] for table in tables] for tables in self.tables]

    def _copy(self) -> list[list[list[int]]]:
        return [[table[:] for table in tables] for tables in self.tables]

    def _meet(self, table: list[int], times: int) -> None:
        for p, x in combinations(table, 2):
            self.met[p][x] = self.met[p].get(x, 0) + times
            self.met[x][p] = self.met[x].get(p, 0) + times

    def _conflicted(self) -> list[tuple[int, int]]:
        """(round, player) for each player who meets someone again, or a club-mate, in a round."""
        return [
            (r, p)
            for r in range(len(self.tables))
            for p in range(len(self.players))
            if self._in_conflict(r, p)
        ]

    def _in_conflict(self, r: int, p: int) -> bool:
        met, club = self.met[p], self.club
        return any(
            x != p and (met[x] > 1 or club[x] == club[p]) for x in self.tables[r][self.where[r][p]]
        )

    def _best_swap(
        self, r: int, p: int, aspiration: int, tabu: dict[tuple[int, int], int], step: int
    ) -> tuple[int, int | None, int]:
        """The cheapest allowed swap of p in round r: (change of cost, partner, partners tried).

        Partners who moved lately are tabu, unless the swap leads to the best plan yet (a change
        below `aspiration`).
        """
        where, n = self.where[r], len(self.players)
        best, partner, tried = 0, None, 0
        for q in self.rng.sample(range(n), min(n, CANDIDATES)):
            if where[q] != where[p]:
                tried += 1
                delta = self._delta(r, p, q)
                if (partner is None or delta < best) and (
                    delta < aspiration or tabu.get((r, q), 0) <= step
                ):
                    best, partner = delta, q
        return best, partner, tried

    def _delta(self, r: int, p: int, q: int) -> int:
        """Change of cost when p and q, at different tables of round r, change places."""
        mp, mq = self.met[p], self.met[q]
        at_p, at_q = self.tables[r][self.where[r][p]], self.tables[r][self.where[r][q]]
        # Leaving a table where one met x m times saves m - 1; joining x met k times adds k.
        delta = sum(mq.get(x, 0) - mp[x] + 1 for x in at_p if x != p)
        delta += sum(mp.get(y, 0) - mq[y] + 1 for y in at_q if y != q)
        delta *= REPEAT_WEIGHT
        if self.separate:
            club, cp, cq = self.club, self.club[p], self.club[q]
            delta += CLUB_WEIGHT * (
                sum((club[x] == cq) - (club[x] == cp) for x in at_p if x != p)
                + sum((club[y] == cp) - (club[y] == cq) for y in at_q if y != q)
            )
        return delta

    def _swap(self, r: int, p: int, q: int) -> None:
        where = self.where[r]
        at_p, at_q = self.tables[r][where[p]], self.tables[r][where[q]]
        self._meet(at_p, -1)
        self._meet(at_q, -1)
        at_p[at_p.index(p)], at_q[at_q.index(q)] = q, p
        self._meet(at_p, 1)
        self._meet(at_q, 1)
        where[p], where[q] = where[q], where[p]
