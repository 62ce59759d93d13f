"""Which names are the same person, or probably the same (persons.matching: no database)."""

from __future__ import annotations

import pytest

from tournament.models.persons import public_name
from tournament.persons.matching import (
    Entry,
    duplicates_likely,
    edit_distance,
    key,
    likely_same,
    same,
)

SAME = [
    (("Josef Huber", "SK Ebersberg"), ("josef  huber", "SK  Ebersberg")),
    (("Jürgen Müller", "Wörth"), ("Juergen Mueller", "Woerth")),
    (("Franz Weiß", ""), ("Franz Weiss", "")),
]

LIKELY = [
    (("Sepp Huber", "SK Ebersberg"), ("Josef Huber", "SK Ebersberg")),
    (("Hans Maier", "Moosach"), ("Johann Maier", "Moosach")),
    (("Schorsch Bauer", "A"), ("Georg Bauer", "A")),
    (("Girgl Bauer", "A"), ("Georg Bauer", "A")),
    (("Wast Kern", "A"), ("Sebastian Kern", "A")),
    (("Resi Gruber", "A"), ("Theresia Gruber", "A")),
    (("Vroni Lang", "A"), ("Veronika Lang", "A")),
    (("Josef Huber", "SK Ebersberg"), ("Josef Hueber", "SK Ebersberg")),  # a typing slip
    (("Huber Josef", "SK Ebersberg"), ("Josef Huber", "SK Ebersberg")),  # family name first
    (("Josef Huber", ""), ("Josef Huber", "SK Ebersberg")),  # one without a club
]

APART = [
    (("Sepp Huber", "SK Ebersberg"), ("Josef Huber", "SK Grafing")),  # another club
    (("Hans Maier", "A"), ("Franz Maier", "A")),
    (("Anna Bauer", "A"), ("Anton Bauer", "A")),
    (("Josef Huber", "A"), ("Josef Huber", "A")),  # the same, not a duplicate to merge
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_names_folded_alike_are_the_same_person(a, b):
    assert same(Entry(1, *a), Entry(2, *b))


@pytest.mark.parametrize(("a", "b"), LIKELY)
def test_nicknames_word_order_and_slips_make_a_likely_duplicate(a, b):
    assert likely_same(Entry(1, *a), Entry(2, *b))
    assert likely_same(Entry(2, *b), Entry(1, *a))


@pytest.mark.parametrize(("a", "b"), APART)
def test_other_clubs_and_other_given_names_are_not_likely_duplicates(a, b):
    assert not likely_same(Entry(1, *a), Entry(2, *b))


def test_the_register_lists_each_likely_pair_once():
    entries = [
        Entry(1, "Sepp Huber", "SK Ebersberg"),
        Entry(2, "Josef Huber", "SK Ebersberg"),
        Entry(3, "Anna Bauer", "SK Ebersberg"),
        Entry(4, "Josef Huber", "SK Grafing"),
    ]
    assert [(a.id, b.id) for a, b in duplicates_likely(entries)] == [(1, 2)]


@pytest.mark.parametrize(
    ("a", "b", "distance"), [("huber", "hueber", 1), ("maier", "meier", 1), ("", "abc", 3)]
)
def test_edit_distance(a, b, distance):
    assert edit_distance(a, b) == distance


def test_keys_fold_case_accents_and_punctuation():
    assert key("  Groß-Müller, Élise ") == "gross mueller elise"


@pytest.mark.parametrize(
    ("name", "full", "shown"),
    [
        ("Josef Huber", True, "Josef Huber"),
        ("Josef Huber", False, "Josef H."),
        ("Anna Maria Gruber", False, "Anna Maria G."),
        ("Cher", False, "Cher"),
    ],
)
def test_public_name_by_the_persons_choice(name, full, shown):
    assert public_name(name, full=full) == shown
