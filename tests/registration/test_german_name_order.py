"""Names are listed in the order German readers expect (DIN 5007-1): Ö with O, ß as ss, case
does not matter; on the players page, the public table search, the swap form, the printed table
list by name and the ranking."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from tests.pdfs import pdf_pages
from tournament.draw.forms import SwapForm
from tournament.draw.printouts import durchgang_pdf
from tournament.draw.services import durchgang_draw
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership, Tournament

pytestmark = pytest.mark.django_db
SLUG = "alphabet"
DIN_ORDER = ["Abel", "Äbler", "Ober", "Ostler", "Öttl", "Strasser", "Straßer", "strobl"]
CLUBS = ["Zell", "Öd", "Oberau", "Aach"]


@pytest.fixture
def alphabet(django_user_model):
    names = DIN_ORDER[:]
    random.Random(7).shuffle(names)  # start numbers in no particular order of the names
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": SLUG, "name": "Alphabet", "date": "2026-11-22"},
            "players": [
                {"id": str(n), "name": name, "club": CLUBS[n % len(CLUBS)]}
                for n, name in enumerate(names, start=1)
            ],
        }
    )
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="abc").durchgang
    durchgang.published = True
    durchgang.save(update_fields=["published"])
    user = django_user_model.objects.create_user("abc-leitung", password="geheim-12345")
    Membership.objects.create(tournament=tournament, user=user, role=Membership.Role.SUPERVISOR)
    return tournament, durchgang, user


def order_of(text: str, names: list[str], *, cell: str = "{}") -> list[str]:
    """`names` in the order they first appear in `text` (each as `cell` formats it)."""
    found = {}
    for name in names:
        match = re.search(cell.format(re.escape(name)), text)
        assert match, name
        found[name] = match.start()
    return sorted(names, key=found.__getitem__)


def test_the_players_page_sorts_names_and_clubs_in_german_order(client, alphabet):
    _tournament, _durchgang, user = alphabet
    client.force_login(user)
    url = reverse("manage:players", args=[SLUG])
    text = client.get(url, {"sort": "name"}).content.decode()
    assert order_of(text, DIN_ORDER, cell=r">{}</a>") == DIN_ORDER
    backwards = client.get(url, {"sort": "-name"}).content.decode()
    assert order_of(backwards, DIN_ORDER, cell=r">{}</a>") == DIN_ORDER[::-1]
    clubs = re.search(r'<datalist id="clubs">(.*?)</datalist>', text).group(1)
    assert re.findall(r'value="([^"]*)"', clubs) == ["Aach", "Oberau", "Öd", "Zell"]


def test_the_public_table_search_lists_names_in_german_order(client, alphabet):
    text = client.get(reverse("tournament:tables", args=[SLUG, 1])).content.decode()
    assert order_of(text, DIN_ORDER, cell=r"<td>{}</td>") == DIN_ORDER


def test_the_swap_form_offers_the_players_in_german_order(alphabet):
    _tournament, durchgang, _user = alphabet
    form = SwapForm(durchgang=durchgang)
    labels = [str(label) for value, label in form.fields["first"].choices if value]
    assert order_of("\n".join(labels), DIN_ORDER, cell=r"(?<!\w){}(?!\w)") == DIN_ORDER
    assert len(labels) == len(DIN_ORDER)


def test_the_printed_table_list_by_name_is_in_german_order(alphabet):
    _tournament, durchgang, _user = alphabet
    page_texts = pdf_pages(durchgang_pdf(durchgang, "namen"))
    text = "\n".join(page_texts)
    assert order_of(text, DIN_ORDER, cell=r"(?<!\w){}(?!\w)") == DIN_ORDER


def test_the_ranking_sorted_by_name_is_in_german_order(client, alphabet):
    tournament, _durchgang, _user = alphabet
    Tournament.objects.filter(pk=tournament.pk).update(ranking_publication="live")
    url = reverse("tournament:ranking", args=[SLUG])
    text = client.get(url, {"sort": "name"}).content.decode()
    assert order_of(text, DIN_ORDER, cell=r">{}</a>") == DIN_ORDER
