"""The tie-break counters of 5.4.2 (`rules.tiebreaks.COUNTERS`) as people read them: in a
sentence (`COUNTER_NAMES`) and as a column's head (`COUNTER_SHORT`). The totals page, its
messages and the signed sheet of a totals table name them alike."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

COUNTER_NAMES = {
    "sie": _("Sie played"),
    "tout_won": _("Touts won"),
    "tout_played": _("Touts played"),
    "solo_won": _("single-player games won"),
    "solo_played": _("single-player games played"),
}

COUNTER_SHORT = {
    "sie": _("Sie"),
    "tout_won": _("Tout won"),
    "tout_played": _("Tout"),
    "solo_won": _("Solo won"),
    "solo_played": _("Solo"),
}
