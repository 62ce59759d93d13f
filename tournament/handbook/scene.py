"""The demo scene the handbook's pictures show (`make screenshots`): on the demo tournament of
`seed_demo --if-empty` the drawn, empty Durchgang gets games entered at three tables (one
sheet open, one with a Tout waiting for the approval, one complete, signed, closed and with a
correction asked for), a fourth table is recorded by its totals; prizes, the person register
and a season are filled, and a next tournament is open for registration with some players
checked in at its door. Made through the app's own services, as the pages would."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from itertools import cycle

from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse

from tournament import models
from tournament.checkin.services import player_check_in
from tournament.draw.services import durchgang_publish
from tournament.exchange.interchange.importer import tournament_import
from tournament.handbook.pictures import Picture
from tournament.persons.services import organiser_of, person_from_player
from tournament.phones.links import table_link_issue, table_link_valid
from tournament.prizes.services import prize_add
from tournament.sheets.services.corrections import correction_request
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close, sheet_state
from tournament.sheets.services.supervision import approvals_pending, hand_approve
from tournament.totals.services import table_recording_set

SUPERVISOR = "leitung"  # seed_demo's logins
CLERK = "schreiber"
NEXT_SLUG = "fruehjahrsturnier"
SEASON_SLUG = "saison-2026"
OPEN_TABLE, APPROVAL_TABLE, CLOSED_TABLE, TOTALS_TABLE = 1, 2, 3, 4


class SceneError(Exception):
    """The database holds no demo tournament to show (run `seed_demo --if-empty` first)."""


@dataclass(frozen=True)
class Scene:
    values: dict[str, str]  # the words of `Picture.args`: slug, durchgang, token, …
    pin: str  # of the open table's phone link

    def address(self, picture: Picture) -> str:
        args = [arg[1:] if arg.startswith("=") else self.values[arg] for arg in picture.args]
        return reverse(picture.page, args=args)


def scene_prepare() -> Scene:
    """The scene, made once: a second call finds its games entered and only reads it."""
    tournament = (
        models.Tournament.objects.exclude(slug=NEXT_SLUG).order_by("created_at", "pk").first()
    )
    if tournament is None:
        raise SceneError("No demo tournament: run `manage.py seed_demo --if-empty` first.")
    durchgang = tournament.durchgaenge.order_by("-number").first()
    if durchgang is None or durchgang.tables.count() < TOTALS_TABLE:
        raise SceneError(f"{tournament.slug}: no drawn Durchgang of {TOTALS_TABLE} tables.")
    users = get_user_model().objects
    supervisor, clerk = users.get(username=SUPERVISOR), users.get(username=CLERK)
    tables = {table.number: table for table in durchgang.tables.all()}
    if not models.Hand.objects.filter(table__durchgang=durchgang).exists():
        with transaction.atomic():
            _games_enter(tables, supervisor, clerk)
            durchgang_publish(durchgang=durchgang, published=True)
            _register_fill(tournament, supervisor)
            _next_tournament(tournament, supervisor)
    link = table_link_valid(tables[OPEN_TABLE]) or table_link_issue(
        table=tables[OPEN_TABLE], user=supervisor
    )
    season = models.Season.objects.get(slug=SEASON_SLUG)
    values = {
        "slug": tournament.slug,
        "next": NEXT_SLUG,
        "durchgang": str(durchgang.number),
        "open_table": str(OPEN_TABLE),
        "closed_table": str(CLOSED_TABLE),
        "organiser": season.organiser.slug,
        "season": str(season.pk),
        "token": link.token,
    }
    return Scene(values=values, pin=link.pin)


def _players(table: models.Table) -> list[models.Player]:
    return [seat.player for seat in table.seats.order_by("position").select_related("player")]


def _games(players: list[models.Player]) -> cycle[HandEntry]:
    """Rufspiele around the table, now and then a Wenz or a Solo, won and lost."""
    one, two, three, four = players
    return cycle(
        [
            HandEntry(contract="rufspiel", suit="eichel", declarer=one, partner=three, won=True),
            HandEntry(contract="rufspiel", suit="gras", declarer=two, partner=four, won=False),
            HandEntry(
                contract="rufspiel",
                suit="schellen",
                declarer=three,
                partner=one,
                won=True,
                schneider=True,
            ),
            HandEntry(contract="rufspiel", suit="eichel", declarer=four, partner=two, won=True),
            HandEntry(contract="wenz", declarer=one, won=True, laufende=3),
            HandEntry(contract="rufspiel", suit="gras", declarer=two, partner=three, won=True),
            HandEntry(contract="rufspiel", suit="eichel", declarer=three, partner=four, won=False),
            HandEntry(contract="solo", suit="herz", declarer=four, won=True),
        ]
    )


def _games_enter(tables: dict[int, models.Table], supervisor, clerk) -> None:
    open_games = _games(_players(tables[OPEN_TABLE]))
    for number in range(1, 7):
        hand_save(table=tables[OPEN_TABLE], number=number, game=next(open_games), version=0)

    waiting = tables[APPROVAL_TABLE]
    waiting_games = _games(_players(waiting))
    for number in range(1, 5):
        hand_save(table=waiting, number=number, game=next(waiting_games), version=0, user=clerk)
    tout = HandEntry(
        contract="solo", suit="eichel", declarer=_players(waiting)[1], won=True, tout=True
    )
    hand_save(table=waiting, number=5, game=tout, version=0, user=clerk)

    closed = tables[CLOSED_TABLE]
    players = _players(closed)
    closed_games = _games(players)
    for number in range(1, sheet_state(closed).games + 1):
        hand_save(table=closed, number=number, game=next(closed_games), version=0, user=clerk)
    for hand in approvals_pending(closed.durchgang.tournament).filter(table=closed):
        hand_approve(hand=hand, user=supervisor)
    for seat in closed.seats.select_related("player"):
        seat_sign(seat=seat, user=clerk, signature=seat.player.name)
    sheet_close(table=closed, user=supervisor)
    correction_request(
        table=closed,
        number=2,
        game=HandEntry(
            contract="rufspiel",
            suit="schellen",
            declarer=players[1],
            partner=players[3],
            won=False,
        ),
        reason="Die Schellen-Sau war gerufen, nicht die Gras-Sau.",
        user=clerk,
    )
    table_recording_set(table=tables[TOTALS_TABLE], recording="totals", user=supervisor)


def _register_fill(tournament: models.Tournament, supervisor) -> None:
    """The person register of the demo players, the prizes, and a season counting the
    tournament."""
    for player in tournament.players.filter(person__isnull=True):
        person_from_player(player=player)
    for place, amount in ((1, 150), (2, 100), (3, 60)):
        prize_add(
            tournament=tournament,
            description=f"{place}. Preis",
            place_from=place,
            place_to=place,
            amount=Decimal(amount),
        )
    prize_add(tournament=tournament, description="Sachpreis", place_from=4, place_to=10)
    prize_add(tournament=tournament, description="Meiste gewonnene Soli", rule="solos")
    season = models.Season.objects.create(
        organiser=organiser_of(tournament), name="Saison 2026", slug=SEASON_SLUG
    )
    season.tournaments.add(tournament)


def _next_tournament(demo: models.Tournament, supervisor) -> None:
    """A tournament still to come, open for registration, some players checked in."""
    names = list(demo.players.order_by("start_number").values_list("name", "club")[:12])
    document = {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": {"slug": NEXT_SLUG, "name": "Frühjahrsturnier", "date": "2027-03-20"},
        "players": [
            {"id": str(n), "name": name, **({"club": club} if club else {})}
            for n, (name, club) in enumerate(names, 1)
        ],
        "durchgaenge": [],
    }
    upcoming = tournament_import(document)
    upcoming.entry_fee, upcoming.check_in = Decimal(10), True
    upcoming.registration_open, upcoming.registration_limit = True, 48
    upcoming.save(
        update_fields=["entry_fee", "check_in", "registration_open", "registration_limit"]
    )
    models.Membership.objects.get_or_create(
        tournament=upcoming, user=supervisor, defaults={"role": models.Membership.Role.SUPERVISOR}
    )
    arriving = list(upcoming.players.order_by("start_number")[:5])
    for player, payment in zip(arriving, ["cash", "cash", "free", "cash", "open"], strict=True):
        player_check_in(player=player, payment=payment, user=supervisor)
