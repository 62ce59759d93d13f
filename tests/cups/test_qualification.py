"""Who qualifies for the final (scoring/qualification.py): top N of the cup table, top N of each
evening (the place passing down), both (the evenings first, the table filling up), in the
order of the cup table; a decline replaced by the next ranked in the table."""

from __future__ import annotations

import pytest

from scoring.qualification import qualified, replacement

TABLE = [("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5), ("f", None)]
EVENINGS = [[("c", 1), ("a", 2), ("e", 3)], [("a", 1), ("d", 2), ("b", 3)]]


@pytest.mark.parametrize(
    ("overall", "per_evening", "evenings", "expected"),
    [
        (3, 0, EVENINGS, ["a", "b", "c"]),
        (0, 1, EVENINGS, ["a", "c"]),
        (0, 1, [[("a", 1), ("b", 2)], [("a", 1), ("d", 2)]], ["a", "d"]),  # passed down
        (2, 1, EVENINGS, ["a", "b", "c", "d"]),  # c, a by evenings; b, d by the table
        (0, 2, EVENINGS, ["a", "b", "c", "d"]),  # a twice: its second place passes to b
        (6, 0, EVENINGS, ["a", "b", "c", "d", "e"]),  # f is not ranked (the minimum)
        (1, 1, [[("f", 1)]], ["a", "f"]),  # an evening qualifies an unranked player too
    ],
)
def test_who_qualifies(overall, per_evening, evenings, expected):
    found = qualified(TABLE, evenings, overall=overall, per_evening=per_evening)
    assert [q.person for q in found] == expected


def test_second_evening_passes_its_place_down():
    found = qualified(TABLE, EVENINGS, overall=0, per_evening=2)
    assert [(q.person, q.evening, q.place) for q in found] == [
        ("a", 0, 2),
        ("b", 1, 3),
        ("c", 0, 1),
        ("d", 1, 2),
    ]


def test_a_decline_is_replaced_by_the_next_ranked_not_listed():
    assert replacement(TABLE, {"a", "b", "c"}) == ("d", 4)
    assert replacement(TABLE, {"a", "b", "c", "d", "e"}) is None  # f is not ranked
