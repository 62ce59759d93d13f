"""Names as they enter through the supervisor's pages (tournament/web/names.py): the player form
and the player-list import store a name composed (NFC) and without invisible characters at its
ends, and refuse one without a visible letter or digit with a German message naming the field
(the line, for a list). Nothing is stored from a refused name."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournament.models import Person, Player

pytestmark = pytest.mark.django_db

SLUG = "beispielturnier-2026"
INVISIBLE = "„Name“ enthält keinen sichtbaren Buchstaben und keine Ziffer."


@pytest.fixture
def boss(supervisor) -> Client:
    client = Client()
    client.force_login(supervisor)
    return client


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\u200b\u200b", "Bitte den Namen"),
        ("\u200d\ufeff\u2060\u00ad", "Bitte den Namen"),
        ("\u200b\u0301\u200b", INVISIBLE),
        ("\u3164\u3164", "Bitte den Namen"),
        ("\u200b-\u200b", INVISIBLE),
    ],
)
def test_the_player_form_refuses_a_name_without_a_visible_letter(boss, name, message):
    before = Player.objects.count(), Person.objects.count()
    response = boss.post(reverse("manage:players", args=[SLUG]), {"name": name})
    assert response.status_code == 200  # the form again, with the message at the field
    assert message in " ".join(response.context["form"].errors["name"])
    assert (Player.objects.count(), Person.objects.count()) == before


def test_the_player_form_stores_the_name_composed_without_invisible_ends(boss):
    boss.post(reverse("manage:players", args=[SLUG]), {"name": "\u200bJo\u0308rg Weiß\u200d"})
    player = Player.objects.get(tournament__slug=SLUG, start_number=14)
    assert player.name == "J\u00f6rg Weiß"
    assert player.person.name == "J\u00f6rg Weiß"  # the register's person, made of it


def test_a_player_list_names_the_line_of_an_invisible_name_and_composes_the_others(boss):
    content = "Name;Verein\n\u200bJo\u0308rg\u200b;SK\n\u200b\u200c;SK\n\u0301;SK\n".encode()
    url = reverse("manage:players_import", args=[SLUG])
    response = boss.post(url, {"file": SimpleUploadedFile("liste.csv", content)})
    assert response.status_code == 400
    assert [str(error) for error in response.context["errors"]] == [
        "Zeile 3: Name fehlt",
        f"Zeile 4: {INVISIBLE}",
    ]
    assert response.context["token"] == ""
    content = "Name;Verein\n\u200bJo\u0308rg Weiß\u200b;SK\n".encode()
    response = boss.post(url, {"file": SimpleUploadedFile("liste.csv", content)})
    assert [row.name for row, _number in response.context["plan"].rows] == ["J\u00f6rg Weiß"]
    confirm = reverse("manage:players_import_confirm", args=[SLUG])
    boss.post(confirm, {"token": response.context["token"]})
    assert Player.objects.filter(tournament__slug=SLUG, name="J\u00f6rg Weiß").exists()
