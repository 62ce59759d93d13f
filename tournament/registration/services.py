"""Registering players: create, edit, withdraw, substitute (5.2.11) and import a list.

Start numbers are unique per tournament (the database enforces it); a number left out is the
next one after the highest taken. A player's interchange id (`ident`) is the start number as
text, unless another player holds that id already.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, transaction
from django.db.models import Exists, Max, OuterRef, QuerySet
from django.utils.translation import gettext as _

from tournament import models
from tournament.persons.services import (
    organiser_of,
    person_for_player,
    person_match,
    persons_similar,
    player_person_link,
)
from tournament.registration.members import supervisor_appoint
from tournament.registration.player_import import LineError, PlayerRow
from tournament.registration.waiting import waiting_move_up
from tournament.scorekeeping.changes import public_pages_changed
from tournament.web.form_errors import ServiceError
from tournament.web.names import name_normal, name_problem


class PlayerError(ServiceError):
    """A user error; `errors` maps a form field (or "__all__") to translated messages."""


def tournament_create(
    *, tournament: models.Tournament, user: User | AnonymousUser
) -> models.Tournament:
    """Store a new tournament (its settings made by the form) with `user` as its supervisor."""
    with transaction.atomic():
        tournament.save()
        supervisor_appoint(tournament=tournament, user=user)
    return tournament


def tournament_update(*, tournament: models.Tournament) -> models.Tournament:
    """Store the tournament's changed settings; its public pages are rendered anew."""
    with transaction.atomic():
        tournament.save()
        public_pages_changed(tournament.pk)
    return tournament


def start_number_next(tournament: models.Tournament) -> int:
    highest = tournament.players.aggregate(highest=Max("start_number"))["highest"]
    return (highest or 0) + 1


def players_find(*, tournament: models.Tournament, query: str = "") -> QuerySet[models.Player]:
    """The players whose start number is `query`, or whose name contains it."""
    players = tournament.players.select_related("replaces", "substitute").order_by("start_number")
    query = query.strip()
    if query.isdecimal():  # a start number: int() takes these, up to 4,300 digits
        return players.filter(start_number=int(query)) if len(query) <= 9 else players.none()
    if query:
        return players.filter(name__icontains=query)
    return players


def _idents_like(tournament: models.Tournament, number: int) -> set[str]:
    return set(
        tournament.players.filter(ident__startswith=str(number)).values_list("ident", flat=True)
    )


def _ident_free(number: int, taken: set[str]) -> str:
    """The start number as text, or with a suffix when another player holds that id."""
    ident, n = str(number), 1
    while ident in taken:
        n += 1
        ident = f"{number}-{n}"
    return ident


def _number_taken_error(
    tournament: models.Tournament, number: int, exclude: models.Player | None = None
) -> str | None:
    holders = tournament.players.filter(start_number=number)
    if exclude is not None:
        holders = holders.exclude(pk=exclude.pk)
    holder = holders.first()
    if holder is None:
        return None
    return _("Start number %(number)s is taken by %(name)s.") % {
        "number": number,
        "name": holder.name,
    }


def _check_name(name: str) -> str:
    """The name as every name enters (tournament/web/names.py), or `PlayerError`."""
    name = name_normal(name)
    if not name:
        raise PlayerError({"name": [_("Enter the player's name.")]})
    if problem := name_problem(name, field=_("Name")):
        raise PlayerError({"name": [problem]})
    return name


def player_create(
    *,
    tournament: models.Tournament,
    name: str,
    club: str = "",
    start_number: int | None = None,
    replaces: models.Player | None = None,
    person: models.Person | None = None,
    register: bool = True,
) -> models.Player:
    """Register a player; without `start_number` the next free one is given. The player is
    the `person` picked from the register, or the register's person of this name and club, or
    a new person of the register; with `register=False` none (the public registration: the
    organiser confirms the person later)."""
    name = _check_name(name)
    organiser = organiser_of(tournament)
    if person is not None and person.organiser_id != organiser.pk:
        raise PlayerError({"person": [_("This person is not in the tournament's register.")]})
    for _attempt in range(3):
        number = start_number_next(tournament) if start_number is None else start_number
        error = _number_taken_error(tournament, number)
        if error:
            raise PlayerError({"start_number": [error]})
        try:
            with transaction.atomic():
                player = models.Player.objects.create(
                    tournament=tournament,
                    ident=_ident_free(number, _idents_like(tournament, number)),
                    start_number=number,
                    name=name,
                    club=club.strip(),
                    replaces=replaces,
                )
                if register:
                    chosen = person or person_for_player(
                        organiser=organiser, name=name, club=club.strip()
                    )
                    player_person_link(player=player, person=chosen)
                public_pages_changed(tournament.pk)
                return player
        except IntegrityError:  # the same number was entered at another desk just now
            continue
    raise PlayerError({"start_number": [_("The start number was just taken; try again.")]})


def player_update(
    *, player: models.Player, name: str, club: str, start_number: int
) -> models.Player:
    """Change name, club and start number; the id follows a number it was made from."""
    name = _check_name(name)
    tournament = player.tournament
    with transaction.atomic():
        error = _number_taken_error(tournament, start_number, exclude=player)
        if error:
            raise PlayerError({"start_number": [error]})
        if player.ident == str(player.start_number) and start_number != player.start_number:
            player.ident = _ident_free(start_number, _idents_like(tournament, start_number))
        player.name, player.club, player.start_number = name, club.strip(), start_number
        player.save(update_fields=["name", "club", "start_number", "ident"])
        public_pages_changed(tournament.pk)
    return player


def player_withdraw(*, player: models.Player) -> None:
    """Withdraw a player: not drawn any more; the seats already drawn stay. Before the first
    draw, the place goes to the first player on the waiting list."""
    player.withdrawn = True
    with transaction.atomic():
        player.save(update_fields=["withdrawn"])
        public_pages_changed(player.tournament_id)
    waiting_move_up(player.tournament)


def player_reinstate(*, player: models.Player) -> None:
    """Undo a withdrawal, unless a substitute took the player's place."""
    if hasattr(player, "substitute"):
        raise PlayerError(
            {"__all__": [_("%(name)s has been replaced by a substitute.") % {"name": player.name}]}
        )
    player.withdrawn = False
    with transaction.atomic():
        player.save(update_fields=["withdrawn"])
        public_pages_changed(player.tournament_id)


@dataclass(frozen=True)
class Substitution:
    substitute: models.Player
    seats_moved: int


def player_substitute(
    *,
    player: models.Player,
    name: str,
    club: str = "",
    start_number: int | None = None,
) -> Substitution:
    """Rule 5.2.11: a new player takes the place of `player`, who is withdrawn.

    The substitute takes the seat in every Durchgang whose table has no game recorded yet; at
    tables with games the original stays on the sheet, and the standings count those points
    for the substitute.
    """
    with transaction.atomic():
        player = models.Player.objects.select_for_update().get(pk=player.pk)
        if hasattr(player, "substitute"):
            raise PlayerError(
                {"__all__": [_("%(name)s has a substitute already.") % {"name": player.name}]}
            )
        substitute = player_create(
            tournament=player.tournament,
            name=name,
            club=club,
            start_number=start_number,
            replaces=player,
        )
        player_withdraw(player=player)
        games = models.Hand.objects.filter(table=OuterRef("table"))
        moved = (
            models.Seat.objects.filter(player=player)
            .filter(~Exists(games))
            .update(player=substitute)
        )
    return Substitution(substitute=substitute, seats_moved=moved)


@dataclass(frozen=True)
class ImportPlan:
    """What an import would do: each row with the start number it gets, and the problems."""

    rows: list[tuple[PlayerRow, int]]
    errors: list[LineError]
    warnings: list[LineError]
    #: Line → the register's person the row will be (same name and club).
    known: dict[int, models.Person] = field(default_factory=dict)

    def rows_with_persons(self) -> list[tuple[PlayerRow, int, models.Person | None]]:
        return [(row, number, self.known.get(row.line)) for row, number in self.rows]


def players_import_persons(
    *, tournament: models.Tournament, rows: Sequence[PlayerRow]
) -> dict[int, models.Person]:
    """Line → the register's person of the row's name and club, for the rows that have one."""
    organiser = organiser_of(tournament)
    known = {}
    for row in rows:
        person = person_match(organiser=organiser, name=row.name, club=row.club)
        if person is not None:
            known[row.line] = person
    return known


def players_import_preview(
    *, tournament: models.Tournament, rows: Sequence[PlayerRow]
) -> ImportPlan:
    """Check the rows against each other and the players registered; store nothing."""
    errors, warnings = [], []
    existing = dict(tournament.players.values_list("start_number", "name"))
    known_names = {n.casefold() for n in existing.values()}
    first_line: dict[int, int] = {}
    name_line: dict[str, int] = {}
    for row in rows:
        number = row.start_number
        if number in existing:
            message = _("start number %(number)s is taken by %(name)s") % {
                "number": number,
                "name": existing[number],
            }
            errors.append(LineError(row.line, message))
        elif number is not None and number in first_line:
            message = _("start number %(number)s is also in line %(other)s") % {
                "number": number,
                "other": first_line[number],
            }
            errors.append(LineError(row.line, message))
        elif number is not None:
            first_line[number] = row.line
        key = row.name.casefold()
        if key in known_names:
            message = _("%(name)s is registered already") % {"name": row.name}
            warnings.append(LineError(row.line, message))
        elif key in name_line:
            message = _("%(name)s is also in line %(other)s") % {
                "name": row.name,
                "other": name_line[key],
            }
            warnings.append(LineError(row.line, message))
        name_line.setdefault(key, row.line)
    following = max([0, *existing, *first_line]) + 1
    planned = []
    for row in rows:
        if row.start_number is None:
            planned.append((row, following))
            following += 1
        else:
            planned.append((row, row.start_number))
    known = players_import_persons(tournament=tournament, rows=rows)
    return ImportPlan(rows=planned, errors=errors, warnings=warnings, known=known)


def players_import(
    *, tournament: models.Tournament, rows: Sequence[PlayerRow]
) -> list[models.Player]:
    """Register every row, or none when any row has a problem (`PlayerError`)."""
    with transaction.atomic():
        models.Tournament.objects.select_for_update().get(pk=tournament.pk)  # one at a time
        plan = players_import_preview(tournament=tournament, rows=rows)
        if plan.errors:
            raise PlayerError({"file": [str(error) for error in plan.errors]})
        if not plan.rows:
            raise PlayerError({"file": [_("The file lists no players.")]})
        taken = set(tournament.players.values_list("ident", flat=True))
        players = []
        for row, number in plan.rows:
            ident = _ident_free(number, taken)
            taken.add(ident)
            players.append(
                models.Player(
                    tournament=tournament,
                    ident=ident,
                    start_number=number,
                    name=row.name,
                    club=row.club,
                )
            )
        created = models.Player.objects.bulk_create(players)
        organiser = organiser_of(tournament)
        for player in created:
            person = person_for_player(organiser=organiser, name=player.name, club=player.club)
            player_person_link(player=player, person=person)
        public_pages_changed(tournament.pk)
        return created


def players_import_duplicates(
    *, players: Sequence[models.Player]
) -> list[tuple[models.Player, list[models.Person]]]:
    """The imported players whose person is probably also another person of the register:
    for the supervisor to merge or keep apart."""
    found = []
    for player in players:
        if player.person is not None:
            similar = persons_similar(person=player.person)
            if similar:
                found.append((player, similar))
    return found
