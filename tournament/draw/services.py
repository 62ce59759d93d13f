"""The draw (Auslosung) of a Durchgang: plan with the pure planner, store tables and seats.

The planner (`scoring.draw`) plans every Durchgang still to come from the Durchgang's recorded
seed and the tables already drawn, and the first planned round becomes this Durchgang's draw; so
anyone with the same players, earlier tables and seed gets the same tables again.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.draw import Round, club_conflicts, draw_plan, repeat_count
from scoring.seating import games_fit_tables_of_five, table_sizes
from tournament import models
from tournament.checkin.services import players_playing
from tournament.scorekeeping.bulk import rows_insert
from tournament.scorekeeping.changes import public_pages_changed
from tournament.scorekeeping.violations import games_per_durchgang_error
from tournament.web.collation import german_sort_key


def durchgang_tables(durchgang: models.Durchgang) -> list[models.Table]:
    """The tables of a Durchgang with their seats and players, in three queries.

    The players are joined, not prefetched: Django 5.2 prefetches a foreign key with one
    `OR` term per object on SQLite, which fails from about 1,000 players on."""
    return list(
        durchgang.tables.order_by("number").prefetch_related(
            Prefetch(
                "seats", queryset=models.Seat.objects.select_related("player").order_by("position")
            )
        )
    )


def durchgaenge_overview(tournament: models.Tournament) -> list[dict]:
    """Every Durchgang of the tournament, drawn or not: its number, the Durchgang once drawn
    (else None), and whether a game of it is recorded."""
    drawn = {d.number: d for d in tournament.durchgaenge.all()}
    with_games = set(
        models.Hand.objects.filter(table__durchgang__tournament=tournament)
        .values_list("table__durchgang__number", flat=True)
        .distinct()
    )
    return [
        {"number": n, "durchgang": drawn.get(n), "games": n in with_games}
        for n in range(1, tournament.number_of_durchgaenge + 1)
    ]


def durchgang_publish(*, durchgang: models.Durchgang, published: bool) -> None:
    """Show the Durchgang's table assignments to the public, or hide them again."""
    durchgang.published = published
    with transaction.atomic():
        durchgang.save(update_fields=["published"])
        public_pages_changed(durchgang.tournament_id)


def seats_find(*, durchgang: models.Durchgang, query: str = "") -> list[models.Seat]:
    """The seats of the Durchgang in the German order of the player names (DIN 5007-1), of the
    players whose name as the public sees it (`Player.public_name`) holds `query` or whose
    interchange id it is (every seat without a query). A family name shown by its initial only
    is not found by the full family name."""
    seats = models.Seat.objects.filter(durchgang=durchgang).select_related("player", "table")
    wanted = query.casefold()
    found = [
        seat
        for seat in seats
        if not query or wanted in seat.player.public_name.casefold() or seat.player.ident == query
    ]
    return sorted(
        found, key=lambda seat: (german_sort_key(seat.player.public_name), seat.player.start_number)
    )


class DrawError(Exception):
    """The draw cannot be made; the message says why, in the user's language."""


@dataclass(frozen=True)
class DrawResult:
    durchgang: models.Durchgang
    repeats: int
    club_conflicts: int


def _rounds_before(tournament: models.Tournament, number: int) -> list[Round]:
    """The tables of Durchgänge 1..number-1, as player idents in seat order."""
    rounds: dict[int, dict[int, list[str]]] = {}
    for dg, table, ident in (
        models.Seat.objects.filter(durchgang__tournament=tournament, durchgang__number__lt=number)
        .order_by("durchgang__number", "table__number", "position")
        .values_list("durchgang__number", "table__number", "player__ident")
    ):
        rounds.setdefault(dg, {}).setdefault(table, []).append(ident)
    return [list(tables.values()) for _, tables in sorted(rounds.items())]


def durchgang_repeats(durchgang: models.Durchgang) -> int:
    """Repeated meetings up to and including this Durchgang."""
    return repeat_count(_rounds_before(durchgang.tournament, durchgang.number + 1))


def durchgang_draw(
    *, tournament: models.Tournament, number: int, seed: str | None = None
) -> DrawResult:
    """Draw (or redraw, while no game is recorded) Durchgang `number` of `tournament`."""
    if not 1 <= number <= tournament.number_of_durchgaenge:
        raise DrawError(
            _("The tournament plans Durchgänge 1 to %(max)s.")
            % {"max": tournament.number_of_durchgaenge}
        )
    with transaction.atomic():
        drawn = set(tournament.durchgaenge.values_list("number", flat=True))
        missing = sorted(set(range(1, number)) - drawn)
        if missing:
            raise DrawError(_("Draw Durchgang %(n)s first.") % {"n": missing[0]})
        durchgang = tournament.durchgaenge.filter(number=number).first()
        if durchgang is not None:
            if (
                models.Hand.objects.filter(table__durchgang=durchgang).exists()
                or durchgang.tables.filter(totals_at__isnull=False).exists()
            ):
                raise DrawError(
                    _("Games are recorded in Durchgang %(n)s: it can no longer be redrawn.")
                    % {"n": number}
                )
            if tournament.durchgaenge.filter(number__gt=number).exists():
                raise DrawError(
                    _("Later Durchgänge are drawn already: redraw them from the last one.")
                )
            durchgang.tables.all().delete()
        players = list(
            players_playing(tournament).order_by("start_number").values_list("pk", "ident", "club")
        )
        _seating_check(tournament, len(players))
        history = _rounds_before(tournament, number)
        clubs = {ident: club for _, ident, club in players}
        seed = seed or secrets.token_hex(4)
        try:
            plan = draw_plan(
                [ident for _, ident, _ in players],
                rounds=tournament.number_of_durchgaenge - number + 1,
                seed=seed,
                history=history,
                clubs=clubs,
                separate_clubs=tournament.separate_clubs,
            )
        except ValueError:
            raise DrawError(
                _("%(n)s players cannot be seated at tables of four and five.")
                % {"n": len(players)}
            ) from None
        drawn_round = plan[0]
        if durchgang is None:
            durchgang = models.Durchgang(tournament=tournament, number=number)
        durchgang.draw_seed, durchgang.drawn_at = seed, timezone.now()
        durchgang.save()
        _store_round(durchgang, drawn_round, {ident: pk for pk, ident, _ in players})
        if tournament.status == models.Tournament.Status.PREPARATION:
            tournament.status = models.Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        public_pages_changed(tournament.pk)
    return DrawResult(
        durchgang=durchgang,
        repeats=repeat_count([*history, drawn_round]),
        club_conflicts=club_conflicts(drawn_round, clubs) if tournament.separate_clubs else 0,
    )


def _seating_check(tournament: models.Tournament, players: int) -> None:
    """Refuse a draw the players cannot be seated for, or one that needs a table of five while
    the games per Durchgang are no multiple of 4 (then not every player plays as many games)."""
    try:
        sizes = table_sizes(players)
    except ValueError:
        raise DrawError(
            _("%(n)s players cannot be seated at tables of four and five.") % {"n": players}
        ) from None
    if 5 in sizes and not games_fit_tables_of_five(tournament.games_per_durchgang):
        raise DrawError(games_per_durchgang_error(tournament.games_per_durchgang))


def _store_round(durchgang: models.Durchgang, round_: Round, pk: dict[str, int]) -> None:
    tables = models.Table.objects.bulk_create(
        models.Table(
            durchgang=durchgang,
            number=n,
            seat_count=len(seats),
            recording=durchgang.tournament.recording,
        )
        for n, seats in enumerate(round_, start=1)
    )
    rows_insert(
        models.Seat,
        ("table", "durchgang", "position", "player"),
        (
            (table.pk, durchgang.pk, position, pk[ident])
            for table, seats in zip(tables, round_, strict=True)
            for position, ident in enumerate(seats, start=1)
        ),
    )


def seats_swap(
    *,
    durchgang: models.Durchgang,
    first: models.Player,
    second: models.Player,
    reason: str,
    user=None,
) -> models.SeatSwap:
    """Swap the seats of two players after the draw, recorded with who and why."""
    if first.pk == second.pk:
        raise DrawError(_("Choose two different players."))
    if not reason.strip():
        raise DrawError(_("Say why the players are swapped."))
    with transaction.atomic():
        seats = {
            s.player_id: s
            for s in models.Seat.objects.select_for_update().filter(
                durchgang=durchgang, player__in=[first, second]
            )
        }
        if len(seats) != 2:
            raise DrawError(_("Both players must sit at a table of this Durchgang."))
        tables = {s.table_id for s in seats.values()}
        if models.Hand.objects.filter(table_id__in=tables).exists():
            raise DrawError(
                _("Games are recorded at these tables: the seats can no longer change.")
            )
        a, b = seats[first.pk], seats[second.pk]
        a.player_id, b.player_id = b.player_id, a.player_id
        # One update at a time would seat a player twice in between (seat_unique_player_per_
        # durchgang): delete both seats and insert them swapped.
        models.Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
        models.Seat.objects.bulk_create(
            [
                models.Seat(
                    table_id=a.table_id,
                    durchgang=durchgang,
                    position=a.position,
                    player_id=a.player_id,
                ),
                models.Seat(
                    table_id=b.table_id,
                    durchgang=durchgang,
                    position=b.position,
                    player_id=b.player_id,
                ),
            ]
        )
        public_pages_changed(durchgang.tournament_id)
        return models.SeatSwap.objects.create(
            durchgang=durchgang,
            first=first,
            second=second,
            reason=reason.strip(),
            swapped_by=user,
        )
