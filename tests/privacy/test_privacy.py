"""Data protection: a person's data as JSON, their erasure keeping every result exact, and the
retention command. The person plays in two tournaments with games (the worked example twice)."""

from __future__ import annotations

import datetime
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership, Player, Seat, SheetEvent, Tournament
from tournament.persons.privacy import ERASED, person_erase, retention_due, tournament_anonymise
from tournament.persons.services import organiser_of, person_create, player_person_link
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


def ranking(tournament: Tournament) -> list[tuple]:
    return [
        (s.rank, s.player.start_number, s.totals.points, s.totals.plus, s.totals.minus)
        for s in standings_compute(tournament)
    ]


@pytest.fixture
def sepp(example_tournament, example_document, supervisor):
    """Player 1 of the example, and of a second tournament of the same organiser, is Sepp."""
    other = dict(
        example_document,
        tournament=dict(example_document["tournament"], slug="rueckspiel", date="2026-12-05"),
    )
    second = tournament_import(other)
    Membership.objects.create(tournament=second, user=supervisor, role="supervisor")
    person = person_create(
        organiser=organiser_of(example_tournament),
        name="Sepp Huber",
        club="SK Ebersberg",
        email="sepp@example.org",
        phone="0151 2345678",
    )
    for tournament in (example_tournament, second):
        player = tournament.players.get(start_number=1)
        Player.objects.filter(pk=player.pk).update(name="Sepp Huber", club="SK Ebersberg")
        player_person_link(player=Player.objects.get(pk=player.pk), person=person)
    Seat.objects.filter(player__person=person, durchgang__number=1).update(signature="S. Huber")
    return person


@pytest.fixture
def boss(keeper) -> Client:
    """The organiser's staff, who keeps the register."""
    client = Client()
    client.force_login(keeper)
    return client


def url(name: str, person) -> str:
    return reverse(f"manage:{name}", args=[person.organiser.slug, person.pk])


def test_the_export_holds_everything_stored_about_the_person(sepp, boss, example_tournament):
    response = boss.get(url("person_export", sepp))
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="person-{sepp.pk}.json"'
    data = json.loads(response.content)
    assert data["person"]["name"] == "Sepp Huber"
    assert data["person"]["email"] == "sepp@example.org"
    assert data["person"]["phone"] == "0151 2345678"
    entries = data["tournaments"]
    assert [e["date"] for e in entries] == ["2026-12-05", str(example_tournament.date)]
    first = {s.player.start_number: s for s in standings_compute(example_tournament)}[1]
    assert (entries[1]["rank"], entries[1]["points"]) == (first.rank, first.totals.points)
    assert entries[1]["signatures"] == {"1": "S. Huber"}


def test_erasure_replaces_the_name_everywhere_and_keeps_every_result(
    sepp, boss, example_tournament
):
    second = Tournament.objects.get(slug="rueckspiel")
    before = [ranking(example_tournament), ranking(second)]
    confirm = boss.get(url("person_erase", sepp)).content.decode()
    assert "Sepp Huber löschen?" in confirm and "In 2 Turniereinträgen" in confirm
    assert Player.objects.filter(name="Sepp Huber").count() == 2  # the question changes nothing
    done = boss.post(url("person_erase", sepp), {"bestaetigt": "1"}, follow=True)
    assert "Die Person ist gelöscht; 2 Turniereinträge lauten jetzt „gelöscht“." in (
        done.content.decode()
    )
    assert [ranking(example_tournament), ranking(second)] == before
    sepp.refresh_from_db()
    assert (sepp.name, sepp.club, sepp.email, sepp.phone) == (ERASED, "", "", "")
    assert sepp.erased_at is not None
    assert not Player.objects.filter(name__contains="Huber").exists()
    assert set(Seat.objects.filter(player__person=sepp).values_list("signature", flat=True)) == {
        ERASED,
        "",
    }
    example_tournament.ranking_publication = Tournament.Publication.LIVE
    example_tournament.save(update_fields=["ranking_publication"])
    public = Client().get(reverse("tournament:ranking", args=[example_tournament.slug]))
    assert "Huber" not in public.content.decode() and ERASED in public.content.decode()


def test_a_clerk_can_neither_export_nor_erase(sepp, clerk):
    client = Client()
    client.force_login(clerk)
    assert client.get(url("person_export", sepp)).status_code == 403
    assert client.post(url("person_erase", sepp), {"bestaetigt": "1"}).status_code == 403
    sepp.refresh_from_db()
    assert sepp.name == "Sepp Huber"


def test_retention_lists_without_changing_then_anonymises_keeping_results(
    example_tournament, settings
):
    settings.RETENTION_MONTHS = 6
    example_tournament.date = datetime.date(2020, 3, 1)
    example_tournament.save(update_fields=["date"])
    before = ranking(example_tournament)
    names = set(example_tournament.players.values_list("name", flat=True))
    out = StringIO()
    call_command("retention", stdout=out)
    listed = out.getvalue()
    assert example_tournament.slug in listed and "Nichts geändert." in listed
    assert set(example_tournament.players.values_list("name", flat=True)) == names

    out = StringIO()
    call_command("retention", "--apply", stdout=out)
    assert "anonymisiert (" in out.getvalue()
    players = example_tournament.players.order_by("start_number")
    assert [p.name for p in players[:2]] == ["Spieler 1", "Spieler 2"]
    assert not players.exclude(club="").exists() and not players.exclude(person=None).exists()
    assert ranking(example_tournament) == before
    assert retention_due() == []
    out = StringIO()
    call_command("retention", stdout=out)
    assert "Kein Turnier ist über die Aufbewahrungsfrist hinaus." in out.getvalue()


def test_a_tournament_within_its_retention_is_not_listed(example_tournament, settings):
    settings.RETENTION_MONTHS = 6
    assert retention_due(today=example_tournament.date + datetime.timedelta(days=150)) == []
    due = retention_due(today=example_tournament.date + datetime.timedelta(days=200))
    assert due == [example_tournament]


def test_erasure_reaches_the_history(sepp, example_tournament):
    seat = Seat.objects.get(
        durchgang__tournament=example_tournament, durchgang__number=1, player__start_number=1
    )
    snapshot = {"number": 1, "declarer": "1 Sepp Huber", "partner": "2 Xaver Obermeier 2"}
    snapshot["sanction"] = {"offender": "1 Sepp Huber", "reason": "Karten gezeigt"}
    SheetEvent.objects.create(table=seat.table, number=1, kind="edited", before=snapshot)
    person_erase(person=sepp, by=None)
    event = SheetEvent.objects.get(table=seat.table, number=1, kind="edited")
    assert event.before == {
        "number": 1,
        "declarer": f"1 {ERASED}",
        "partner": "2 Xaver Obermeier 2",
        "sanction": {"offender": f"1 {ERASED}", "reason": "Karten gezeigt"},
    }
    assert Seat.objects.get(pk=seat.pk).signature == ERASED


def test_anonymising_reaches_the_history(example_tournament):
    seat = Seat.objects.get(
        durchgang__tournament=example_tournament, durchgang__number=1, player__start_number=3
    )
    name = seat.player.name
    SheetEvent.objects.create(
        table=seat.table, number=2, kind="edited", after={"declarer": f"3 {name}"}
    )
    tournament_anonymise(example_tournament)
    event = SheetEvent.objects.get(table=seat.table, number=2, kind="edited")
    assert event.after == {"declarer": "3 Spieler 3"}
