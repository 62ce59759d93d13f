"""Invisible and look-alike names in the person register: the register's form stores a name
composed and without invisible characters at its ends and refuses one without a visible letter;
the duplicate check finds "Jоsef Huber" (a Cyrillic о) and "Josef Huber" as likely duplicates
and says that the first mixes scripts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Person
from tournament.persons.matching import Entry, duplicates_likely, likely_same, same, scripts_mixed
from tournament.persons.services import organiser_of, person_create

pytestmark = pytest.mark.django_db

CYRILLIC_O = "\u043e"
JOSEF = f"J{CYRILLIC_O}sef Huber"  # looks like "Josef Huber"


@pytest.fixture
def boss(client, keeper):
    client.force_login(keeper)
    return client


def _create(boss, name: str):
    return boss.post(
        reverse("manage:person_create", args=["standard"]),
        {"name": name, "club": "SK Ebersberg", "publication": "initial"},
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("\u200b\u200c\u200d", "Bitte den Namen der Person eingeben."),
        ("\u200b\u0308", "„Name“ enthält keinen sichtbaren Buchstaben und keine Ziffer."),
    ],
)
def test_the_register_refuses_a_name_without_a_visible_letter(boss, name, message):
    response = _create(boss, name)
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors["name"])
    assert not Person.objects.exists()


def test_the_register_stores_a_name_composed_without_invisible_ends(boss):
    _create(boss, "\ufeffJo\u0308rg Huber\u200b")
    assert list(Person.objects.values_list("name", flat=True)) == ["J\u00f6rg Huber"]


def test_a_look_alike_name_is_a_likely_duplicate_and_the_page_says_it_mixes_scripts(
    boss, example_tournament
):
    organiser = organiser_of(example_tournament)
    person_create(organiser=organiser, name="Josef Huber", club="SK Ebersberg")
    person_create(organiser=organiser, name=JOSEF, club="SK Ebersberg")
    person_create(organiser=organiser, name=f"Xaver {CYRILLIC_O}Brien", club="Grafing")
    page = boss.get(reverse("manage:person_duplicates", args=["standard"])).content.decode()
    pair = page.split('class="duplicates"')[1].split("</ul>")[0]
    assert "Josef Huber" in pair and JOSEF in pair
    assert "Keine möglichen Doppelten" not in pair
    note = f"„{JOSEF}“ mischt Schriften (kyrillisch, lateinisch)"
    assert note in pair
    mixed = page.split('class="mixed-scripts"')[1].split("</ul>")[0]
    assert note in mixed and f"„Xaver {CYRILLIC_O}Brien“ mischt Schriften" in mixed
    assert "„Josef Huber“" not in mixed


@pytest.mark.parametrize(
    ("name", "scripts"),
    [
        (JOSEF, ["CYRILLIC", "LATIN"]),
        ("Josef Huber", []),
        ("Иван Петров", []),
        ("Ανδρέας Παπαδόπουλος", []),
        ("Jörg O’Brien-Weiß", []),
        ("山田 はなこ", []),
        ("Josef \u0397uber", ["GREEK", "LATIN"]),
        ("Jos\U0001d41ef", ["LATIN", "MATHEMATICAL"]),
    ],
)
def test_names_mixing_scripts_are_recognised(name, scripts):
    assert scripts_mixed(name) == scripts


def test_look_alike_letters_make_a_likely_duplicate_never_the_same_person():
    latin = Entry(1, "Josef Huber", "SK")
    assert likely_same(latin, Entry(2, JOSEF, "SK")) and not same(latin, Entry(2, JOSEF, "SK"))
    # A capital Н (Cyrillic) in the family name: compared with the Latin H's names anyway.
    capital = Entry(3, "Josef \u041duber", "")
    assert [(a.id, b.id) for a, b in duplicates_likely([latin, capital])] == [(1, 3)]
