"""The day's steps that make something public: the table list of each Durchgang
drawn, the ranking between two Durchgänge, and the ranking at the end.

- table list: the current Durchgang's table assignments are public (`Durchgang.published`):
  until then the players' “Where do I sit?” does not show it. It is the next action between the
  draw and the first game entered (the players sit by then), not done until published;
- ranking after Durchgang N−1 (from Durchgang 2 on): the ranking is published live or after
  Durchgang N−1 at least (`Tournament.ranking_publication`, tournament/ranking/publication.py). It
  is the next action once every sheet of Durchgang N−1 is closed, before Durchgang N is drawn;
- ranking: published live or after the last Durchgang.
"""

# Declared boilerplate (duplicates): each step is built alike (`Step(...)`) and differs only in its
# values.

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament import models
from tournament.steps.facts import DONE, TODO, Facts, Step, last

Publication = models.Tournament.Publication


def tables_public(f: Facts) -> tuple[Step, bool]:
    n = f.number
    published = f.durchgang is not None and f.durchgang.published
    if published:
        status = _("public: the players find their table under “Where do I sit?”")
    elif f.drawn:
        status = _("not public yet: “Where do I sit?” does not show Durchgang %(n)s") % {"n": n}
    else:
        status = _("After the draw")
    step = Step(
        key="tables",
        title=pgettext("step", "Table list"),
        status=status,
        url=f.url("durchgang", n) + "#veroeffentlichen" if f.drawn else f.url("durchgaenge"),
        action=_("Publish the table list of Durchgang %(n)s") % {"n": n},
        state=DONE if published else TODO,
        durchgang=n,
    )
    return step, f.drawn and (published or f.entered > 0)


def _published_after(tournament: models.Tournament) -> int | None:
    """The last Durchgang whose ranking the public sees once played; None: not published."""
    return tournament.ranking_public_until(last(tournament))


def _ranking_status(tournament: models.Tournament) -> str:
    if tournament.ranking_publication == Publication.LIVE:
        return _("published live")
    if tournament.ranking_publication == Publication.AFTER:
        return _("published after Durchgang %(n)s") % {"n": tournament.ranking_published_after or 0}
    return _("not published")


def _ranking_url(tournament: models.Tournament) -> str:
    return reverse("tournament:ranking", args=[tournament.slug]) + "#veroeffentlichen"


def ranking_between(f: Facts) -> tuple[Step, bool] | None:
    """The ranking after the Durchgang before the current one; None in Durchgang 1."""
    if f.number == 1:
        return None
    before = f.number - 1
    done = (_published_after(f.tournament) or 0) >= before
    step = Step(
        key="ranking_between",
        title=pgettext("step", "Ranking after Durchgang %(n)s") % {"n": before},
        status=_ranking_status(f.tournament),
        url=_ranking_url(f.tournament),
        action=_("Publish the ranking after Durchgang %(n)s") % {"n": before},
        state=DONE if done else TODO,
    )
    return step, done or f.drawn  # drawing the next Durchgang goes on without it


def ranking(f: Facts) -> tuple[Step, bool]:
    tournament = f.tournament
    done = (_published_after(tournament) or 0) >= last(tournament)
    step = Step(
        key="ranking",
        title=pgettext("step", "Ranking"),
        status=_ranking_status(tournament),
        url=_ranking_url(tournament),
        action=_("Publish the ranking"),
        state=DONE if done else TODO,
    )
    return step, done
