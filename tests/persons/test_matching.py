"""Which names are the same person, or probably the same (persons.matching: no database)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.models.persons import public_name
from tournament.persons.matching import (
    Entry,
    duplicates_likely,
    edit_distance,
    key,
    likely_same,
    name_canonical,
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


def _levenshtein(a: str, b: str) -> int:
    """The textbook dynamic programme, as the register computed it before rapidfuzz did."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


#: Names as a register holds them: Latin with umlauts and ß, look-alike Cyrillic and Greek,
#: a letter outside the Basic Multilingual Plane, blanks.
_NAME_TEXT = st.text(alphabet="aeiouäöüßjosfhbrnmxаеоοα𝐀 -", max_size=24)


@given(a=_NAME_TEXT, b=_NAME_TEXT, most=st.none() | st.integers(min_value=0, max_value=4))
def test_edit_distance_is_levenshtein_and_a_bound_only_cuts_off_beyond_it(a, b, most):
    distance = _levenshtein(a, b)
    if most is None or distance <= most:
        assert edit_distance(a, b, most=most) == distance
    else:
        assert edit_distance(a, b, most=most) == most + 1


def test_a_typing_slip_of_one_or_two_letters_is_found_and_three_are_not():
    entry = Entry(1, "Sebastian Obermaier", "SK Ebersberg")
    assert likely_same(entry, Entry(2, "Sebastian Obermeier", "SK Ebersberg"))
    assert likely_same(entry, Entry(3, "Sebastian Obermeir", "SK Ebersberg"))
    assert not likely_same(entry, Entry(4, "Sebastian Obrmr", "SK Ebersberg"))


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


GIVEN = [
    "Josef",
    "Sepp",
    "Johann",
    "Hans",
    "Georg",
    "Schorsch",
    "Maria",
    "Theresia",
    "Resi",
    "Anton",
    "Toni",
    "Michael",
    "Franz",
    "Franzl",
    "Elisabeth",
    "Lisi",
    "Jürgen",
    "Käthe",
]
FAMILY = [
    "Huber",
    "Hueber",
    "Maier",
    "Mayer",
    "Meier",
    "Bauer",
    "Gruber",
    "Müller",
    "Mueller",
    "Schmid",
    "Schmidt",
    "Wagner",
    "Weiß",
    "Hofmann",
    "Hoffmann",
    "Kern",
    "Lang",
    "Zeilinger",
    "Oberhuber",
    "Brandstetter",
    "Ostermaier",
]
CLUBS = ["SK Ebersberg", "Moosach", "Wörth", "", "Grafing", "Kirchseeon"]


def slip(text: str, chance: random.Random) -> str:
    """`text` with one typing slip: a letter left out, doubled, swapped or replaced."""
    k = chance.randrange(len(text))
    how = chance.randrange(4)
    if how == 0:
        return text[:k] + text[k + 1 :]
    if how == 1:
        return text[:k] + text[k] + text[k:]
    if how == 2 and k + 1 < len(text):
        return text[:k] + text[k + 1] + text[k] + text[k + 2 :]
    return text[:k] + chance.choice("aeiounrst") + text[k + 1 :]


def realistic_register(size: int, seed: int) -> list[Entry]:
    """A register as clubs keep them: common names, nicknames, slips, swapped words, spaces,
    persons without a club, and the same person entered twice."""
    chance = random.Random(seed)
    entries: list[Entry] = []
    for n in range(size):
        if entries and chance.random() < 0.15:  # somebody entered again, a little differently
            other = chance.choice(entries)
            name, club = other.name, other.club
        else:
            name = f"{chance.choice(GIVEN)} {chance.choice(FAMILY)}"
            club = chance.choice(CLUBS)
        roll = chance.random()
        if roll < 0.2:
            name = slip(name, chance)
        elif roll < 0.3:
            name = slip(slip(name, chance), chance)
        elif roll < 0.35:
            name = " ".join(reversed(name.split()))
        elif roll < 0.4:
            name = name.upper().replace(" ", "  ")
        entries.append(Entry(n, name, club))
    return entries


def every_pair_compared(entries: list[Entry]) -> list[tuple[int, int]]:
    """What the register found when it compared every two names whose family names begin
    alike: the reference the blocks must reproduce."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        words = name_canonical(entry.name).split()
        groups.setdefault(words[-1][:1] if words else "", []).append(entry)
    return [
        (a.id, b.id)
        for listed in groups.values()
        for i, a in enumerate(listed)
        for b in listed[i + 1 :]
        if likely_same(a, b) or same(a, b)
    ]


@pytest.mark.parametrize("seed", range(6))
def test_the_blocks_find_the_pairs_that_comparing_every_two_names_finds(seed):
    entries = realistic_register(700, seed)
    expected = every_pair_compared(entries)
    assert len(expected) > 100  # the register has many likely pairs to find
    assert [(a.id, b.id) for a, b in duplicates_likely(entries)] == expected


def test_empty_and_one_letter_names_are_compared_as_before():
    entries = [Entry(1, "?", "A"), Entry(2, "!", "A"), Entry(3, "x", ""), Entry(4, "y", "")]
    assert [(a.id, b.id) for a, b in duplicates_likely(entries)] == every_pair_compared(entries)
