"""Erasure and retention reach the rows of evenings sent in to a cup (persons/cup_privacy.py):
an erased person's rows in the evenings their organiser sent in read "gelöscht", also in a
withdrawn evening, and stay one row of the cup table of their own; `manage.py retention --apply`
anonymises the rows of evenings sent in before the retention limit. Results stay."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import sent
from tests.cups.helpers import standings_row as row
from tournament.cups.persons import person_split, persons_keep_apart
from tournament.cups.services import entry_withdraw
from tournament.cups.table import cup_table
from tournament.models import CupAlias, CupApart, CupEntry, CupEvent, Person
from tournament.persons.cup_privacy import CupPrivacyError, entry_name_erase

pytestmark = pytest.mark.django_db


def names(entry):
    entry.refresh_from_db()
    return [
        (r["name"], r["public_name"], r["club"], r["rank"], r["points"]) for r in entry.standings
    ]


def test_an_erased_person_is_gone_from_the_evenings_their_organiser_sent_in(cup_world):
    home = cup_world.home
    anna = Person.objects.create(organiser=home.organiser, name="Anna Huber", club="SK Nord")
    sepp = Person.objects.create(organiser=home.organiser, name="Sepp Maier")
    first = sent(
        cup_world,
        home,
        "abend-1",
        dt.date(2026, 10, 1),
        [row("Anna Huber", 1, 40, club="SK Nord"), row("Sepp Maier", 2, -40)],
    )
    second = sent(
        cup_world,
        home,
        "abend-2",
        dt.date(2026, 10, 8),
        [row("Sepp Maier", 1, 20), row("anna  HUBER", 2, -20, club="SK Nord")],
    )
    withdrawn = sent(cup_world, home, "abend-3", dt.date(2026, 10, 15), [row("Anna Huber", 1, 5)])
    entry_withdraw(entry=withdrawn, reason="doppelt", by=None)
    # another member's evening: a namesake of another register, not identified by this erasure
    other = sent(
        cup_world, cup_world.guest, "gast-1", dt.date(2026, 10, 2), [row("Anna Huber", 1, 9)]
    )

    keeper = Client()
    keeper.force_login(cup_world.keepers["heimverein"])
    url = reverse("manage:person_erase", args=["heimverein", anna.pk])
    preview = keeper.get(url).content.decode()
    assert "In 3 Zeilen der Abende, die dieser Veranstalter bei einem Pokal eingereicht" in preview
    assert keeper.post(url, {"bestaetigt": "1"}).status_code == 302

    assert names(first) == [
        ("gelöscht", "gelöscht", "", 1, 40),
        ("Sepp Maier", "Sepp Maier", "", 2, -40),
    ]
    assert names(second)[1] == ("gelöscht", "gelöscht", "", 2, -20)
    assert names(withdrawn) == [("gelöscht", "gelöscht", "", 1, 5)]
    assert names(other) == [("Anna Huber", "Anna Huber", "", 1, 9)]

    # a second erased person stays a row of their own: "gelöscht" joins nobody
    keeper.post(reverse("manage:person_erase", args=["heimverein", sepp.pk]), {"bestaetigt": "1"})
    _evenings, rows = cup_table(cup_world.cup)
    table = sorted((r.name, r.standing.value) for r in rows)
    assert table == [("Anna Huber", 9), ("gelöscht", -20), ("gelöscht", 20)]
    page = Client().get(f"/pokal/{cup_world.cup.slug}/").content.decode()
    assert "SK Nord" not in page and "Sepp Maier" not in page


def test_retention_anonymises_the_evenings_sent_in_before_its_limit(cup_world, settings):
    settings.RETENTION_MONTHS = 6
    old = sent(
        cup_world,
        cup_world.home,
        "alt",
        dt.date(2020, 3, 1),
        [row("Anna Huber", 1, 12, club="SK Nord"), row("Sepp Maier", 2, -12)],
    )
    entry_withdraw(
        entry=sent(
            cup_world, cup_world.guest, "alt-2", dt.date(2020, 3, 2), [row("Anna Huber", 1, 3)]
        ),
        reason="falsch",
        by=None,
    )
    recent_day = dt.date.today()
    recent = sent(cup_world, cup_world.home, "neu", recent_day, [row("Anna Huber", 1, 7)])

    listed = io.StringIO()
    call_command("retention", stdout=listed)
    assert "Alt" in listed.getvalue() and "Alt-2" in listed.getvalue()
    assert "Neu" not in listed.getvalue()
    assert names(old)[0][0] == "Anna Huber"  # listed only

    call_command("retention", "--apply", stdout=io.StringIO())
    assert names(old) == [
        ("Spieler 1", "Spieler 1", "", 1, 12),
        ("Spieler 2", "Spieler 2", "", 2, -12),
    ]
    assert names(CupEntry.objects.get(source_slug="alt-2")) == [
        ("Spieler 1", "Spieler 1", "", 1, 3)
    ]
    assert names(recent) == [("Anna Huber", "Anna Huber", "", 1, 7)]
    again = io.StringIO()
    call_command("retention", stdout=again)
    assert "Alt" not in again.getvalue()
    # each anonymised row is its own: "Spieler 1" of one evening is not "Spieler 1" of another
    _evenings, rows = cup_table(cup_world.cup)
    assert sorted((r.name, r.standing.value) for r in rows) == [
        ("Anna Huber", 7),
        ("Spieler 1", 12),
        ("Spieler 2", -12),
    ]


def test_an_erasure_takes_the_persons_names_out_of_the_cups_decisions_and_history(cup_world):
    home = cup_world.home
    anna = Person.objects.create(organiser=home.organiser, name="Anna Huber")
    cup = cup_world.cup
    rows = [row("Anna Huber", 1, 30), row("Sepp Maier", 2, -30)]
    sent(cup_world, home, "abend-1", dt.date(2026, 10, 1), rows)
    second = sent(cup_world, home, "abend-2", dt.date(2026, 10, 8), [row("Anna Huber", 1, 8)])
    sent(cup_world, cup_world.guest, "gast-1", dt.date(2026, 10, 2), [row("Xaver Zott", 1, 9)])
    person_split(cup=cup, person="anna huber", evening=second.pk, by=None)
    persons_keep_apart(cup=cup, first="sepp maier", second="xaver zott", by=None)
    assert CupAlias.objects.filter(cup=cup).count() == 1
    assert CupApart.objects.filter(cup=cup).count() == 2  # the split's pair and the one asked
    assert any(
        "Anna Huber" in detail for detail in CupEvent.objects.values_list("detail", flat=True)
    )

    keeper = Client()
    keeper.force_login(cup_world.keepers["heimverein"])
    url = reverse("manage:person_erase", args=["heimverein", anna.pk])
    assert keeper.post(url, {"bestaetigt": "1"}).status_code == 302

    assert not CupAlias.objects.filter(cup=cup).exists()
    assert list(CupApart.objects.values_list("first", "second")) == [("sepp maier", "xaver zott")]
    details = list(CupEvent.objects.order_by("pk").values_list("detail", flat=True))
    assert details[0] == "gelöscht von Abend-2 von gelöscht abgetrennt"
    assert "Sepp Maier" in details[1] and "Xaver Zott" in details[1]
    assert not any("Anna" in detail for detail in details)
    _evenings, table = cup_table(cup)
    assert sorted((r.name, r.standing.value) for r in table) == [
        ("Sepp Maier", -30),
        ("Xaver Zott", 9),
        ("gelöscht", 38),
    ]


def test_a_member_erases_a_name_of_its_withdrawn_evening_sent_in(cup_world):
    """The person was erased on the laptop the evening ran on; a withdrawn evening cannot be sent
    again, so the member erases the row on the server."""
    cup, home = cup_world.cup, cup_world.home
    rows = [row("Lena Laptop", 1, 24, club="SK Nord"), row("Sepp Maier", 2, -24)]
    evening = sent(cup_world, home, "laptop-abend", dt.date(2026, 10, 3), rows)
    entry_withdraw(entry=evening, reason="doppelt eingereicht", by=None)
    keeper = Client()
    keeper.force_login(cup_world.keepers["heimverein"])
    cup_page = keeper.get(reverse("manage:cup", args=["heimverein", cup.slug])).content.decode()
    assert "Einen Namen löschen …" in cup_page
    url = reverse("manage:cup_entry_name_erase", args=["heimverein", cup.slug, evening.pk])
    form = keeper.get(url).content.decode()
    assert "1. Lena Laptop" in form and "2. Sepp Maier" in form

    refused = keeper.post(url, {"row": "7"})
    assert refused.status_code == 200
    assert "Bitte eine gültige Auswahl treffen" in refused.content.decode()
    assert names(evening)[0][0] == "Lena Laptop"

    done = keeper.post(url, {"row": "0"}, follow=True)
    assert "Der Name lautet jetzt „gelöscht“ in Laptop-Abend." in done.content.decode()
    assert names(evening) == [
        ("gelöscht", "gelöscht", "", 1, 24),
        ("Sepp Maier", "Sepp Maier", "", 2, -24),
    ]
    event = evening.events.order_by("pk").last()
    assert event.kind == "erased" and event.by == cup_world.keepers["heimverein"]
    assert "Lena" not in event.reason
    assert "Name gelöscht" in done.content.decode() and "Lena" not in done.content.decode()
    again = keeper.get(url).content.decode()
    assert "Lena Laptop" not in again and "2. Sepp Maier" in again
    # the same row asked twice (two tabs): refused, nothing changes
    with pytest.raises(CupPrivacyError) as refusal:
        entry_name_erase(entry=evening, index=0, erased="gelöscht", by=None)
    assert refusal.value.errors == {
        "row": ["Wähle einen Namen des Abends, der noch nicht gelöscht ist."]
    }
    assert evening.events.filter(kind="erased").count() == 1


@pytest.mark.parametrize("who", ["pokalverein", "gastverein", "fremdverein"])
def test_only_the_sending_member_erases_a_name_of_its_evening(cup_world, who):
    cup = cup_world.cup
    evening = sent(
        cup_world, cup_world.home, "laptop-abend", dt.date(2026, 10, 3), [row("Lena Laptop", 1, 5)]
    )
    other = Client()
    other.force_login(cup_world.keepers[who])
    url = reverse("manage:cup_entry_name_erase", args=[who, cup.slug, evening.pk])
    assert other.post(url, {"row": "0"}).status_code == 404
    assert names(evening)[0][0] == "Lena Laptop"
