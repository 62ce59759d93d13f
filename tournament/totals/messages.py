"""Translated messages for the problems of a totals line (`scoring.totals.TotalsProblem`), each
naming the seat and its player, with amounts in the unit of the tournament's point table."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.totals import TotalsProblem
from tournament import models
from tournament.scorekeeping.amounts import score_text
from tournament.scorekeeping.counters import COUNTER_NAMES
from tournament.scorekeeping.engine import tournament_point_table

MESSAGES = {
    "sum_not_zero": _(
        "The points of the table add up to %(sum)s, not 0: under this point table every game "
        "sums to zero."
    ),
    "points_too_high": _("%(seat)s: more points than %(games)s games can give (at most %(most)s)."),
    "points_too_low": _(
        "%(seat)s: fewer points than %(games)s games can take (at least %(least)s)."
    ),
    "counter_negative": _("%(seat)s: %(counter)s cannot be less than 0."),
    "counter_not_used": _(
        "%(seat)s: %(counter)s is not read by this tournament's tie-break; leave it empty."
    ),
    "won_over_played": _("%(seat)s: more %(counter)s than played."),
    "touts_over_solos": _(
        "%(seat)s: the Touts are single-player games too, so there cannot be more of them."
    ),
    "declared_over_games": _(
        "%(seat)s: more games as declarer than the %(games)s games the seat plays."
    ),
    "declared_over_table": _("The table has more games with a declarer than its %(games)s games."),
    "counter_over_games": _(
        "%(seat)s: %(counter)s at most %(count)s: not every one of its %(games)s games can count "
        "one under this tournament's rules."
    ),
    "sie_tout_over_games": _(
        "%(seat)s: Sie and Touts together at most %(count)s: not every one of its %(games)s games "
        "can count one under this tournament's rules."
    ),
    "counter_over_table": _(
        "The table: %(counter)s at most %(count)s: not every one of its %(games)s games can count "
        "one under this tournament's rules."
    ),
    "sie_tout_over_table": _(
        "The table: Sie and Touts together at most %(count)s: not every one of its %(games)s games "
        "can count one under this tournament's rules."
    ),
}


def problem_message(
    problem: TotalsProblem, player: models.Player | None, tournament: models.Tournament
) -> str:
    seat = ""
    if player is not None:
        seat = gettext("Seat %(seat)s (%(number)s %(name)s)") % {
            "seat": problem.seat,
            "number": player.start_number,
            "name": player.name,
        }
    return problem_text(problem, seat, tournament_point_table(tournament).unit)


def problem_text(problem: TotalsProblem, seat: str, unit: str) -> str:
    """The message of `problem`, the seat named as `seat`, amounts in `unit`."""
    params = dict(problem.params)
    for name in ("sum", "most", "least"):
        if name in params:
            params[name] = score_text(int(params[name]), unit)  # type: ignore[call-overload]
    if "counter" in params:
        params["counter"] = str(COUNTER_NAMES[str(params["counter"])])
    params["seat"] = seat
    return str(MESSAGES[problem.code]) % params
