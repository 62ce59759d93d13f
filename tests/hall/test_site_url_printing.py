"""SITE_URL: with it set, every printed link and QR code carries it instead of the address the
browser used (the laptop's 127.0.0.1, say); without it, the request's address as before. The
QR codes are checked by the address printed next to them (no QR decoder in the requirements) and
by the code itself, which is the same as the one made of that address."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.pdfs import pdf_pages, pdf_text
from tournament.models import Durchgang, Tournament
from tournament.phones.links import table_link_issue
from tournament.scorekeeping.changes import public_pages_changed
from tournament.web.qr import qr_svg

pytestmark = pytest.mark.django_db

HALL = "http://192.168.1.23:8000"
SLUG = "beispielturnier-2026"


@pytest.fixture
def hall(settings):
    settings.SITE_URL = HALL
    cache.clear()  # the public pages cached by an earlier test were made on another address
    yield
    cache.clear()


@pytest.fixture
def link(example_tournament, supervisor):
    table = Durchgang.objects.get(tournament=example_tournament, number=1).tables.get(number=1)
    return table_link_issue(table=table, user=supervisor)


def test_the_hall_notice_prints_the_public_address_big_with_its_qr_code_and_what_to_do(
    client, supervisor, hall
):
    client.force_login(supervisor)
    response = client.get(reverse("manage:hall_notice", args=[SLUG]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    page_texts = pdf_pages(response.content)
    assert len(page_texts) == 1
    text = page_texts[0]
    assert "Beispielturnier 2026" in text
    assert HALL in text  # the address to type, in large type
    assert f"{HALL}/turnier/{SLUG}/" in text  # the address of the QR code
    assert "Tische und Rangliste auf dem Handy" in text
    assert "WLAN der Halle" in text and "Wo sitze ich?" in text
    assert "Startkarte" in text and "Spielliste" in text


def test_the_hall_notice_qr_code_is_the_public_pages_address(supervisor, hall, monkeypatch):
    """The code drawn is the one of the printed address (the SVG handed to the printout)."""
    from tournament.hall import notice

    drawn = []
    monkeypatch.setattr(notice, "qr_svg", lambda url, **kw: drawn.append(url) or qr_svg(url))
    tournament = Tournament.objects.get(slug=SLUG)
    notice.hall_notice_pdf(tournament, public_url=f"{HALL}/turnier/{SLUG}/")
    assert drawn == [f"{HALL}/turnier/{SLUG}/"]


def test_without_site_url_the_hall_notice_carries_the_browsers_address(client, supervisor):
    client.force_login(supervisor)
    text = pdf_text(client.get(reverse("manage:hall_notice", args=[SLUG])).content)
    assert f"http://testserver/turnier/{SLUG}/" in text


def test_the_management_page_links_the_hall_notice(client, supervisor):
    client.force_login(supervisor)
    page = client.get(reverse("manage:dashboard", args=[SLUG])).content.decode()
    assert reverse("manage:hall_notice", args=[SLUG]) in page
    assert "Hallen-Aushang" in page


def test_the_hall_notice_is_for_the_supervisor_only(client, clerk):
    url = reverse("manage:hall_notice", args=[SLUG])
    assert client.get(url).status_code == 302  # to the login
    client.force_login(clerk)
    assert client.get(url).status_code == 403


@pytest.mark.parametrize("kind", ["tischkarten", "spiellisten"])
def test_cards_and_sheets_print_the_tables_phone_link_on_site_url(
    client, supervisor, link, hall, kind
):
    client.force_login(supervisor)
    response = client.get(reverse("manage:print", args=[SLUG, 1, kind]))
    text = pdf_text(response.content)
    assert f"{HALL}/tisch/{link.token}/" in text
    assert "testserver" not in text


def test_the_wall_list_prints_the_public_ranking_on_site_url(client, supervisor, hall):
    client.force_login(supervisor)
    text = pdf_text(client.get(reverse("manage:print", args=[SLUG, 1, "namen"])).content)
    assert f"Rangliste online: {HALL}/turnier/{SLUG}/" in text


def test_without_site_url_the_printouts_carry_the_browsers_address(client, supervisor, link):
    client.force_login(supervisor)
    text = pdf_text(client.get(reverse("manage:print", args=[SLUG, 1, "tischkarten"])).content)
    assert f"http://testserver/tisch/{link.token}/" in text


def test_the_table_links_page_shows_links_and_qr_codes_on_site_url(client, supervisor, link, hall):
    client.force_login(supervisor)
    page = client.get(reverse("manage:table_links", args=[SLUG, 1])).content.decode()
    url = f"{HALL}/tisch/{link.token}/"
    assert f'<a href="{url}">{url}</a>' in page
    assert str(qr_svg(url, scale=3)) in page


def test_the_projector_and_the_ranking_show_the_qr_code_of_site_url(client, supervisor, hall):
    Tournament.objects.filter(slug=SLUG).update(ranking_publication=Tournament.Publication.LIVE)
    projector = client.get(reverse("tournament:projector", args=[SLUG])).content.decode()
    assert f"<figcaption>{HALL}/turnier/{SLUG}/</figcaption>" in projector
    assert str(qr_svg(f"{HALL}/turnier/{SLUG}/")) in projector
    ranking = client.get(reverse("tournament:ranking", args=[SLUG])).content.decode()
    assert str(qr_svg(f"{HALL}/turnier/{SLUG}/")) in ranking


def test_the_ranking_pages_lead_to_the_published_table_lists(client, example_tournament):
    """Where the notice's QR code leads: "Wo sitze ich?" links the table list of each published
    Durchgang, also while the ranking itself is not published."""
    url = reverse("tournament:ranking", args=[SLUG])
    page = client.get(url)
    assert page.status_code == 404 and "Wo sitze ich?" not in page.content.decode()
    Durchgang.objects.filter(tournament=example_tournament, number=1).update(published=True)
    public_pages_changed(example_tournament.pk)  # as the publication does
    page = client.get(url).content.decode()
    assert "Wo sitze ich?" in page
    assert reverse("tournament:tables", args=[SLUG, 1]) in page
    live = Tournament.Publication.LIVE
    Tournament.objects.filter(slug=SLUG).update(ranking_publication=live)
    public_pages_changed(example_tournament.pk)
    page = client.get(url).content.decode()
    assert "Rangliste nach Durchgang" in page
    assert reverse("tournament:tables", args=[SLUG, 1]) in page
