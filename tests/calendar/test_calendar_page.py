"""The public calendar page: announced tournaments to come with their facts, never a draft; the
filters (organiser, region, place) and their refusals; an organiser's and a cup's calendar; past
tournaments linking a published ranking only; the front page and the navigation link it; the
headings in English and Swedish."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournament.cups.services import cup_save, entry_hosted_add, member_add
from tournament.models import Membership

pytestmark = pytest.mark.django_db

CALENDAR = "/kalender/"


def page(client: Client, url: str = CALENDAR) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def entry(html: str, slug: str) -> str:
    """The card of tournament `slug` on the page."""
    start = html.index(f'id="turnier-{slug}"')
    return html[start : html.index("</article>", start)]


def upcoming(html: str) -> str:
    return html[html.index('id="kommende-titel"') : html.index('id="vergangene-titel"')]


def past(html: str) -> str:
    return html[html.index('id="vergangene-titel"') :]


def test_the_calendar_lists_announced_tournaments_to_come_with_their_facts(client, world):
    assert reverse("tournament:calendar") == CALENDAR
    html = page(client)
    assert "<h1" in html and "Turnierkalender" in html
    card = entry(html, "kirchweih")
    assert world.kirchweih.date.strftime("%d.%m.%Y") in card
    assert "Beginn 19:00" in card
    assert "Sportheim Vohenstrauß" in card
    assert "SK Vohenstrauß" in card and "Oberpfalz" in card
    assert "12,00 €" in card
    assert "3 von 10 Plätzen frei" in card
    assert f'href="{reverse("tournament:registration", args=["kirchweih"])}"' in card
    whole_day = entry(html, "herbstturnier")
    assert "Beginn" not in whole_day
    assert "kein Startgeld" in whole_day
    assert "Plätze" not in whole_day and "anmeldung" not in whole_day
    full = entry(html, "laubendorfer-schafkopf")
    assert "8,50 €" in full and "ausgebucht – Warteliste" in full
    # In date order, the draft nowhere.
    coming = upcoming(html)
    positions = [coming.index(s) for s in ("kirchweih", "laubendorfer-schafkopf", "herbstturnier")]
    assert positions == sorted(positions)
    assert "geheimturnier" not in html and "Hinterzimmer" not in html


def test_past_tournaments_link_a_published_ranking_and_no_unpublished_one(client, world):
    html = past(page(client))
    ranking = reverse("tournament:ranking", args=["sommerturnier"])
    assert f'href="{ranking}"' in entry(html, "sommerturnier")
    hidden = entry(html, "fruehjahrsturnier")
    assert reverse("tournament:ranking", args=["fruehjahrsturnier"]) not in hidden
    assert "Rangliste nicht veröffentlicht." in hidden
    assert "kirchweih" not in html  # upcoming ones above only


def test_a_draft_is_shown_once_announced(client, world):
    world.draft.announced = True
    world.draft.save(update_fields=["announced"])
    assert "Hinterzimmer" in entry(page(client), "geheimturnier")


def test_the_organisers_calendar_shows_only_its_tournaments(client, world):
    url = reverse("tournament:calendar_organiser", args=["sk-vohenstrauss"])
    assert url == "/kalender/sk-vohenstrauss/"
    html = page(client, url)
    assert "Turnierkalender von SK Vohenstrauß" in html
    for slug in ("kirchweih", "herbstturnier", "sommerturnier"):
        assert f'id="turnier-{slug}"' in html
    for slug in ("laubendorfer-schafkopf", "fruehjahrsturnier", "geheimturnier"):
        assert slug not in html
    assert 'href="/kalender/sk-vohenstrauss.ics"' in html


def test_unknown_organiser_and_cup_are_not_found(client, world):
    assert client.get("/kalender/gibt-es-nicht/").status_code == 404
    assert client.get("/pokal/gibt-es-nicht/kalender/").status_code == 404
    assert client.get("/kalender/gibt-es-nicht.ics").status_code == 404
    assert client.get("/pokal/gibt-es-nicht/kalender.ics").status_code == 404
    assert client.get("/kalender/gibt-es-nicht/ranglisten.atom").status_code == 404


def test_the_cups_calendar_shows_its_evenings(client, world):
    cup = cup_save(organiser=world.home, name="Oberpfalz-Pokal", slug="opf-pokal", season="2026")
    member = member_add(cup=cup, organiser=world.home)
    entry_hosted_add(cup=cup, member=member, tournament=world.herbst, by=None)
    entry_hosted_add(cup=cup, member=member, tournament=world.draft, by=None)
    url = reverse("tournament:calendar_cup", args=["opf-pokal"])
    assert url == "/pokal/opf-pokal/kalender/"
    html = page(client, url)
    assert "Oberpfalz-Pokal" in html
    assert 'id="turnier-herbstturnier"' in html
    assert "kirchweih" not in html and "geheimturnier" not in html


@pytest.mark.parametrize(
    ("query", "shown", "hidden"),
    [
        ("?veranstalter=fc-laubendorf", ["laubendorfer-schafkopf"], ["kirchweih", "herbstturnier"]),
        ("?region=Oberpfalz", ["kirchweih", "herbstturnier"], ["laubendorfer-schafkopf"]),
        ("?ort=pleystein", ["herbstturnier"], ["kirchweih", "laubendorfer-schafkopf"]),
        ("?veranstalter=&region=&ort=", ["kirchweih", "laubendorfer-schafkopf"], []),
    ],
)
def test_the_filters_narrow_the_list(client, world, query, shown, hidden):
    html = upcoming(page(client, CALENDAR + query))
    for slug in shown:
        assert f'id="turnier-{slug}"' in html, (query, slug)
    for slug in hidden:
        assert f'id="turnier-{slug}"' not in html, (query, slug)
    assert "geheimturnier" not in html


def test_the_filter_form_offers_the_organisers_and_regions_of_announced_tournaments(client, world):
    html = page(client)
    assert '<form method="get"' in html
    assert 'value="sk-vohenstrauss"' in html and 'value="Niederbayern"' in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?veranstalter=gibt-es-nicht", "Bitte eine gültige Auswahl treffen."),
        ("?region=Mars", "Bitte eine gültige Auswahl treffen."),
        ("?ort=" + "x" * 101, "höchstens 100 Zeichen"),
    ],
)
def test_a_bad_filter_value_is_named_in_german_and_lists_nothing(client, world, query, message):
    html = page(client, CALENDAR + query)
    assert message in html
    assert "Dieser Filter lässt sich nicht anwenden" in html
    assert "<article" not in html
    assert "Kein kommendes Turnier passt zum Filter." in html


def test_a_place_nobody_plays_at_lists_nothing(client, world):
    html = page(client, CALENDAR + "?ort=Timbuktu")
    assert "<article" not in upcoming(html)
    assert "Kein kommendes Turnier passt zum Filter." in html


def test_the_front_page_and_the_navigation_link_the_calendar(client, world):
    html = page(client, reverse("tournament:list"))
    assert html.count(f'href="{CALENDAR}"') >= 2  # the navigation and the front page's hint
    assert 'id="kalender-hinweis"' in html
    assert f'href="{CALENDAR}"' in page(client, reverse("tournament:handbook"))


@pytest.mark.parametrize(
    ("language", "headings"),
    [
        ("de", ["Turnierkalender", "Kommende Turniere", "Vergangene Turniere"]),
        ("en", ["Tournament calendar", "Upcoming tournaments", "Past tournaments"]),
        ("sv", ["Turneringskalender", "Kommande turneringar", "Tidigare turneringar"]),
    ],
)
def test_the_headings_in_each_language(world, language, headings):
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = page(client)
    for heading in headings:
        assert heading in html, (language, heading)


def test_a_tournament_of_today_is_still_upcoming(client, world):
    world.herbst.date = timezone.localdate()
    world.herbst.save(update_fields=["date"])
    assert 'id="turnier-herbstturnier"' in upcoming(page(client))


def test_the_organisers_region_is_edited_in_the_administration(client, world, django_user_model):
    admin = django_user_model.objects.create_superuser("admin", password="geheim-12345")
    client.force_login(admin)
    url = reverse("admin:tournament_organiser_change", args=[world.home.pk])
    html = page(client, url)
    assert 'name="region"' in html and 'value="Oberpfalz"' in html


def test_the_settings_page_has_the_start_and_the_calendar_switch(client, world, django_user_model):
    user = django_user_model.objects.create_user("leitung", password="geheim-12345")
    Membership.objects.create(
        tournament=world.kirchweih, user=user, role=Membership.Role.SUPERVISOR
    )
    client.force_login(user)
    html = page(client, reverse("manage:tournament_edit", args=["kirchweih"]))
    assert 'type="time" name="start_time" value="19:00"' in html
    assert 'name="announced"' in html and "Im öffentlichen Turnierkalender" in html


def test_the_front_page_lists_a_draft_to_logged_in_users_only(client, world, django_user_model):
    assert "Geheimturnier" not in page(client, reverse("tournament:list"))
    client.force_login(django_user_model.objects.create_user("schreiber", password="x-12345678"))
    assert "Geheimturnier" in page(client, reverse("tournament:list"))
