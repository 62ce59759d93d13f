"""Deny by default: every URL of the site, walked by GET and POST as every role.

OWASP ASVS 4.0.3, V4 Access Control:
- 4.1.1 access rules are enforced on the server: each request is checked here, not a link;
- 4.1.5 access controls fail securely: no request of any role ends in a server error, and a
  refused request changes nothing;
- 4.2.1 no insecure direct object references: the staff of another tournament reaches no
  object of this one by its id (tables, games, players, corrections, clerks);
- 4.2.2 anti-CSRF: a write without the CSRF token is refused and changes nothing.

Every URL pattern of the project (the Django admin aside: staff only, Django's own checks) is
filled with real ids of a fixture tournament (players, a draw, games, a closed sheet, a
pending correction, a sanction) and requested as an anonymous visitor, a clerk and a
supervisor of ANOTHER tournament, and a clerk of THIS one (the supervisor too, to show that
the POST data are real: his writes take effect). Before and after each request the rows of
the tournament app and of the user accounts are hashed; each request runs in a savepoint that
is rolled back, so every request meets the same data.

A new URL pattern fails `test_every_url_pattern_is_classified_and_filled` until it is added to
ACCESS below with the least role it needs (and to FILL if it has a new kind of argument): no
page is added unwalked.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.sheets.fixtures import ruf
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import (
    Correction,
    Durchgang,
    Hand,
    Membership,
    Organiser,
    Prize,
    Season,
    SheetEvent,
    Table,
    Tournament,
)
from tournament.persons.services import person_create
from tournament.phones.links import table_link_issue
from tournament.sheets.services.corrections import correction_request
from tournament.sheets.services.hands import hand_delete, hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close

pytestmark = pytest.mark.django_db

PUBLIC, USER, STAFF, CLERK, SUPERVISOR = "public", "user", "staff", "clerk", "supervisor"
PIN = "pin"  # only a phone that typed the table's PIN: no role of the walk (test_phone_api.py)

# The least role each URL needs. PUBLIC: anyone (the ranking pages once published, the table
# list of a published Durchgang); USER: any logged-in user (his own password); STAFF: Django's
# is_staff; CLERK and SUPERVISOR: that role in the tournament of the URL
# (tournament/core/access.py).
ACCESS = {
    "healthz": PUBLIC,
    "set_language": PUBLIC,
    "login": PUBLIC,
    "logout": PUBLIC,
    "password_change": USER,
    "password_change_done": USER,
    "tournament:list": PUBLIC,
    "tournament:ranking": PUBLIC,
    "tournament:projector": PUBLIC,
    "tournament:ranking_pdf": PUBLIC,
    "tournament:player": PUBLIC,
    "tournament:statistics": PUBLIC,
    "tournament:tables": PUBLIC,
    "tournament:phone_sheet": PUBLIC,  # the PIN form; the sheet itself only with the PIN
    "tournament:phone_state": PIN,
    "tournament:phone_entry": PIN,
    "tournament:phone_keeper": PIN,
    "tournament:phone_confirm": PIN,
    "manage:tournament_create": STAFF,
    "manage:dashboard": SUPERVISOR,
    "manage:tournament_edit": SUPERVISOR,
    "manage:point_table": SUPERVISOR,
    "manage:players": SUPERVISOR,
    "manage:players_import": SUPERVISOR,
    "manage:players_import_confirm": SUPERVISOR,
    "manage:player_edit": SUPERVISOR,
    "manage:player_substitute": SUPERVISOR,
    "manage:player_withdraw": SUPERVISOR,
    "manage:start_cards": SUPERVISOR,
    "manage:player_start_card": SUPERVISOR,
    "manage:durchgaenge": SUPERVISOR,
    "manage:durchgang": SUPERVISOR,
    "manage:draw": SUPERVISOR,
    "manage:swap": SUPERVISOR,
    "manage:publish": SUPERVISOR,
    "manage:print": SUPERVISOR,
    "manage:sheets": CLERK,
    "manage:sheet": CLERK,
    "manage:hand_enter": CLERK,
    "manage:hand_preview": CLERK,
    "manage:sign": CLERK,
    "manage:close": SUPERVISOR,
    "manage:correct": CLERK,
    "manage:hand": CLERK,
    "manage:hand_delete": CLERK,
    "manage:hand_restore": SUPERVISOR,
    "manage:approve": SUPERVISOR,
    "manage:refuse": SUPERVISOR,
    "manage:strike": SUPERVISOR,
    "manage:sanction": SUPERVISOR,
    "manage:approvals": SUPERVISOR,
    "manage:corrections": SUPERVISOR,
    "manage:correction_decide": SUPERVISOR,
    "manage:clerks": SUPERVISOR,
    "manage:clerk_remove": SUPERVISOR,
    "manage:sheets_pdf": CLERK,
    "manage:sheet_pdf": CLERK,
    "manage:sheets_print": CLERK,
    "manage:sheets_print_progress": CLERK,
    "manage:sheets_print_status": CLERK,
    "manage:job_start": SUPERVISOR,
    "manage:job": CLERK,
    "manage:job_status": CLERK,
    "manage:job_file": CLERK,
    "manage:export_xlsx": SUPERVISOR,
    "manage:backup": SUPERVISOR,
    "manage:ranking_publish": SUPERVISOR,
    "manage:table_links": SUPERVISOR,
    "manage:table_link_change": SUPERVISOR,
    "manage:restore": SUPERVISOR,
    "manage:hall_notice": SUPERVISOR,
    # The person register of the tournament's organiser: its supervisors (and the organiser's
    # staff, tests/persons/test_register_pages.py); `anders` belongs to another organiser.
    "manage:register": SUPERVISOR,
    "manage:person_search": SUPERVISOR,
    "manage:persons": SUPERVISOR,
    "manage:person_create": SUPERVISOR,
    "manage:person_duplicates": SUPERVISOR,
    "manage:person_merge": SUPERVISOR,
    "manage:person": SUPERVISOR,
    "manage:person_edit": SUPERVISOR,
    "manage:person_export": SUPERVISOR,
    "manage:person_erase": SUPERVISOR,
    "manage:skt_import": SUPERVISOR,
    # Totals per table (tournament/totals/): the clerks type them, the supervisor switches.
    "manage:totals": CLERK,
    "manage:totals_save": CLERK,
    "manage:table_recording": SUPERVISOR,
    # The door: helpers (clerks) check in; the supervisor sets Startgeld and registration and
    # sees the cash. The public registration form answers anyone ("closed" while it is).
    "manage:checkin": CLERK,
    "manage:checkin_player": CLERK,
    "manage:checkin_late": CLERK,
    "manage:door_settings": SUPERVISOR,
    "manage:cash": SUPERVISOR,
    "manage:cash_pdf": SUPERVISOR,
    "tournament:registration": PUBLIC,
    "manage:prizes": SUPERVISOR,
    "manage:prize_delete": SUPERVISOR,
    "manage:prizes_awarded": SUPERVISOR,
    "manage:prizes_pdf": SUPERVISOR,
    "manage:certificates_pdf": SUPERVISOR,
    "manage:seasons": SUPERVISOR,
    "manage:season_create": SUPERVISOR,
    "manage:season_edit": SUPERVISOR,
    "tournament:season": PUBLIC,
    "tournament:season_pdf": PUBLIC,
    "tournament:season_xlsx": PUBLIC,
}

# Writes whose POST by the supervisor changes the data: the proof that the data posted by the
# walk are real, so that a refusal of the others means the role check, not a bad form.
WRITES = {
    "manage:tournament_edit",
    "manage:players",
    "manage:player_edit",
    "manage:player_withdraw",
    "manage:draw",
    "manage:publish",
    "manage:hand_enter",
    "manage:sign",
    "manage:correct",
    "manage:hand_delete",
    "manage:hand_restore",
    "manage:approve",
    "manage:refuse",
    "manage:strike",
    "manage:sanction",
    "manage:correction_decide",
    "manage:clerks",
    "manage:clerk_remove",
    "manage:ranking_publish",
    # manage:table_links writes only a link for an open table without one, which the walk's
    # tournament has not; replacing or revoking a link is confirmed on manage:table_link_change.
    "manage:table_link_change",
    "manage:person_create",
    "manage:person_edit",
    "manage:person_merge",
}
# A print job renders every sheet of the Durchgang: not started here (tests/jobs/ and
# tests/sheets/test_signed_scoresheets.py run it); refused roles are still walked.
NOT_POSTED_BY_ALLOWED = {"manage:sheets_print"}

SLUG = "rundgang"
# Arguments of the URL patterns; the table is the open one (2) unless a view needs another.
FILL = {"slug": SLUG, "number": 1, "table": 2, "hand": 1, "start_number": 1, "kind": "namen"}
FILL["organiser"] = "standard"  # the organiser of SLUG
FILL_BY_NAME = {
    "manage:draw": {"number": 2},
    "manage:correct": {"table": 1},
    "manage:approve": {"hand": 2},
    "manage:refuse": {"hand": 2},
    "manage:strike": {"hand": 3},
    "manage:sanction": {"hand": 3},
    "manage:hand_delete": {"hand": 4},
    "manage:job_start": {"kind": "excel"},
}


def url_patterns(patterns=None, namespace="", kwargs=()):
    """(name with namespace, names of its arguments) of every URL pattern but the admin's."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        converters = tuple(getattr(entry.pattern, "converters", {}))
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from url_patterns(entry.url_patterns, inner, kwargs + converters)
        elif isinstance(entry, URLPattern):
            yield f"{namespace}{entry.name}" if entry.name else None, kwargs + converters


@dataclass
class World:
    tournament: Tournament
    correction: Correction
    clerk_membership: Membership
    unseated: object  # the player not seated in Durchgang 1
    deleted: int  # the history row of game 6 of table 2, deleted
    users: dict
    link: object  # the phone link of table 2
    persons: tuple  # two persons of the register, likely duplicates: (Josef Huber, Sepp Huber)
    prize: Prize
    season: Season  # under the tournament's slug, holding the tournament


def _user(username, **extra):
    return get_user_model().objects.create_user(username, password="geheim-12345", **extra)


def _import(slug, players, tables):
    return tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": slug, "name": slug.title(), "date": "2026-11-22"},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, players + 1)],
            "durchgaenge": [
                {
                    "number": 1,
                    "tables": [
                        {"number": n, "seats": [str(s) for s in seats]}
                        for n, seats in enumerate(tables, 1)
                    ],
                }
            ],
        }
    )


@pytest.fixture
def world(db):
    """Tournament `rundgang`: nine players, Durchgang 1 drawn and published (player 9 sits out),
    the ranking published live. Table 1: 32 games, signed, closed, a correction pending.
    Table 2: game 1, a Wenz-Tout waiting for approval (2), a game with a sanction (3), game 4,
    game 6 deleted (its deletion in the history: `deleted`).
    Tournament `anders` has a clerk and a supervisor of its own."""
    tournament = _import(SLUG, 9, [(1, 2, 3, 4), (5, 6, 7, 8)])
    other = _import("anders", 4, [(1, 2, 3, 4)])
    other.organiser = Organiser.objects.create(name="Anderer Verein", slug="anderer-verein")
    other.save(update_fields=["organiser"])
    persons = tuple(
        person_create(organiser=tournament.organiser, name=name, club="SK Ebersberg")
        for name in ("Josef Huber", "Sepp Huber")
    )
    users = {
        "supervisor": _user("leitung"),
        "clerk": _user("schreiber"),
        "other_clerk": _user("fremd"),
        "other_supervisor": _user("fremdleitung"),
    }
    Membership.objects.create(tournament=tournament, user=users["supervisor"], role=SUPERVISOR)
    clerk_membership = Membership.objects.create(
        tournament=tournament, user=users["clerk"], role=CLERK
    )
    Membership.objects.create(tournament=other, user=users["other_clerk"], role=CLERK)
    Membership.objects.create(tournament=other, user=users["other_supervisor"], role=SUPERVISOR)
    Durchgang.objects.filter(tournament=tournament).update(published=True)
    tournament.ranking_publication = Tournament.Publication.LIVE
    tournament.save(update_fields=["ranking_publication"])

    closed = Table.objects.get(durchgang__tournament=tournament, number=1)
    p = {seat.position: seat.player for seat in closed.seats.select_related("player")}
    for number in range(1, 33):
        hand_save(table=closed, number=number, game=ruf(p), version=0)
    for seat in closed.seats.all():
        seat_sign(seat=seat, user=users["clerk"])
    sheet_close(table=closed, user=users["supervisor"])
    correction = correction_request(
        table=closed, number=5, game=ruf(p, won=False), reason="Verzählt", user=users["clerk"]
    )

    client = Client()
    client.force_login(users["clerk"])
    enter = reverse("manage:hand_enter", args=[SLUG, 1, 2])
    for number, code in enumerate(["r e 1 3 +", "w 4 + t", "r g 2 4 -", "r s 3 1 + sn"], 1):
        response = client.post(enter, {"number": number, "code": code, "version": 0})
        assert response.status_code == 302, response.content.decode()
    assert Hand.objects.filter(table__durchgang__tournament=tournament).count() == 36
    client.post(enter, {"number": 6, "code": "r e 1 3 -", "version": 0})
    open_table = Table.objects.get(durchgang__tournament=tournament, number=2)
    hand_delete(table=open_table, number=6, version=1, user=users["clerk"], reason="Doppelt")
    season = Season.objects.create(organiser=tournament.organiser, name="Jahreswertung", slug=SLUG)
    Tournament.objects.filter(pk=tournament.pk).update(season=season)
    yield World(
        tournament=tournament,
        correction=correction,
        clerk_membership=clerk_membership,
        unseated=tournament.players.get(start_number=9),
        deleted=SheetEvent.objects.get(table=open_table, number=6, kind="deleted").pk,
        users=users,
        link=table_link_issue(
            table=Table.objects.get(durchgang__tournament=tournament, number=2),
            user=users["supervisor"],
        ),
        persons=persons,
        season=season,
        prize=Prize.objects.create(
            tournament=tournament, rule="place", place_from=1, description="Ganserl"
        ),
    )
    cache.clear()  # pages cached for this tournament must not outlive it


def url_kwargs(name, arguments, world):
    """The URL's arguments from FILL, or None when one of them cannot be filled."""
    values = {**FILL, **FILL_BY_NAME.get(name, {})}
    if name in (
        "manage:player_edit",
        "manage:player_substitute",
        "manage:player_withdraw",
        "manage:player_start_card",
        "manage:checkin_player",
    ):
        values["pk"] = world.unseated.pk
    elif name == "manage:correction_decide":
        values["pk"] = world.correction.pk
    elif name == "manage:hand_restore":
        values["event"] = world.deleted
    elif name == "manage:clerk_remove":
        values["pk"] = world.clerk_membership.pk
    # (person_erase: the walk's POST is not confirmed, so it only shows the confirmation)
    elif name in (
        "manage:person",
        "manage:person_edit",
        "manage:person_export",
        "manage:person_erase",
    ):
        values["pk"] = world.persons[0].pk
    elif name == "manage:season_edit":
        values["pk"] = world.season.pk
    elif name == "manage:prize_delete":
        values["pk"] = world.prize.pk
    elif name.startswith("tournament:phone_"):
        values["token"] = world.link.token
    elif name in (
        "manage:sheets_print_progress",
        "manage:sheets_print_status",
        "manage:job",
        "manage:job_status",
        "manage:job_file",
    ):
        values["job"] = "0" * 32  # no such job: 404 for whom may print, refused for the others
    if any(argument not in values for argument in arguments):
        return None
    return {argument: values[argument] for argument in arguments}


def hand_version(world, table, number):
    return Hand.objects.get(
        table__durchgang__tournament=world.tournament, table__number=table, number=number
    ).version


def form_data(form) -> dict:
    """What a browser sends for `form` unchanged."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is True:
            data[name] = "on"
        elif value in (None, False):
            continue
        elif isinstance(value, list | tuple):
            data[name] = [str(v) for v in value]
        else:
            data[name] = str(value)
    return data


def post_data(name, world) -> dict:
    """A plausible form for the POST to `name`: what the page's own form would send."""
    from tournament.registration.forms import TournamentForm

    tournament = world.tournament
    player = world.unseated
    seated = tournament.players.filter(start_number__in=[5, 6]).order_by("start_number")
    if name == "manage:tournament_edit":
        form = TournamentForm(instance=tournament, locked=tournament.settings_locked)
        return {**form_data(form), "name": "Geänderter Name"}
    data = {
        "manage:players": {"name": "Neu Zugang", "club": "Hinterdorf"},
        "manage:player_edit": {"name": "Umbenannt", "club": "", "start_number": 9},
        "manage:player_substitute": {"name": "Ersatz Mann", "club": ""},
        "manage:draw": {"seed": "rundgang-2"},
        "manage:swap": {
            "first": seated[0].pk,
            "second": seated[1].pk,
            "reason": "Wunsch",
            "bestaetigt": "1",
        },
        "manage:publish": {"published": "0"},
        "manage:hand_enter": {"number": 5, "code": "r e 1 3 +", "version": 0},
        "manage:sign": {"seat": 1, "signature": ""},
        "manage:correct": {"number": 6, "code": "r e 1 3 -", "reason": "Verzählt"},
        "manage:hand_delete": {"version": hand_version(world, 2, 4), "reason": "Doppelt"},
        "manage:hand_restore": {},
        "manage:approve": {
            "note": "ok",
            "version": hand_version(world, 2, 2),
            **{f"condition_{i}": "on" for i in range(8)},
        },
        "manage:refuse": {"note": "nein", "version": hand_version(world, 2, 2)},
        "manage:strike": {"reason": "Vergeben", "version": hand_version(world, 2, 3)},
        "manage:sanction": {
            "offender": tournament.players.get(start_number=5).pk,
            "reason": "Karten gezeigt",
            "version": hand_version(world, 2, 3),
        },
        "manage:correction_decide": {
            "decision": "apply",
            "note": "ok",
            "version": hand_version(world, 1, 5),
        },
        "manage:clerks": {"username": "neuschreiber", "password": "Ein-langes-Passwort-42"},
        "manage:person_create": {"name": "Neu Person", "publication": "initial"},
        "manage:person_edit": {"name": "Josef Huber", "club": "Grafing", "publication": "full"},
        "manage:person_merge": {"kept": world.persons[0].pk, "merged": world.persons[1].pk},
        "manage:ranking_publish": {"publication": "after", "after": 1},
        "manage:table_links": {"table": 2, "issue": "1"},
        "manage:table_link_change": {"tisch": 2, "aktion": "sperren", "bestaetigt": "1"},
        "login": {"username": "leitung", "password": "falsch"},
        "password_change": {
            "old_password": "falsch",
            "new_password1": "Ein-langes-Passwort-42",
            "new_password2": "Ein-langes-Passwort-42",
        },
        "set_language": {"language": "en", "next": "/"},
    }.get(name, {"version": 1, "number": 1, "reason": "x", "published": "1"})
    if name == "manage:player_edit":
        data["start_number"] = player.start_number
    return data


SEASON_PAGES = ("tournament:season", "tournament:season_pdf", "tournament:season_xlsx")

# What a page may write while it is read: the season's copy of its tournaments' public rankings,
# written when a season page finds a tournament changed since (tournament/seasons/services.py).
DERIVED_MODELS = {"tournament.SeasonResult"}
DERIVED_FIELDS = {("tournament.Tournament", "season_generation")}


def snapshot() -> dict:
    """Row count and a hash of all rows of each model of the tournament app and of accounts."""
    user = get_user_model()
    models = [
        *apps.get_app_config("tournament").get_models(include_auto_created=True),
        user,
        user.groups.through,
        user.user_permissions.through,
        Group,
    ]
    state = {}
    for model in models:
        if model._meta.label in DERIVED_MODELS:
            continue
        fields = [
            f.attname
            for f in model._meta.concrete_fields
            if (model._meta.label, f.attname) not in DERIVED_FIELDS
        ]
        rows = list(model._base_manager.order_by("pk").values_list(*fields))
        state[model._meta.label] = (len(rows), hashlib.sha256(repr(rows).encode()).hexdigest())
    return state


def changed(before, after) -> list[str]:
    return sorted(label for label in before if before[label] != after[label])


def allowed(access, role) -> bool:
    return {
        PUBLIC: True,
        USER: role != "anonymous",
        STAFF: False,  # no role of the walk is staff
        CLERK: role in ("clerk", "supervisor"),
        SUPERVISOR: role == "supervisor",
        PIN: False,
    }[access]


def routes(world):
    for name, arguments in sorted(url_patterns(), key=lambda item: str(item[0])):
        kwargs = url_kwargs(name, arguments, world)
        yield name, reverse(name, kwargs=kwargs)


def request_isolated(client, method, url, data):
    """The response and the models changed by one request, which is then rolled back."""
    cookies = copy.deepcopy(client.cookies)
    try:
        with transaction.atomic():
            before = snapshot()
            response = client.get(url) if method == "get" else client.post(url, data)
            after = snapshot()
            transaction.set_rollback(True)
    finally:
        client.cookies = cookies  # a logout or a language switch must not carry over
    return response, changed(before, after)


def problems_of(role, world) -> list[str]:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(world.users[role])
    login = reverse("login")
    problems = []
    for name, url in routes(world):
        access = ACCESS[name]
        may = allowed(access, role)
        for method in ("get", "post"):
            if method == "post" and may and name in NOT_POSTED_BY_ALLOWED:
                continue
            response, models = request_isolated(client, method, url, post_data(name, world))
            status = response.status_code
            where = f"{role} {method.upper()} {url} ({name}): {status}"
            if status >= 500:
                problems.append(f"{where}: server error")
                continue
            may_change = may and method == "post" and access in (CLERK, SUPERVISOR)
            if models and not may_change:
                problems.append(f"{where}: changed {models}")
            if not may:
                to_login = status == 302 and response.url.startswith(login)
                refused = status in (403, 404) or (role == "anonymous" and to_login)
                if not refused:
                    problems.append(f"{where}: not refused")
            elif method == "get" and name.startswith("tournament:") and status != 200:
                problems.append(f"{where}: a public page is not shown")  # all are PUBLIC
            if role == "supervisor" and method == "post" and name in WRITES and not models:
                problems.append(f"{where}: the supervisor's write changed nothing")
    return problems


def test_every_url_pattern_is_classified_and_filled(world):
    problems = []
    for name, arguments in url_patterns():
        if name is None:
            problems.append(f"a URL pattern without a name (arguments {arguments})")
        elif name not in ACCESS:
            problems.append(f"{name}: not in ACCESS (which role may see it?)")
        elif url_kwargs(name, arguments, world) is None:
            problems.append(f"{name}: the walk cannot fill its arguments {arguments}")
    assert problems == []


@pytest.mark.parametrize("role", ["anonymous", "other_clerk", "other_supervisor", "clerk"])
def test_no_role_sees_or_changes_more_than_its_rights_allow(world, role):
    assert problems_of(role, world) == []


def test_the_supervisor_sees_every_page_of_his_tournament_and_his_writes_take_effect(world):
    """The check of the walk itself: the POST data are good enough to change the data."""
    assert problems_of("supervisor", world) == []


def test_a_write_without_the_csrf_token_is_refused_and_changes_nothing(world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.users["supervisor"])
    problems = []
    for name, url in routes(world):
        if name not in WRITES:
            continue
        response, models = request_isolated(client, "post", url, post_data(name, world))
        if response.status_code != 403 or models:
            problems.append(f"POST {url}: {response.status_code}, changed {models}")
    assert problems == []


def test_the_admin_is_for_staff_only(world):
    client = Client()
    for role in ("anonymous", "clerk", "supervisor"):
        if role != "anonymous":
            client.force_login(world.users[role])
        response = client.get("/admin/")
        assert response.status_code == 302, role
        assert response.url.startswith("/admin/login/"), role


@pytest.mark.parametrize("role", ["anonymous", "other_supervisor", "clerk"])
def test_before_publishing_the_public_pages_are_the_tournament_staffs_alone(world, role):
    Durchgang.objects.filter(tournament=world.tournament).update(published=False)
    world.tournament.ranking_publication = Tournament.Publication.HIDDEN
    world.tournament.save(update_fields=["ranking_publication"])
    cache.clear()
    client = Client()
    if role != "anonymous":
        client.force_login(world.users[role])
    for name, url in routes(world):
        # The list names tournaments only; a table's phone pages need its link and PIN instead;
        # the registration form is for before anything is published (tests/checkin/); a season
        # shows only tournaments whose ranking is published (tests/seasons/).
        phone = name == "tournament:phone_sheet" or ACCESS[name] == PIN
        before = ("tournament:list", "tournament:registration", *SEASON_PAGES)
        if name.startswith("tournament:") and name not in before and not phone:
            expected = 200 if role == "clerk" else 404
            assert client.get(url).status_code == expected, url
