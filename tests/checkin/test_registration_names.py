"""Names typed into the public registration form (and at the door) enter as every name does
(tournament/web/names.py): composed (NFC), without invisible characters at the ends, and
refused, naming the field, when no letter or digit shows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.checkin.helpers import open_with, register

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\u200b\u200c\u200d", "Gib Deinen Namen ein."),
        ("\u2060\ufeff\u200b\u00ad", "Gib Deinen Namen ein."),
        ("\u3164 \u0301", "„Name“ enthält keinen sichtbaren Buchstaben und keine Ziffer."),
        ("\u200b.\u200b", "„Name“ enthält keinen sichtbaren Buchstaben und keine Ziffer."),
    ],
)
def test_a_name_without_a_visible_letter_is_refused_in_german(door, name, message):
    open_with(door, 20)
    response = register(door, name)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert door.players.count() == 10


def test_a_name_is_stored_composed_without_invisible_characters_at_its_ends(door):
    open_with(door, 20)
    register(door, "\u200bJo\u0308rg Wei\u00df\u200d\u00ad")
    assert door.players.filter(name="J\u00f6rg Wei\u00df").exists()


def test_a_late_arrival_at_the_door_without_a_visible_letter_is_refused(door, helper):
    url = reverse("manage:checkin_late", args=[door.slug])
    response = helper.post(url, {"name": "\u200b\u0301", "club": "", "payment": "cash"})
    assert response.status_code == 400
    assert "enthält keinen sichtbaren Buchstaben und keine Ziffer." in response.content.decode()
    assert door.players.count() == 10
