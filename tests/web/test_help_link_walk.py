"""The "?" beside every management page's title leads to its section of the handbook: walked
over every management URL of the walk's tournament (tests/web/walk_world.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.web.walk_helpers import url_patterns
from tests.web.walk_world import url_kwargs
from tournament.handbook.book import anchors
from tournament.handbook.pages import HELP_SECTIONS, NO_PAGE

pytestmark = pytest.mark.slow
HELP = re.compile(r'<a class="help-link" href="/hilfe/#([a-z0-9-]+)"')


def manage_names() -> dict[str, tuple[str, ...]]:
    return {
        name.removeprefix("manage:"): arguments
        for name, arguments in url_patterns()
        if name and name.startswith("manage:")
    }


def test_every_management_address_has_its_section_or_is_no_page():
    names = set(manage_names())
    assert names - set(HELP_SECTIONS) - NO_PAGE == set(), "give these pages a section"
    assert set(HELP_SECTIONS) - names == set(), "these pages are gone"
    assert NO_PAGE - names == set(), "these addresses are gone"
    assert set(HELP_SECTIONS) & NO_PAGE == set()


def test_every_section_a_page_names_is_in_the_handbook():
    assert set(HELP_SECTIONS.values()) - anchors() == set()


def test_each_management_page_shows_the_question_mark_to_its_section(client, world):
    client.force_login(world.users["supervisor"])
    shown = {}
    for name, arguments in manage_names().items():
        if name in NO_PAGE:
            continue
        kwargs = url_kwargs(f"manage:{name}", arguments, world)
        assert kwargs is not None, name
        response = client.get(reverse(f"manage:{name}", kwargs=kwargs))
        if response.status_code != 200:  # a POST-only action, a redirect, a missing job
            continue
        found = HELP.findall(response.content.decode())
        assert found == [HELP_SECTIONS[name]], name
        shown[name] = found[0]
    # The pages a supervisor works on every evening are among those walked.
    assert {"dashboard", "players", "checkin", "durchgang", "sheet", "approvals"} <= set(shown)
    assert len(shown) >= 30


def test_public_pages_have_no_question_mark(client, world):
    response = client.get(f"/turnier/{world.tournament.slug}/")
    assert response.status_code == 200
    assert 'class="help-link"' not in response.content.decode()
    assert 'href="/hilfe/"' in response.content.decode()  # the navigation's "Hilfe"
