"""The draw issues each table's phone link and PIN with its tables: the
table cards and scoresheets printed right after the draw carry the PIN the Hallen-Aushang
promises; a redraw's old links die with their tables and the new tables get new ones."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.pdfs import pdf_pages
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Durchgang, Membership, TableLink

pytestmark = pytest.mark.django_db


@pytest.fixture
def undrawn(supervisor):
    """Nine players, nothing drawn yet."""
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "frueh", "name": "Frühschoppen", "date": "2026-11-29"},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 10)],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    return tournament


def pdf_text(client, slug: str, kind: str) -> str:
    response = client.get(reverse("manage:print", args=[slug, 1, kind]))
    assert response.status_code == 200
    page_texts = pdf_pages(response.content)
    return "\n".join(page_texts)


def valid_links(tournament) -> dict[int, TableLink]:
    links = TableLink.objects.filter(table__durchgang__tournament=tournament, revoked_at=None)
    return {link.table.number: link for link in links.select_related("table")}


@pytest.mark.parametrize("kind", ["tischkarten", "spiellisten"])
def test_cards_and_sheets_printed_right_after_the_draw_carry_each_tables_pin(
    client, supervisor, undrawn, kind
):
    client.force_login(supervisor)
    response = client.post(reverse("manage:draw", args=["frueh", 1]), {"seed": "pin"}, follow=True)
    assert (
        "2 Tische haben ihren Tisch-Link mit PIN: sie stehen auf den Tischkarten und "
        "Spiellisten." in response.content.decode()
    )
    links = valid_links(undrawn)
    assert sorted(links) == [1, 2]
    assert all(link.issued_by == supervisor for link in links.values())
    text = pdf_text(client, "frueh", kind)
    for link in links.values():
        assert f"PIN {link.pin}" in text
        assert f"/tisch/{link.token}/" in "".join(text.split())


def test_a_redraw_replaces_the_links_and_the_printouts_carry_the_new_pins(
    client, supervisor, undrawn
):
    client.force_login(supervisor)
    client.post(reverse("manage:draw", args=["frueh", 1]), {"seed": "alt"})
    old = valid_links(undrawn)
    preview = client.get(reverse("manage:draw", args=["frueh", 1]), {"seed": "neu"})
    page = preview.content.decode()
    assert "Die Tisch-Links von 2 Tischen werden ungültig." in page
    assert "Jeder neue Tisch bekommt einen neuen Tisch-Link mit PIN." in page

    client.post(reverse("manage:draw", args=["frueh", 1]), {"seed": "neu", "bestaetigt": "1"})
    assert Durchgang.objects.get(tournament=undrawn, number=1).draw_seed == "neu"
    new = valid_links(undrawn)
    assert sorted(new) == [1, 2]
    assert not TableLink.objects.filter(token__in=[link.token for link in old.values()]).exists()
    for link in old.values():  # the old phones find their table gone
        assert client.get(reverse("tournament:phone_sheet", args=[link.token])).status_code == 404
    text = "".join(pdf_text(client, "frueh", "tischkarten").split())
    for table, link in new.items():
        assert f"PIN{link.pin}" in text
        assert old[table].token not in text


def test_a_refused_draw_issues_no_link(client, supervisor, undrawn):
    undrawn.players.filter(ident__in=["1", "2", "3", "4", "5", "6"]).update(withdrawn=True)
    client.force_login(supervisor)
    response = client.post(reverse("manage:draw", args=["frueh", 1]), {"seed": "x"}, follow=True)
    assert "3 Spieler lassen sich nicht an Vierer- und Fünfertische setzen." in (
        response.content.decode()
    )
    assert not TableLink.objects.exists()
    assert not Durchgang.objects.filter(tournament=undrawn).exists()


def test_the_draw_command_issues_the_links_too(undrawn):
    out = io.StringIO()
    call_command("draw", "frueh", "--durchgang", "1", "--seed", "kommando", stdout=out)
    assert "Tisch-Links mit PIN ausgegeben: 2" in out.getvalue().splitlines()
    assert sorted(valid_links(undrawn)) == [1, 2]
