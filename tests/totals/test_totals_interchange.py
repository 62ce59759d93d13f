"""Tables recorded by their totals in the interchange format: an optional `totals` per table
instead of `hands`, written and read back into the same ranking; wrong totals in a file are
refused naming their place; files without `totals` read as before."""

from __future__ import annotations

import copy

import pytest

from tests.totals.test_totals_ranking import line_of, ranking
from tournament import models
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.totals.services import table_recording_set, totals_save

pytestmark = pytest.mark.django_db


@pytest.fixture
def mixed(leitung):
    """A tournament of 18 players in two Durchgänge: table 1 of each Durchgang by totals (the
    totals of the same table played by games), table 2 of Durchgang 2 by totals, not entered."""
    document = demo_document(players=18, durchgaenge=2, seed=9, slug="quelle")
    by_games = tournament_import(document)
    mixed_document = copy.deepcopy(document)
    mixed_document["tournament"]["slug"] = "gemischt"
    for durchgang in mixed_document["durchgaenge"]:
        durchgang["tables"][0]["hands"] = []
    mixed_document["durchgaenge"][1]["tables"][1]["hands"] = []
    tournament = tournament_import(mixed_document)
    for dg in (1, 2):
        source = models.Table.objects.get(
            durchgang__tournament=by_games, durchgang__number=dg, number=1
        )
        target = models.Table.objects.get(
            durchgang__tournament=tournament, durchgang__number=dg, number=1
        )
        target = table_recording_set(table=target, recording="totals")
        totals_save(table=target, lines=line_of(source), version=0)
    empty = models.Table.objects.get(
        durchgang__tournament=tournament, durchgang__number=2, number=2
    )
    table_recording_set(table=empty, recording="totals")
    return tournament


def test_totals_tables_go_out_and_come_back_with_the_same_ranking(mixed):
    document = tournament_document(mixed)
    first = document["durchgaenge"][0]["tables"][0]
    assert "hands" not in first and set(first["totals"]) == set(first["seats"])
    assert all("points" in values for values in first["totals"].values())
    assert document["durchgaenge"][1]["tables"][1]["totals"] == {}
    assert "totals" not in document["durchgaenge"][0]["tables"][1]
    document["tournament"]["slug"] = "zurueck"
    back = tournament_import(document)
    assert ranking(back) == ranking(mixed)
    tables = models.Table.objects.filter(durchgang__tournament=back)
    assert tables.filter(recording="totals", totals_at__isnull=False).count() == 2
    assert tables.filter(recording="totals", totals_at__isnull=True).count() == 1


def test_wrong_totals_in_a_file_are_refused_naming_their_place(mixed):
    document = tournament_document(mixed)
    document["tournament"]["slug"] = "falsch"
    table = document["durchgaenge"][0]["tables"][0]
    first, second = table["seats"][:2]
    table["totals"][first]["points"] += 1
    table["totals"][second]["solo_won"] = 40
    game = {"number": 1, "contract": "rufspiel", "suit": "eichel", "won": True}
    table["hands"] = [game | {"declarer": first, "partner": second}]
    with pytest.raises(InterchangeError) as refused:
        tournament_import(document)
    text = "\n".join(str(p) for p in refused.value.problems)
    assert "durchgaenge[0].tables[0].totals: ein Tisch hat entweder Spiele oder Summen" in text
    del table["hands"]
    with pytest.raises(InterchangeError) as refused:
        tournament_import(document)
    text = "\n".join(str(p) for p in refused.value.problems)
    assert "durchgaenge[0].tables[0].totals: Die Punkte des Tisches ergeben 1, nicht 0" in text
    assert f"durchgaenge[0].tables[0].totals.{second}: Sitz 2 ({second})" in text
    assert not models.Tournament.objects.filter(slug="falsch").exists()


def test_a_backup_keeps_the_totals_and_a_restore_ranks_alike(mixed, tmp_path):
    from tournament.exchange.backup.dump import backup_write
    from tournament.exchange.backup.replace import backup_tournament_replace

    before = ranking(mixed)
    typed = models.Table.objects.get(durchgang__tournament=mixed, durchgang__number=1, number=1)
    path = tmp_path / "sicherung.zip"
    with path.open("wb") as out:
        backup_write(out, [mixed])
    with path.open("rb") as source:
        restored = backup_tournament_replace(mixed, source)
    assert ranking(restored) == before
    again = models.Table.objects.get(durchgang__tournament=restored, durchgang__number=1, number=1)
    assert (again.recording, again.totals_at, again.totals_version) == (
        "totals",
        typed.totals_at,
        typed.totals_version,
    )
