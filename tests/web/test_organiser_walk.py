"""Trust boundaries between organisers: no role of one organiser reaches another's data.

One installation holds several organisers (clubs, a league), each with its tournaments, person
register, seasons, prizes and jobs (tests/web/organiser_worlds.py builds two: A `heimverein`
and B `fremdverein`). Every URL pattern of the project (the Django admin aside, as in
test_access_walk.py) is filled with the ids and slugs of B (its tournament's slug, its
organiser's slug, its persons, players, correction, clerk, season, prize, phone link and its
finished jobs) and requested by GET and by POST, with the form each page would send
(tests/web/walk_world.py), as every role of A: the supervisor and a clerk of A's tournament,
A's staff (`Organiser.staff`, who keeps A's register; staff of the installation too, he created
a tournament of A through /turniere/neu/, posting B as its organiser, and supervises it), a
logged-in user without any role, and an anonymous visitor. A tournament role never opens an
organiser's register: A's supervisor is refused A's register as well. For every request:

- no server error;
- nothing changes: every row of the tournament app (B's among them), the user accounts and the
  organisers' staff hash the same before and after (each request runs in a savepoint that is
  rolled back, so every request meets the same data);
- B's management pages, register, seasons and prizes management, certificates, jobs, backup
  and restore are refused (403, 404, or the login for the anonymous visitor);
- none of B's secrets is in the response (body with PDFs and workbooks read as text, and
  headers): never the e-mail or phone of a person of B's register, never a player's personal
  code, never the family name of a person who published only the initial ("Korbinian S.") nor
  of a person who is in B's register only. The family name of a person who consented to the
  full name may appear, but only on the pages anyone may see once B published them (PUBLIC in
  walk_helpers.ACCESS: the ranking, projector, ranking PDF, player and statistics pages, the
  table list, the season's page, PDF and workbook): what a stranger sees there A's roles see
  too, and nothing more.

A second walk turns the ids around: A's own pages (its tournament's slug, its organiser's slug)
with B's ids in the path (a player, correction, clerk, history row, person, season, prize, job)
and, in the forms and queries, B's players, persons and tournament (a player picked from the
register, a seat swap, a sanction's offender, a merge, a season's tournaments, the register's
search, the download of a Durchgang's sheets by job), as A's supervisor, clerk and staff, who
may use these pages: each is refused or finds nothing, changes nothing and shows nothing of B.
The forms that write (a player picked from the register, a sanction, a merge, a new season)
take effect with A's own ids (the last test), so their refusal is the organiser check and not a
bad form.

Like the access walk, a new URL pattern fails `test_every_url_pattern_is_filled_with_bs_data`
until it is classified in ACCESS and its arguments can be filled.
"""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils.http import urlencode

from tests.pdfs import pdf_pages
from tests.web.organiser_worlds import (
    A_PLAYERS,
    B_PLAYERS,
    B_REGISTER_ONLY,
    FULL,
    Side,
    email_of,
    jobs_finished,
    side_build,
    tournament_create_as_staff,
)
from tests.web.walk_helpers import (
    ACCESS,
    KEEPER,
    PUBLIC,
    STAFF,
    USER,
    request_isolated,
    snapshot,
    url_patterns,
    user_create,
)
from tests.web.walk_world import form_data, hand_version, post_data, url_kwargs
from tournament.models import Person, Player
from tournament.persons.services import person_create
from tournament.seasons.forms import SeasonForm

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ROLES = ("supervisor", "clerk", "staff", "user", "anonymous")
REFUSED = (403, 404, 405)


# Public pages reached only with the secret key of a mail (B's registrations), in the address
# or in the session: without it, 404.
KEYED_PAGES = (
    "tournament:registration_confirm",
    "tournament:registration_withdraw",
    "tournament:registration_confirm_page",
    "tournament:registration_withdraw_page",
)


@pytest.fixture
def sides(db) -> tuple[Side, Side]:
    # A's roles walk; A's own pages need only its open table's games (tests below).
    a = side_build("heim", "Heimverein", people=A_PLAYERS, prefix="8", close=False)
    b = side_build("fremd", "Fremdverein", people=B_PLAYERS, prefix="9")
    a.persons += [person_create(organiser=a.organiser, name=f"{n} Heimkartei") for n in "AB"]
    given, family, publication = B_REGISTER_ONLY
    b.persons.append(
        person_create(
            organiser=b.organiser,
            name=f"{given} {family}",
            email=email_of(given, family),
            phone="0171-5550199",
            publication=publication,
        )
    )
    jobs_finished(b, secret=b.persons[1].email)
    # Each organiser's staff creates a tournament, B's into its own organiser as well.
    tournament_create_as_staff(a, posted=b.organiser)
    tournament_create_as_staff(b, posted=a.organiser)
    a.users["user"] = user_create("heim-gast")
    cache.clear()  # pages cached for these tournaments must not outlive them
    return a, b


def secrets_of(b: Side) -> tuple[set[str], set[str]]:
    """(what no page may show A's roles, what only B's public pages may show)."""
    never, public_only = set(), set()
    for person in Person.objects.filter(organiser=b.organiser):
        never |= {person.email, person.phone}
        family = person.name.split()[-1]
        playing = person.players.exists()
        (public_only if playing and person.publication == FULL else never).add(family)
    never |= set(
        Player.objects.filter(tournament=b.world.tournament).values_list("personal_code", flat=True)
    )
    return never, public_only


def response_text(response) -> str:
    """What the response shows: its headers and body, PDFs and workbooks read as text."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    # (not response.close(): the test client closes a streamed file once it is read, and a
    # close fires request_finished, which would close the test's database connection)
    parts = [str(dict(response.headers)), body.decode("utf-8", "replace")]
    kind = response.get("Content-Type", "")
    try:
        if kind.startswith("application/pdf"):
            parts += pdf_pages(body)
        elif body.startswith(b"PK"):  # a workbook or a zip archive
            with zipfile.ZipFile(io.BytesIO(body)) as archive:
                for member in archive.namelist():
                    parts.append(archive.read(member).decode("utf-8", "replace"))
    except Exception as exc:  # a file that does not open shows its bytes above
        parts.append(f"unreadable: {exc!r}")
    return "\n".join(parts)


def leaked(response, never, public_only, *, public: bool) -> list[str]:
    text = response_text(response)
    shown = [secret for secret in never if secret in text]
    if not public:
        shown += [secret for secret in public_only if secret in text]
    return sorted(shown)


def client_of(side: Side, role: str) -> Client:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(side.users[role])
    return client


def problems_of(role: str, a: Side, b: Side) -> list[str]:
    """Every URL with B's data, by GET and POST, as `role` of A."""
    client = client_of(a, role)
    never, public_only = secrets_of(b)
    login = reverse("login")
    problems = []
    before = snapshot()  # every request is rolled back: each meets these data
    for name, arguments in sorted(url_patterns(), key=lambda item: str(item[0])):
        url = reverse(name, kwargs=url_kwargs(name, arguments, b.world))
        access = ACCESS[name]
        may = access == PUBLIC or (access == USER and role != "anonymous")
        may = may or (access == STAFF and role == "staff")  # A's staff creates tournaments
        data = post_data(name, b.world)
        for method in ("get", "post"):
            response, models = request_isolated(client, method, url, data, before)
            status = response.status_code
            where = f"{role} of A {method.upper()} {url} ({name}): {status}"
            if status >= 500:
                problems.append(f"{where}: server error")
                continue
            if models:
                problems.append(f"{where}: changed {models}")
            if not may:
                to_login = status == 302 and response.url.startswith(login)
                if not (status in (403, 404) or (role == "anonymous" and to_login)):
                    problems.append(f"{where}: not refused")
            elif (
                method == "get"
                and name.startswith("tournament:")
                and name not in KEYED_PAGES
                and status != 200
            ):
                problems.append(f"{where}: B's published page is not shown")
            if shown := leaked(response, never, public_only, public=access == PUBLIC):
                problems.append(f"{where}: shows {shown}")
    return problems


def test_every_url_pattern_is_filled_with_bs_data(sides):
    _a, b = sides
    problems = []
    for name, arguments in url_patterns():
        if name not in ACCESS:
            problems.append(f"{name}: not in ACCESS (tests/web/walk_helpers.py)")
        elif url_kwargs(name, arguments, b.world) is None:
            problems.append(f"{name}: the walk cannot fill its arguments {arguments}")
    assert problems == []


@pytest.mark.parametrize("role", ROLES)
def test_no_role_of_one_organiser_reads_or_changes_anothers_data(sides, role):
    a, b = sides
    assert problems_of(role, a, b) == []


# What the walk above checks among all the rest, named: B's register, its seasons, cups and
# cup key, prizes management, its certificates, its jobs (by their real ids), its backup and
# restore.
KEPT_BY_B = (
    "manage:register",
    "manage:person_search",
    "manage:persons",
    "manage:person_create",
    "manage:person_duplicates",
    "manage:person_merge",
    "manage:person_apart",
    "manage:person",
    "manage:person_edit",
    "manage:person_export",
    "manage:person_erase",
    "manage:seasons",
    "manage:season_create",
    "manage:season_edit",
    "manage:season_tournament_remove",
    "manage:cups",
    "manage:cup_create",
    "manage:cup",
    "manage:cup_edit",
    "manage:cup_member_add",
    "manage:cup_member_key",
    "manage:cup_tournament_add",
    "manage:cup_upload",
    "manage:cup_entry_withdraw",
    "manage:cup_entry_name_erase",
    "manage:cup_persons",
    "manage:cup_final",
    "manage:cup_key",
    "manage:cup_key_file",
    "manage:cup_export",
    "manage:prizes",
    "manage:prize_delete",
    "manage:prizes_awarded",
    "manage:prizes_pdf",
    "manage:certificates_pdf",
    "manage:teams",
    "manage:job",
    "manage:job_status",
    "manage:job_file",
    "manage:sheets_print_progress",
    "manage:sheets_print_status",
    "manage:backup",
    "manage:restore",
)


@pytest.mark.parametrize("role", ["supervisor", "staff"])
def test_as_keepers_are_refused_bs_register_seasons_prizes_certificates_jobs_and_backup(
    sides, role
):
    a, b = sides
    client = client_of(a, role)
    arguments = dict(url_patterns())
    before = snapshot()
    answers = {}
    for name in KEPT_BY_B:
        url = reverse(name, kwargs=url_kwargs(name, arguments[name], b.world))
        for method in ("get", "post"):
            data = post_data(name, b.world)
            response, models = request_isolated(client, method, url, data, before)
            answers[f"{method.upper()} {name}"] = (response.status_code, *models)
    assert set(answers.values()) == {(403,)}, answers  # refused, nothing changed


def test_the_secrets_are_real_bs_keepers_and_the_public_see_what_they_may(sides):
    """The check of the walk itself: B's staff sees the secrets the walk looks for, and B's
    public ranking shows the full names consented to, the others by initial."""
    _a, b = sides
    never, public_only = secrets_of(b)
    person = b.persons[1]
    page = client_of(b, "staff").get(reverse("manage:person", args=[b.organiser.slug, person.pk]))
    text = response_text(page)
    assert page.status_code == 200
    assert {person.email, person.phone, "Schnitzlbaumer"} <= {s for s in never if s in text}
    ranking = Client().get(reverse("tournament:ranking", args=[b.world.tournament.slug]))
    assert "Walburga Zettelmeier" in ranking.content.decode()
    assert "Korbinian S." in ranking.content.decode()
    assert leaked(ranking, never, public_only, public=True) == []
    shown = leaked(ranking, never, public_only, public=False)
    assert shown == ["Fischbacher", "Oberhuemer", "Zettelmeier"]


# --- A's own pages with B's ids --------------------------------------------------------------

ID_ARGUMENTS = {"pk", "event", "job"}


def foreign_paths(a: Side, b: Side):
    """(name, URL, form) of every URL with an object's id: A's slugs, B's ids."""
    for name, arguments in sorted(url_patterns(), key=lambda item: str(item[0])):
        if not ID_ARGUMENTS & set(arguments):
            continue
        kwargs = url_kwargs(name, arguments, b.world)
        own = {"slug": a.world.tournament.slug, "organiser": a.organiser.slug}
        kwargs.update({key: value for key, value in own.items() if key in kwargs})
        yield name, reverse(name, kwargs=kwargs), post_data(name, b.world)


def foreign_forms(a: Side, owner: Side):
    """(name, method, URL, data) of A's pages sent with `owner`'s players, persons and
    tournament in the form or query."""
    slug, organiser = a.world.tournament.slug, a.organiser.slug
    players = owner.world.tournament.players
    unplayed = [p for p in owner.persons if not p.players.exists()]
    season_form = form_data(SeasonForm(organiser=a.organiser))
    season = {**season_form, "name": "Neue Saison", "slug": "neue-saison", "kind": "sum"}
    edit = form_data(SeasonForm(instance=a.world.season, organiser=a.organiser))
    yield (
        "manage:players",
        "post",
        reverse("manage:players", args=[slug]),
        {
            "name": "Neu Zugang",
            "club": "",
            "person": unplayed[0].pk,
        },
    )
    yield (
        "manage:sanction",
        "post",
        reverse("manage:sanction", args=[slug, 1, 2, 3]),
        {
            "offender": players.get(start_number=5).pk,
            "reason": "Karten gezeigt",
            "version": hand_version(a.world, 2, 3),
        },
    )
    yield (
        "manage:person_merge",
        "post",
        reverse("manage:person_merge", args=[organiser]),
        {"kept": unplayed[0].pk, "merged": owner.persons[0].pk},  # two persons of `owner`
    )
    yield (
        "manage:person_apart",
        "post",
        reverse("manage:person_apart", args=[organiser]),
        {"kept": unplayed[0].pk, "merged": owner.persons[0].pk},
    )
    yield (
        "manage:season_create",
        "post",
        reverse("manage:season_create", args=[organiser]),
        {
            **season,
            "tournaments": [owner.world.tournament.pk],
        },
    )
    if owner is a:
        return
    yield (
        "manage:season_edit",
        "post",
        reverse("manage:season_edit", args=[organiser, a.world.season.pk]),
        {**edit, "tournaments": [owner.world.tournament.pk]},
    )
    yield (
        "manage:swap",
        "post",
        reverse("manage:swap", args=[slug, 1]),
        {
            "first": players.get(start_number=1).pk,
            "second": players.get(start_number=5).pk,
            "reason": "Wunsch",
            "bestaetigt": "1",
        },
    )
    # A part of a family name of B: the page repeats the query, and must add nothing of B.
    family = B_PLAYERS[0][1][:6]
    yield "manage:person_search", "get", reverse("manage:person_search", args=[slug]), {"q": family}
    yield "manage:persons", "get", reverse("manage:persons", args=[organiser]), {"q": family}
    sheets_job = owner.world.jobs["manage:sheets_print_status"]
    yield (
        "manage:sheets_pdf",
        "get",
        reverse("manage:sheets_pdf", args=[slug, 1]),
        {"job": sheets_job},
    )


@pytest.mark.parametrize("role", ["supervisor", "clerk", "staff"])
def test_bs_ids_on_as_own_pages_find_nothing_and_change_nothing(sides, role):
    a, b = sides
    client = client_of(a, role)
    never, public_only = secrets_of(b)
    problems = []
    requests = [(n, m, u, d, True) for n, u, d in foreign_paths(a, b) for m in ("get", "post")]
    requests += [(*request, False) for request in foreign_forms(a, b)]
    for name, method, url, data, path_of_b in requests:
        if method == "get" and data:
            response, models = request_isolated(client, "get", f"{url}?{urlencode(data)}", {})
        else:
            response, models = request_isolated(client, method, url, data)
        where = f"{role} of A {method.upper()} {url} {data} ({name}): {response.status_code}"
        if response.status_code >= 500:
            problems.append(f"{where}: server error")
        if models:
            problems.append(f"{where}: changed {models}")
        if path_of_b and response.status_code not in REFUSED:
            problems.append(f"{where}: not refused")
        if shown := leaked(response, never, public_only, public=False):
            problems.append(f"{where}: shows {shown}")
    assert problems == []


def test_the_same_forms_with_as_own_ids_take_effect(sides):
    """The check of the second walk: its forms are real (the register's and seasons' sent by
    A's staff, who keeps them; the tournament's by A's supervisor)."""
    a, _b = sides
    problems = []
    for name, method, url, data in foreign_forms(a, a):
        role = "staff" if ACCESS[name] == KEEPER else "supervisor"
        response, models = request_isolated(client_of(a, role), method, url, data)
        if not models:
            problems.append(f"{method.upper()} {url} {data} ({name}): changed nothing")
    assert problems == []


@pytest.mark.parametrize("role", ["supervisor", "clerk"])
def test_a_tournament_role_alone_opens_no_register_not_even_its_own_organisers(sides, role):
    """A's supervisor and clerk are refused A's own register and seasons: only A's staff
    keeps them (and gets them, the last line)."""
    a, _b = sides
    arguments = dict(url_patterns())
    answers = {}
    for name in KEPT_BY_B:
        if ACCESS[name] != KEEPER:
            continue
        kwargs = url_kwargs(name, arguments[name], a.world)
        response = client_of(a, role).get(reverse(name, kwargs=kwargs))
        answers[name] = response.status_code
    assert len(answers) >= 12 and set(answers.values()) == {403}, answers
    persons = reverse("manage:persons", args=[a.organiser.slug])
    assert client_of(a, "staff").get(persons).status_code == 200
