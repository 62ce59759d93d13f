"""The tournament settings form as posted: the defaults, or a tournament's own values, with
changes."""

from __future__ import annotations

DEFAULTS = dict(
    scoring="schafkopfschule-2007", games_per_durchgang=32, number_of_durchgaenge=2,
    contracts=["rufspiel", "solo", "wenz", "sie"], solo_approval_from=5, tiebreak="5.4.2",
)  # fmt: skip


def settings_post(tournament=None, **changes) -> dict:
    data = dict(DEFAULTS, name="Cup", date="2026-12-05", venue="")
    if tournament is not None:
        data.update({name: getattr(tournament, name) for name in DEFAULTS}, name=tournament.name)
        data.update(date=str(tournament.date), venue=tournament.venue)
    return data | changes
