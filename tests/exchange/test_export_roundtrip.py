"""Export → import keeps a tournament unchanged: same games, same points, same standings."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament import models
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.writer import tournament_document
from tournament.exchange.tournaments import tournament_delete
from tournament.ranking.standings import standings_compute
from tournament.ranking.standings_export import standing_record

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def _standings(tournament):
    return [standing_record(s) for s in standings_compute(tournament)]


def test_export_writes_every_hand_with_its_points(example_tournament, example_document):
    exported = tournament_document(example_tournament)
    hands = [h for d in exported["durchgaenge"] for t in d["tables"] for h in t["hands"]]
    assert len(hands) == sum(
        len(t["hands"]) for d in example_document["durchgaenge"] for t in d["tables"]
    )
    assert all(set(h["points"]) for h in hands)
    sie = next(h for h in hands if h["contract"] == "sie")
    assert sorted(sie["points"].values()) == [-8, -8, -8, 0, 24]


def test_export_then_import_gives_identical_standings(example_tournament):
    before = _standings(example_tournament)
    exported = tournament_document(example_tournament)
    again = tournament_import(exported, replace=True)
    assert _standings(again) == before
    assert tournament_document(again) == exported


def test_the_export_keeps_the_original_games(example_tournament, example_document):
    exported = tournament_document(example_tournament)
    for d_in, d_out in zip(example_document["durchgaenge"], exported["durchgaenge"], strict=True):
        for t_in, t_out in zip(d_in["tables"], d_out["tables"], strict=True):
            assert t_in["seats"] == t_out["seats"]
            for h_in, h_out in zip(t_in["hands"], t_out["hands"], strict=True):
                stripped = {k: v for k, v in h_out.items() if k != "points"}
                assert stripped == h_in


def test_export_command_writes_a_file_that_imports(example_tournament, tmp_path):
    out = tmp_path / "turnier.json"
    call_command("export_tournament", example_tournament.slug, "--out", str(out))
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["format"] == "schafkopf-turnier" and document["version"] == 1
    assert document["tournament"]["slug"] == "beispielturnier-2026"
    tournament = tournament_import(out.read_bytes(), replace=True)
    assert _standings(tournament)[0]["player"] == "P0008"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    players=st.integers(min_value=4, max_value=30).filter(lambda n: n % 4 <= n // 4),
    durchgaenge=st.integers(min_value=1, max_value=3),
)
def test_any_valid_tournament_survives_export_and_import_unchanged(seed, players, durchgaenge):
    document = demo_document(players=players, durchgaenge=durchgaenge, seed=seed, slug="zufall")
    tournament = tournament_import(document)
    try:
        exported = tournament_document(tournament)
        before = _standings(tournament)
        again = tournament_import(exported, replace=True)
        assert tournament_document(again) == exported
        assert _standings(again) == before
        assert sum(row["points"] for row in before) == 0
    finally:
        tournament_delete(models.Tournament.objects.get(slug="zufall"))


@pytest.mark.parametrize("players", [32, 100])
def test_the_demo_gives_every_player_a_distinct_name(players):
    from tournament.exchange.demo import demo_document

    names = [p["name"] for p in demo_document(players=players)["players"]]
    assert len(set(names)) == len(names) == players
