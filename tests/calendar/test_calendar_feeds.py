"""The calendar's feeds: the iCalendar files (read back by the `icalendar` library's parser) of
the server, an organiser and a cup, and the Atom feed of published rankings (read back as
XML). Drafts are in none of them."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from tournament.cups.services import cup_save, entry_hosted_add, member_add
from tournament.models import Tournament
from tournament.ranking.publication import ranking_publish

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def ics(client, url: str = "/kalender.ics") -> Calendar:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


def events(calendar: Calendar) -> dict[str, object]:
    """The events by their summary."""
    return {str(event["SUMMARY"]): event for event in calendar.walk("VEVENT")}


def test_the_servers_feed_has_every_announced_tournament_with_its_time(client, world):
    assert reverse("tournament:calendar_ics") == "/kalender.ics"
    calendar = ics(client)
    found = events(calendar)
    assert set(found) == {
        "Kirchweih",
        "Herbstturnier",
        "Laubendorfer-Schafkopf",
        "Sommerturnier",
        "Fruehjahrsturnier",
    }
    kirchweih = found["Kirchweih"]
    start = kirchweih.decoded("DTSTART")
    assert start == dt.datetime.combine(world.kirchweih.date, dt.time(19, 0), tzinfo=BERLIN)
    assert kirchweih["DTSTART"].params["TZID"] == "Europe/Berlin"
    assert [tz["TZID"] for tz in calendar.walk("VTIMEZONE")] == ["Europe/Berlin"]
    assert str(kirchweih["LOCATION"]) == "Sportheim Vohenstrauß"
    assert str(kirchweih["URL"]).startswith("http://testserver/kalender/sk-vohenstrauss/")
    description = str(kirchweih["DESCRIPTION"])
    assert "Veranstalter: SK Vohenstrauß (Oberpfalz)" in description
    assert "Startgeld: 12,00 €" in description
    assert "3 von 10 Plätzen frei" in description
    assert "http://testserver/turnier/kirchweih/anmeldung/" in description
    assert kirchweih.decoded("DTSTAMP").tzinfo is not None
    # Whole day without a start.
    herbst = found["Herbstturnier"]
    assert herbst.decoded("DTSTART") == world.herbst.date
    assert not isinstance(herbst.decoded("DTSTART"), dt.datetime)
    assert herbst.decoded("DTEND") == world.herbst.date + dt.timedelta(days=1)
    assert "kein Startgeld" in str(herbst["DESCRIPTION"])
    # A published ranking is the past tournament's address.
    assert str(found["Sommerturnier"]["URL"]) == "http://testserver/turnier/sommerturnier/"


def test_a_changed_start_keeps_the_uid_and_moves_the_event(client, world, settings):
    settings.SITE_URL = "https://turniere.example.org"
    before = events(ics(client))["Kirchweih"]
    assert str(before["UID"]).endswith("@turniere.example.org")
    assert str(before["UID"]).startswith(f"turnier-{world.kirchweih.pk}-")
    world.kirchweih.start_time = dt.time(18, 0)
    world.kirchweih.date += dt.timedelta(days=1)
    world.kirchweih.name = "Kirchweih"  # (the summary is the name: kept to find it)
    world.kirchweih.save(update_fields=["start_time", "date", "name"])
    after = events(ics(client))["Kirchweih"]
    assert str(after["UID"]) == str(before["UID"])
    assert after.decoded("DTSTART") == dt.datetime.combine(
        world.kirchweih.date, dt.time(18, 0), tzinfo=BERLIN
    )
    assert after.decoded("DTSTART") != before.decoded("DTSTART")
    # Every tournament its own UID.
    uids = [str(e["UID"]) for e in ics(client).walk("VEVENT")]
    assert len(set(uids)) == len(uids)


def test_drafts_are_in_no_feed(client, world):
    ranking_publish(tournament=world.draft, publication=Tournament.Publication.LIVE)
    cup = cup_save(organiser=world.home, name="Pokal", slug="pokal", season="2026")
    entry_hosted_add(
        cup=cup, member=member_add(cup=cup, organiser=world.home), tournament=world.draft, by=None
    )
    urls = [
        "/kalender.ics",
        "/kalender/sk-vohenstrauss.ics",
        "/pokal/pokal/kalender.ics",
        "/kalender/ranglisten.atom",
        "/kalender/sk-vohenstrauss/ranglisten.atom",
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        text = response.content.decode()
        assert "Geheimturnier" not in text and "geheimturnier" not in text, url


def test_the_organisers_and_the_cups_feeds(client, world):
    own = events(ics(client, "/kalender/sk-vohenstrauss.ics"))
    assert set(own) == {"Kirchweih", "Herbstturnier", "Sommerturnier"}
    cup = cup_save(organiser=world.other, name="Laubendorfer Pokal", slug="lp", season="2026")
    member = member_add(cup=cup, organiser=world.other)
    entry_hosted_add(cup=cup, member=member, tournament=world.fremd, by=None)
    url = reverse("tournament:calendar_cup_ics", args=["lp"])
    assert url == "/pokal/lp/kalender.ics"
    calendar = ics(client, url)
    assert set(events(calendar)) == {"Laubendorfer-Schafkopf"}
    assert str(calendar["X-WR-CALNAME"]) == "Laubendorfer Pokal"


def test_the_feed_reaches_back_a_year(client, world):
    world.past_hidden.date = timezone.localdate() - dt.timedelta(days=400)
    world.past_hidden.save(update_fields=["date"])
    assert "Fruehjahrsturnier" not in events(ics(client))


def atom_entries(client, url: str = "/kalender/ranglisten.atom") -> list[dict[str, str]]:
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    root = ET.fromstring(response.content)
    assert root.tag == ATOM + "feed"
    return [
        {
            "title": e.findtext(ATOM + "title") or "",
            "id": e.findtext(ATOM + "id") or "",
            "link": e.find(ATOM + "link").get("href"),  # type: ignore[union-attr]
            "updated": e.findtext(ATOM + "updated") or "",
        }
        for e in root.findall(ATOM + "entry")
    ]


def test_the_atom_feed_lists_a_ranking_once_published(client, world):
    assert reverse("tournament:calendar_rankings_atom") == "/kalender/ranglisten.atom"
    before = atom_entries(client)
    assert [e["title"] for e in before] == ["Rangliste: Sommerturnier"]
    ranking_publish(tournament=world.past_hidden, publication=Tournament.Publication.AFTER, after=1)
    world.past_hidden.refresh_from_db()
    published_at = world.past_hidden.ranking_published_at
    assert published_at is not None
    after = atom_entries(client)
    assert [e["title"] for e in after] == [
        "Rangliste: Fruehjahrsturnier",  # newest publication first
        "Rangliste: Sommerturnier",
    ]
    newest = after[0]
    assert newest["link"] == "http://testserver/turnier/fruehjahrsturnier/"
    assert newest["id"].startswith("tag:testserver,")
    assert dt.datetime.fromisoformat(newest["updated"]) == published_at
    # Published on to live: the same entry, the same time.
    ranking_publish(tournament=world.past_hidden, publication=Tournament.Publication.LIVE)
    assert atom_entries(client)[0] == newest
    # Only the organiser's in its feed.
    own = atom_entries(client, "/kalender/fc-laubendorf/ranglisten.atom")
    assert [e["title"] for e in own] == ["Rangliste: Fruehjahrsturnier"]


def test_a_withdrawn_ranking_leaves_the_feed_and_its_time_is_cleared(client, world):
    ranking_publish(tournament=world.past_hidden, publication=Tournament.Publication.LIVE)
    first = atom_entries(client)[0]
    ranking_publish(tournament=world.past_hidden, publication=Tournament.Publication.HIDDEN)
    world.past_hidden.refresh_from_db()
    assert world.past_hidden.ranking_published_at is None
    assert "Rangliste: Fruehjahrsturnier" not in [e["title"] for e in atom_entries(client)]
    ranking_publish(tournament=world.past_hidden, publication=Tournament.Publication.LIVE)
    again = atom_entries(client)[0]
    assert again["id"] == first["id"] and again["updated"] > first["updated"]
