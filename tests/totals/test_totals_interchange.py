"""Tables recorded by their totals in the interchange format: an optional `totals` per table
instead of `hands`, written and read back into the same ranking; wrong totals in a file are
refused naming their place; files without `totals` read as before."""

from __future__ import annotations

import pytest

from tests.totals.helpers import ranking
from tournament import models
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document

pytestmark = pytest.mark.django_db


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
