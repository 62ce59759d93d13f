"""Tie-break chains as data (rule 5.4.2 and common variants).

Plain Python, no Django. After total points, players are compared by the counters of a chain,
each counted over the games in which the player was declarer (higher is better); players still
equal are separated by lot.

Counters: `sie` Sie played; `tout_won` / `tout_played` Touts won / played; `solo_won` /
`solo_played` single-player games won / played (Touts included, Sie not).
"""

from __future__ import annotations

COUNTERS: tuple[str, ...] = ("sie", "tout_won", "tout_played", "solo_won", "solo_played")

#: Rule 5.4.2 of 2007: a. Sie, b. Touts won, c. Touts played, d. solos won, e. solos played.
CASCADE_5_4_2: tuple[str, ...] = COUNTERS

CHAINS: dict[str, tuple[str, ...]] = {
    "5.4.2": CASCADE_5_4_2,
    "solos": ("solo_played",),
    "lot": (),
}

DEFAULT_CHAIN = "5.4.2"
