"""The signed scoresheet names the rules it was played by: the rule set and each setting that
differs from it (read back from the PDF with the helpers of test_signed_scoresheets)."""

from __future__ import annotations

import pytest

from tests.sheets.helpers import read, squeezed
from tournament.models import Table, Tournament
from tournament.sheets.pdf import scoresheet_pdf

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        pytest.param({}, "Regelwerk: Schafkopfschule 2007", id="2007-as-is"),
        pytest.param(
            {"rule_set": "schafkopfschule-2024", "all_pass": "thrown_in"},
            "Regelwerk: Schafkopfschule 2024; abweichend: Sie im ersten Spiel nicht erlaubt "
            "(2.9.1), Farbwenz nicht erlaubt",
            id="2024-with-2.9.1-without-farbwenz",
        ),
        pytest.param(
            {
                "rule_set": "schafkopfschule-2024",
                "sie_first_game_allowed": True,
                "all_pass": "thrown_in",
                "contracts": ["rufspiel", "solo", "wenz", "farbwenz", "sie"],
            },
            "Regelwerk: Schafkopfschule 2024",
            id="2024-as-is",
        ),
        pytest.param(
            {
                "rule_set": "schafkopfschule-2024",
                "sie_first_game_allowed": True,
                "all_pass": "thrown_in",
                "thrown_in_counts": False,
                "stock_per_thrown_in": "0.50",
                "contracts": ["rufspiel", "solo", "wenz", "farbwenz", "sie"],
            },
            "Regelwerk: Schafkopfschule 2024; abweichend: ein zusammengeworfenes Spiel zählt "
            "nicht als Spiel, Stock 0,50 € je zusammengeworfenem Spiel",
            id="4.1.5-2024-not-counting-with-stock",
        ),
        pytest.param(
            {"first_game_rule": False},
            "Regelwerk: Schafkopfschule 2007; abweichend: erstes Spiel: Tout und Schwarz zählen "
            "voll (ohne 5.2.15)",
            id="2007-without-5.2.15",
        ),
    ],
)
def test_the_printed_sheet_names_the_rule_set_and_its_deviations(evening, settings, named):
    Tournament.objects.filter(pk=evening.pk).update(**settings)
    table = Table.objects.get(durchgang__tournament=evening, number=1)
    _reader, pages = read(scoresheet_pdf(table))
    assert len(pages) == 1
    text = squeezed(pages[0])
    assert squeezed(named) in text
    if "abweichend" not in named:
        assert "abweichend" not in text
