"""The first page: how to log in for a visitor, the way to a new tournament for staff, and a
new tournament's form that starts from the defaults of its rule set."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.models import Tournament

pytestmark = pytest.mark.django_db

CREATE = reverse("manage:tournament_create")


@pytest.fixture
def staff(client):
    client.force_login(get_user_model().objects.create_user("chef", is_staff=True))
    return client


def test_a_visitor_is_told_how_to_log_in_and_sees_no_new_tournament_button(client):
    page = client.get(reverse("tournament:list")).content.decode()
    assert "Turnierleitung und Schreiber" in page
    assert f'href="{reverse("login")}"' in page
    assert "Neues Turnier" not in page and CREATE not in page


def test_staff_sees_the_new_tournament_button_and_no_login_hint(staff):
    page = staff.get(reverse("tournament:list")).content.decode()
    assert re.search(rf'<a href="{CREATE}" class="button"[^>]*>Neues Turnier</a>', page)
    assert "melden sich hier an" not in page


def test_a_logged_in_user_without_staff_rights_gets_neither(client):
    client.force_login(get_user_model().objects.create_user("gast"))
    page = client.get(reverse("tournament:list")).content.decode()
    assert "Neues Turnier" not in page and "melden sich hier an" not in page


def value(page: str, name: str) -> str | None:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert found, name
    attribute = re.search(r'value="([^"]*)"', found.group(0))
    return attribute.group(1) if attribute else None


def checked(page: str, name: str) -> list[str]:
    inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
    return [re.search(r'value="([^"]*)"', i).group(1) for i in inputs if "checked" in i]


@pytest.mark.parametrize(
    ("query", "contracts"),
    [
        pytest.param("", ["rufspiel", "solo", "wenz", "sie"], id="2007-2.4.4"),
        pytest.param(
            "?regelwerk=schafkopfschule-2024",
            ["rufspiel", "solo", "wenz", "farbwenz", "sie"],
            id="2024-section-2-with-farbwenz",
        ),
    ],
)
def test_the_create_form_starts_with_the_rule_sets_defaults(staff, query, contracts):
    page = staff.get(CREATE + query).content.decode()
    assert value(page, "games_per_durchgang") == "32"
    assert value(page, "number_of_durchgaenge") == "2"
    assert value(page, "solo_approval_from") == "5"
    assert checked(page, "contracts") == contracts
    assert value(page, "name") is None and value(page, "date") is None


def test_only_name_and_date_make_a_tournament_and_its_address_names_the_year_once(staff):
    page = staff.get(CREATE).content.decode()
    form = {
        name: value(page, name)
        for name in ("games_per_durchgang", "number_of_durchgaenge", "solo_approval_from")
    }
    form |= {
        "contracts": checked(page, "contracts"),
        "scoring": "schafkopfschule-2007",
        "tiebreak": "5.4.2",
        "name": "Kirchweih-Schafkopf 2026",
        "date": "2026-11-28",
    }
    response = staff.post(CREATE, form)
    tournament = Tournament.objects.get()
    assert tournament.slug == "kirchweih-schafkopf-2026-11-28"
    assert response["Location"] == reverse("manage:dashboard", args=[tournament.slug])
    staff.post(CREATE, form)
    assert Tournament.objects.filter(slug="kirchweih-schafkopf-2026-11-28-2").exists()
    form |= {"name": "2026 Kirchweih", "date": "2026-11-29"}
    staff.post(CREATE, form)
    assert Tournament.objects.filter(slug="kirchweih-2026-11-29").exists()
