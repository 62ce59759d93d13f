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
ACCESS (tests/web/walk_helpers.py) with the least role it needs (and to FILL, walk_world.py, if
it has a new kind of argument): no page is added unwalked.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.web.helpers import NOT_POSTED_BY_ALLOWED, routes
from tests.web.walk_helpers import (
    ACCESS,
    CALENDAR_PAGES,
    CLERK,
    CUP_PAGES,
    EMBED_PAGES,
    HANDBOOK_PAGES,
    KEEPER,
    PIN,
    PUBLIC,
    REGISTRATION_PAGES,
    SEASON_PAGES,
    STAFF,
    SUPERVISOR,
    USER,
    public_page_shown,
    request_isolated,
    snapshot,
    url_patterns,
)
from tests.web.walk_world import post_data, url_kwargs
from tournament.models import (
    Durchgang,
    Tournament,
)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

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
    "manage:person_apart",
}


def allowed(access, role) -> bool:
    return {
        PUBLIC: True,
        USER: role != "anonymous",
        STAFF: False,  # no role of the walk is staff
        CLERK: role in ("clerk", "supervisor"),
        SUPERVISOR: role == "supervisor",
        KEEPER: role == "supervisor",  # the world's supervisor is the organiser's staff too
        PIN: False,
    }[access]


def problems_of(role, world) -> list[str]:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(world.users[role])
    login = reverse("login")
    problems = []
    before = snapshot()  # every request is rolled back: each meets these data
    for name, url in routes(world):
        access = ACCESS[name]
        may = allowed(access, role)
        data = post_data(name, world)
        for method in ("get", "post"):
            if method == "post" and may and name in NOT_POSTED_BY_ALLOWED:
                continue
            response, models = request_isolated(client, method, url, data, before)
            status = response.status_code
            where = f"{role} {method.upper()} {url} ({name}): {status}"
            if status >= 500:
                problems.append(f"{where}: server error")
                continue
            may_change = may and method == "post" and access in (CLERK, SUPERVISOR, KEEPER)
            if models and not may_change:
                problems.append(f"{where}: changed {models}")
            if not may:
                to_login = status == 302 and response.url.startswith(login)
                refused = status in (403, 404) or (role == "anonymous" and to_login)
                if not refused:
                    problems.append(f"{where}: not refused")
            elif (
                method == "get"
                and name.startswith("tournament:")
                and not public_page_shown(name, response)
            ):
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
        # shows only tournaments whose ranking is published (tests/seasons/), and so does a cup
        # (tests/cups/); the handbook
        # belongs to no tournament.
        phone = name == "tournament:phone_sheet" or ACCESS[name] == PIN
        before = ("tournament:list", *REGISTRATION_PAGES, *SEASON_PAGES, *HANDBOOK_PAGES)
        before += CUP_PAGES  # a cup, like a season, counts published rankings only
        before += CALENDAR_PAGES  # announced tournaments, a ranking linked once published
        before += EMBED_PAGES  # the public's view for the staff too: a note, no ranking
        if name.startswith("tournament:") and name not in before and not phone:
            expected = 200 if role == "clerk" else 404
            assert client.get(url).status_code == expected, url
