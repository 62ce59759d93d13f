"""The public ranking page names the rule set and each setting that differs from it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        pytest.param({}, "Regelwerk: Schafkopfschule 2007</p>", id="2007-as-is"),
        pytest.param(
            {
                "rule_set": "schafkopfschule-2024",
                "sie_first_game_allowed": False,
                "all_pass": "thrown_in",
                "contracts": ["rufspiel", "solo", "wenz", "farbwenz", "sie"],
            },
            "Regelwerk: Schafkopfschule 2024; abweichend: Sie im ersten Spiel nicht erlaubt "
            "(2.9.1)</p>",
            id="2024-with-2.9.1",
        ),
        pytest.param(
            {"rule_set": "schafkopfschule-2024", "sie_first_game_allowed": True}
            | {"all_pass": "thrown_in", "contracts": ["rufspiel", "solo", "wenz", "geier", "sie"]},
            "Regelwerk: Schafkopfschule 2024; abweichend: Farbwenz nicht erlaubt, Geier "
            "erlaubt</p>",
            id="2024-2.2-without-farbwenz-8.2-with-geier",
        ),
    ],
)
def test_the_public_ranking_names_the_rule_set_and_its_deviations(client, evening, settings, named):
    Tournament.objects.filter(pk=evening.pk).update(ranking_publication="live", **settings)
    page = client.get(reverse("tournament:ranking", args=["abend"]))
    assert page.status_code == 200
    assert named in page.content.decode()
