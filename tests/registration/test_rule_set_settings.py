"""Rule sets on the registration pages: the create form fills in what the rule set implies
(`?regelwerk=` before, the submitted choice after), the settings page names the rule set and
each setting that differs from it, and the interchange file carries both."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.registration.helpers import settings_post
from tournament.models import Tournament

pytestmark = pytest.mark.django_db
CREATE = reverse("manage:tournament_create")


@pytest.fixture
def staff(client, supervisor):
    supervisor.is_staff = True
    supervisor.save(update_fields=["is_staff"])
    client.force_login(supervisor)
    return client


def checkbox(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert found, name
    return found.group()


@pytest.mark.parametrize(
    ("query", "posted", "expected"),
    [
        pytest.param("", {}, ("schafkopfschule-2007", True, False), id="2007-2.9.1-sie-refused"),
        pytest.param(
            "",
            {"rule_set": "schafkopfschule-2024"},
            ("schafkopfschule-2024", True, True),
            id="2024-chosen-on-submit-2.6-sie-allowed",
        ),
        pytest.param(
            "?regelwerk=schafkopfschule-2024",
            {"rule_set": "schafkopfschule-2024", "sie_first_game_allowed": "on"},
            ("schafkopfschule-2024", True, True),
            id="2024-filled-in-2.6-sie-allowed",
        ),
        pytest.param(
            "?regelwerk=schafkopfschule-2024",
            {"rule_set": "schafkopfschule-2024"},
            ("schafkopfschule-2024", True, False),
            id="2024-filled-in-sie-unticked-2.9.1-kept",
        ),
        pytest.param(
            "",
            {"rule_set": "schafkopfschule-2024", "first_game_rule": ""},
            ("schafkopfschule-2024", False, True),
            id="2024-without-5.2.15",
        ),
    ],
)
def test_the_create_form_stores_the_rule_set_and_what_it_implies(staff, query, posted, expected):
    data = settings_post(name="Regelturnier", first_game_rule="on") | posted
    response = staff.post(CREATE + query, data)
    assert response.status_code == 302, response.content.decode()
    t = Tournament.objects.get(name="Regelturnier")
    assert (t.rule_set, t.first_game_rule, t.sie_first_game_allowed) == expected


@pytest.mark.parametrize(
    ("query", "posted", "contracts"),
    [
        pytest.param(
            "", {}, ["rufspiel", "solo", "wenz", "sie"], id="2007-2.4.4-rufspiel-solo-wenz-sie"
        ),
        pytest.param(
            "",
            {"rule_set": "schafkopfschule-2024"},
            ["rufspiel", "solo", "wenz", "farbwenz", "sie"],
            id="2024-chosen-on-submit-2.2-farbwenz-allowed",
        ),
        pytest.param(
            "?regelwerk=schafkopfschule-2024",
            {"rule_set": "schafkopfschule-2024"},
            ["rufspiel", "solo", "wenz", "sie"],
            id="2024-filled-in-farbwenz-unticked-stays-off",
        ),
        pytest.param(
            "",
            {"rule_set": "schafkopfschule-2024", "contracts": ["rufspiel", "solo", "geier"]},
            ["rufspiel", "solo", "geier"],
            id="2024-8.2-geier-chosen-in-the-same-submission",
        ),
    ],
)
def test_the_create_form_allows_the_contracts_of_the_rule_set(staff, query, posted, contracts):
    data = settings_post(name="Regelturnier", first_game_rule="on") | posted
    assert staff.post(CREATE + query, data).status_code == 302
    assert Tournament.objects.get(name="Regelturnier").contracts == contracts


def test_the_create_form_offers_the_rule_sets_and_fills_in_their_settings(staff):
    page = staff.get(CREATE).content.decode()
    assert "Regelwerk" in page and "?regelwerk=schafkopfschule-2024" in page
    assert "checked" not in checkbox(page, "sie_first_game_allowed")
    page = staff.get(CREATE + "?regelwerk=schafkopfschule-2024").content.decode()
    assert "checked" in checkbox(page, "sie_first_game_allowed")
    assert '<option value="schafkopfschule-2024" selected>' in page
    assert staff.get(CREATE + "?regelwerk=unbekannt").status_code == 200


def test_the_settings_page_names_the_rule_set_and_each_setting_that_differs(staff, evening):
    url = reverse("manage:tournament_edit", args=["abend"])
    assert "Regelwerk: Schafkopfschule 2007</p>" in staff.get(url).content.decode()
    Tournament.objects.filter(slug="abend").update(rule_set="schafkopfschule-2024")
    page = staff.get(url).content.decode()
    assert (
        "Regelwerk: Schafkopfschule 2024; abweichend: Sie im ersten Spiel nicht erlaubt (2.9.1)"
        in page
    )


def test_changing_the_rule_set_on_the_settings_page_fills_in_the_untouched_settings(staff, evening):
    url = reverse("manage:tournament_edit", args=["abend"])
    data = settings_post(evening, first_game_rule="on", rule_set="schafkopfschule-2024")
    assert staff.post(url, data).status_code == 302
    t = Tournament.objects.get(slug="abend")
    assert (t.rule_set, t.first_game_rule, t.sie_first_game_allowed) == (
        "schafkopfschule-2024", True, True,
    )  # fmt: skip
    # The same rule set again: the supervisor's own choice stays.
    data = settings_post(evening, first_game_rule="on", rule_set="schafkopfschule-2024")
    assert staff.post(url, data).status_code == 302
    assert Tournament.objects.get(slug="abend").sie_first_game_allowed is False
    page = staff.get(url).content.decode()
    assert "abweichend: Sie im ersten Spiel nicht erlaubt (2.9.1)" in page
