"""The team ranking of the example tournament (tests/data/beispielturnier-2026.standings.json):
a club's best N, registered teams, on the ranking page, projector, PDF and workbook, and the
supervisor's team page with its German messages."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.pdfs import pdf_text
from tournament.exchange.exports.workbook import tournament_xlsx
from tournament.models import Team, TeamMember, TeamRanking
from tournament.ranking.standings import standings_compute
from tournament.ranking.team_standings import team_rows
from tournament.teams.services import teams_save

pytestmark = pytest.mark.django_db


def rows_of(tournament):
    rows = team_rows(tournament, standings_compute(tournament))
    return [(r.rank, r.name, r.points, r.complete) for r in rows]


def test_a_clubs_best_three_of_the_example_equal_the_hand_computation(example_tournament):
    teams_save(tournament=example_tournament, kind="club", size=3, teams="")
    # By hand from the standings: FC Laubendorf ranks 3, 4, 5: 10 + 9 + 5 = 24;
    # SK Vohenstrauß ranks 2, 9, 10: 26 + 1 - 8 = 19; Schafkopfschule one player (-36):
    # incomplete, after the complete clubs; players without a club are in no team.
    assert rows_of(example_tournament) == [
        (1, "FC Laubendorf", 24, True),
        (2, "SK Vohenstrauß", 19, True),
        (3, "Schafkopfschule", -36, False),
    ]


def test_registered_teams_with_equal_points_go_by_the_better_best_player(example_tournament):
    teams_save(
        tournament=example_tournament,
        kind="registered",
        size=2,
        teams="Die Asse: 12, 1\nDie Unter: 7 2\nDie Ober: 6, 10",
    )
    # By hand: Asse 10 + 1 = 11; Ober 5 + 1 = 6 and Unter 5 + 1 = 6, Ober's best player is
    # Anna Reiter (rank 5), Unter's Xaver Obermeier (rank 6).
    assert rows_of(example_tournament) == [
        (1, "Die Asse", 11, True),
        (2, "Die Ober", 6, True),
        (3, "Die Unter", 6, True),
    ]


def test_no_team_table_without_a_team_ranking(example_tournament):
    assert rows_of(example_tournament) == []
    teams_save(tournament=example_tournament, kind="none", size=4, teams="")
    assert rows_of(example_tournament) == []


def test_the_ranking_page_projector_pdf_and_workbook_show_the_team_table(
    example_tournament, supervisor
):
    teams_save(tournament=example_tournament, kind="club", size=3, teams="")
    client = Client()
    client.force_login(supervisor)
    slug = example_tournament.slug
    page = client.get(reverse("tournament:ranking", args=[slug])).content.decode()
    teams = page[page.index('id="mannschaften"') :]
    assert "Mannschaftswertung nach Durchgang 2" in teams
    assert teams.index("FC Laubendorf") < teams.index("SK Vohenstrauß")
    assert "Schafkopfschule</strong> <small>(unvollständig)</small>" in teams
    projector = reverse("tournament:projector", args=[slug])
    first = client.get(projector).content.decode()
    assert "Seite 1 von 2" in first and "Mannschaftswertung" not in first
    second = client.get(projector + "?seite=2").content.decode()
    assert "Mannschaftswertung" in second and "Schafkopfschule" in second
    assert "Michl Hofbauer" not in second  # the team table on a page of its own
    pdf = client.get(reverse("tournament:ranking_pdf", args=[slug]))
    text = pdf_text(pdf.content, "")
    teams_text = text[text.index("Mannschaftswertung nach Durchgang 2") :]
    assert teams_text.index("FC Laubendorf") < teams_text.index("SK Vohenstrauß")
    assert "Anna Hofbauer 12 (10), Lena Maier 9 (9), Anna Reiter 6 (5)" in teams_text
    out = io.BytesIO()
    tournament_xlsx(example_tournament, out)
    sheet = load_workbook(io.BytesIO(out.getvalue()))["Mannschaften"]
    values = [[c.value for c in r] for r in sheet.iter_rows()]
    assert values[0][:5] == ["Platz", "Mannschaft", "Punkte", "Vollständig", "Los"]
    assert [v[:4] for v in values[1:]] == [
        [1, "FC Laubendorf", 24, "ja"],
        [2, "SK Vohenstrauß", 19, "ja"],
        [3, "Schafkopfschule", -36, "nein"],
    ]
    assert values[1][5:] == ["Anna Hofbauer 12", 10, "Lena Maier 9", 9, "Anna Reiter 6", 5]


def test_the_team_page_is_the_supervisors(example_tournament, supervisor, clerk):
    url = reverse("manage:teams", args=[example_tournament.slug])
    assert Client().get(url).status_code == 302
    other = Client()
    other.force_login(clerk)
    assert other.get(url).status_code == 403
    client = Client()
    client.force_login(supervisor)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        ("Asse: 1, 2\nOber: 2, 3", "Zeile 2: Spieler Nr. 2 ist schon in der Mannschaft „Asse“."),
        ("Asse: 1, 99", "Zeile 1: Es gibt keinen Spieler mit der Startnummer „99“."),
        ("Asse: 1, 2, 3", "Zeile 1: Die Mannschaft „Asse“ hat 3 Spieler, eine Mannschaft hat 2."),
        ("Asse 1, 2", "Zeile 1: Schreiben Sie den Namen der Mannschaft, einen Doppelpunkt"),
        ("Asse: 1, 2\nasse: 3, 4", "Zeile 2: Der Mannschaftsname „asse“ steht schon in Zeile 1."),
    ],
)
def test_bad_teams_get_a_german_message_naming_the_field_and_nothing_is_stored(
    example_tournament, supervisor, teams, message
):
    client = Client()
    client.force_login(supervisor)
    teams_save(tournament=example_tournament, kind="registered", size=2, teams="Alt: 4, 5")
    url = reverse("manage:teams", args=[example_tournament.slug])
    page = client.post(url, {"kind": "registered", "size": "2", "teams": teams})
    text = page.content.decode()
    assert page.status_code == 200
    field = text[text.index('id="id_teams"') - 800 : text.index('id="id_teams"')]
    assert message in field  # next to the field "Vorab gemeldete Mannschaften"
    setting = TeamRanking.objects.get(tournament=example_tournament)
    assert (setting.kind, setting.size) == ("registered", 2)
    assert list(Team.objects.values_list("name", flat=True)) == ["Alt"]
    assert TeamMember.objects.count() == 2


def test_the_team_page_stores_the_teams_and_shows_them_again(example_tournament, supervisor):
    client = Client()
    client.force_login(supervisor)
    url = reverse("manage:teams", args=[example_tournament.slug])
    answer = client.post(
        url, {"kind": "registered", "size": "2", "teams": "Asse: 3, 1\n\nOber: 2 4"}
    )
    assert answer.status_code == 302
    page = client.get(url).content.decode()
    assert "Asse: 1, 3\nOber: 2, 4" in page
