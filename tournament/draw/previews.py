"""What a (re)draw or a seat swap will do, computed by the same services in a transaction that
is rolled back (tournament/web/dry_run.py): the confirmation pages show it before it is done."""

from __future__ import annotations

from dataclasses import dataclass

from tournament import models
from tournament.draw.services import DrawError, durchgang_draw, seats_swap
from tournament.web.dry_run import dry_run


@dataclass(frozen=True)
class DrawPreview:
    number: int
    seed: str
    #: the draw there is now (0 tables when the Durchgang is not drawn yet)
    tables_before: int
    players_before: int
    games_before: int
    links_before: int
    published: bool
    #: the draw there will be
    tables_after: int
    tables_of_five: int
    players_after: int
    repeats: int
    club_conflicts: int


def durchgang_draw_preview(*, tournament: models.Tournament, number: int, seed: str) -> DrawPreview:
    """The draw `durchgang_draw` makes with `seed`, and what it replaces; `DrawError` when it
    would refuse (games recorded, later Durchgänge drawn, players that cannot be seated)."""
    durchgang = tournament.durchgaenge.filter(number=number).first()
    tables = models.Table.objects.filter(durchgang=durchgang)

    def draw() -> tuple[int, int, list[int]]:
        fresh = models.Tournament.objects.get(pk=tournament.pk)  # the draw changes its status
        result = durchgang_draw(tournament=fresh, number=number, seed=seed)
        sizes = list(result.durchgang.tables.values_list("seat_count", flat=True))
        return result.repeats, result.club_conflicts, sizes

    repeats, conflicts, sizes = dry_run(draw)
    return DrawPreview(
        number=number,
        seed=seed,
        tables_before=tables.count(),
        players_before=models.Seat.objects.filter(table__in=tables).count(),
        games_before=models.Hand.objects.filter(table__in=tables).count(),
        links_before=models.TableLink.objects.filter(
            table__in=tables, revoked_at__isnull=True
        ).count(),
        published=bool(durchgang and durchgang.published),
        tables_after=len(sizes),
        tables_of_five=sizes.count(5),
        players_after=sum(sizes),
        repeats=repeats,
        club_conflicts=conflicts,
    )


@dataclass(frozen=True)
class SeatPlace:
    player: models.Player
    table: int
    position: int


@dataclass(frozen=True)
class SwapPreview:
    first: SeatPlace
    second: SeatPlace
    reason: str
    published: bool


def seats_swap_preview(
    *, durchgang: models.Durchgang, first: models.Player, second: models.Player, reason: str
) -> SwapPreview:
    """Where the two players sit now (after the swap each sits where the other sat);
    `DrawError` when `seats_swap` would refuse the swap."""
    dry_run(lambda: seats_swap(durchgang=durchgang, first=first, second=second, reason=reason))
    places = {
        seat.player_id: SeatPlace(
            player=seat.player, table=seat.table.number, position=seat.position
        )
        for seat in models.Seat.objects.filter(
            durchgang=durchgang, player__in=[first, second]
        ).select_related("player", "table")
    }
    if len(places) != 2:  # pragma: no cover (seats_swap refused it above)
        raise DrawError("")
    return SwapPreview(
        first=places[first.pk],
        second=places[second.pk],
        reason=reason.strip(),
        published=durchgang.published,
    )
