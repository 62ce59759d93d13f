"""The German name order (DIN 5007-1) of the key every name list sorts by."""

from __future__ import annotations

import random

from tournament.web.collation import german_sort_key, german_sorted

DIN_ORDER = ["Abel", "Äbler", "Ober", "Ostler", "Öttl", "Strasser", "Straßer", "strobl"]


def test_umlauts_sort_with_their_vowel_and_sharp_s_as_ss_whatever_the_case():
    for seed in range(5):
        names = DIN_ORDER[:]
        random.Random(seed).shuffle(names)
        assert sorted(names, key=german_sort_key) == DIN_ORDER
        assert german_sorted(names, lambda name: name) == DIN_ORDER


def test_other_accents_and_spaces_do_not_move_a_name():
    assert german_sorted(["Zoe", " Émile", "Eva", "élodie"], str) == [
        "élodie",
        " Émile",
        "Eva",
        "Zoe",
    ]
