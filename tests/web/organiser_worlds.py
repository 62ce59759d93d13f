"""Two organisers side by side for tests/web/test_organiser_walk.py: `heimverein` (A), whose
roles walk, and `fremdverein` (B), whose data they must not reach. Each has a played tournament
(tests/web/walk_helpers.py) whose players are persons of its register with e-mail and phone,
a season holding the tournament, a prize, a phone link; B also a person known only to its
register and finished jobs whose files hold one of its secrets. Each organiser's staff may
create tournaments and creates one through /turniere/neu/ (tournament_create_as_staff)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.test import Client
from django.urls import reverse

from tests.registration.helpers import settings_post
from tests.web.walk_helpers import (
    CLERK,
    SUPERVISOR,
    tournament_play,
    tournament_publish,
    tournament_small,
    user_create,
)
from tests.web.walk_world import World, cup_world_add
from tournament.models import Job, Membership, Organiser, Person, Prize, Season, Table, Tournament
from tournament.persons.services import person_create, player_person_link
from tournament.phones.links import table_link_issue

FULL, INITIAL = Person.Publication.FULL, Person.Publication.INITIAL

# B's players by start number: (given name, family name, what public pages may show).
B_PLAYERS = [
    ("Walburga", "Zettelmeier", FULL),
    ("Korbinian", "Schnitzlbaumer", INITIAL),
    ("Theres", "Hinterstoisser", INITIAL),
    ("Florian", "Oberhuemer", FULL),
    ("Kreszenz", "Wimmerhuber", INITIAL),
    ("Leonhard", "Kratzlmeier", INITIAL),
    ("Notburga", "Fischbacher", FULL),
    ("Ignaz", "Riedmeierl", INITIAL),
    ("Balthasar", "Gschwendtner", INITIAL),  # sits out Durchgang 1
]
# In B's register only, in no tournament: never on any page of A's roles.
B_REGISTER_ONLY = ("Genovefa", "Unterkirchner", FULL)
A_PLAYERS = [("Sepp", f"Heimspieler{n}", INITIAL) for n in range(1, 10)]
TABLES = [(1, 2, 3, 4), (5, 6, 7, 8)]


def email_of(given: str, family: str) -> str:
    return f"{given}.{family}@mail.invalid".lower()


def phone_of(number: int, prefix: str) -> str:
    return f"0{prefix}-55501{number:02}"


@dataclass
class Side:
    """One organiser: its world (the walk's arguments come from it), its register's persons
    and its users by role."""

    organiser: Organiser
    world: World
    persons: list[Person]
    users: dict


def side_build(slug: str, name: str, *, people, prefix: str, close: bool = True) -> Side:
    """Organiser `<slug>verein` with tournament `<slug>turnier`, its players the persons
    `people`; `close`: table 1 played to its end and closed (tournament_play)."""
    organiser = Organiser.objects.create(name=name, slug=f"{slug}verein")
    names = [f"{given} {family}" for given, family, _p in people]
    tournament = tournament_small(f"{slug}turnier", 9, TABLES, names)
    tournament.organiser = organiser
    tournament.save(update_fields=["organiser"])
    persons = []
    for number, (given, family, publication) in enumerate(people, 1):
        person = person_create(
            organiser=organiser,
            name=f"{given} {family}",
            club=f"SK {name}",
            email=email_of(given, family),
            phone=phone_of(number, prefix),
            publication=publication,
        )
        player_person_link(player=tournament.players.get(start_number=number), person=person)
        persons.append(person)
    users = {role: user_create(f"{slug}-{role}") for role in ("supervisor", "clerk")}
    users["staff"] = user_create(f"{slug}-staff", is_staff=True)  # he creates tournaments
    Membership.objects.create(tournament=tournament, user=users["supervisor"], role=SUPERVISOR)
    clerk_membership = Membership.objects.create(
        tournament=tournament, user=users["clerk"], role=CLERK
    )
    organiser.staff.add(users["staff"])
    tournament_publish(tournament)
    correction, deleted = tournament_play(
        tournament, supervisor=users["supervisor"], clerk=users["clerk"], close=close
    )
    season = Season.objects.create(organiser=organiser, name=f"Saison {name}", slug=tournament.slug)
    season.tournaments.add(tournament)
    open_table = Table.objects.get(durchgang__tournament=tournament, number=2)
    world = World(
        tournament=tournament,
        correction=correction,
        clerk_membership=clerk_membership,
        unseated=tournament.players.get(start_number=9),
        deleted=deleted,
        users=users,
        link=table_link_issue(table=open_table, user=users["supervisor"]),
        persons=tuple(persons),
        prize=Prize.objects.create(
            tournament=tournament, rule="place", place_from=1, description=f"Preis {name}"
        ),
        season=season,
    )
    cup_world_add(world)
    return Side(organiser=organiser, world=world, persons=persons, users=users)


def jobs_finished(side: Side, secret: str) -> None:
    """A workbook and a Durchgang's signed sheets, finished, their files holding `secret`: a
    page that serves them to a stranger shows it."""
    tournament = side.world.tournament
    made = {}
    for kind, durchgang, filename in (
        (Job.Kind.WORKBOOK, 0, "turnier.xlsx"),
        (Job.Kind.SHEETS, 1, "spiellisten.pdf"),
    ):
        stored = default_storage.save(f"jobs/{filename}", ContentFile(secret.encode()))
        made[kind] = Job.objects.create(
            kind=kind,
            slug=tournament.slug,
            durchgang=durchgang,
            language="de",
            state=Job.State.READY,
            result=stored,
            filename=filename,
            requested_by=side.users["supervisor"],
        ).pk
    for name in ("manage:job", "manage:job_status", "manage:job_file"):
        side.world.jobs[name] = made[Job.Kind.WORKBOOK]
    for name in ("manage:sheets_print_progress", "manage:sheets_print_status"):
        side.world.jobs[name] = made[Job.Kind.SHEETS]


def tournament_create_as_staff(side: Side, *, posted: Organiser) -> Tournament:
    """The side's organiser staff creates a tournament through /turniere/neu/, the form posted
    with organiser `posted` (another's: he serves one organiser, so the page offers no choice
    and takes none). It goes to his own organiser, and he becomes its supervisor."""
    client = Client()
    client.force_login(side.users["staff"])
    name = f"Neu {side.organiser.name}"
    data = settings_post(name=name, date="2026-12-12", organiser=posted.pk)
    response = client.post(reverse("manage:tournament_create"), data)
    tournament = Tournament.objects.get(name=name)
    assert response.status_code == 302, response.content.decode()
    assert tournament.organiser == side.organiser
    assert tournament.memberships.get().user == side.users["staff"]
    return tournament
