"""The day's steps of a tournament and where it stands in each ("Where am I?").

Players → (ranking after the Durchgang before) → draw → table list → printouts → entry →
approvals → closing → ranking → exports. The steps from the draw to the closing are done once
per Durchgang; from Durchgang 2 on, the ranking after the Durchgang before comes first. The
*current* Durchgang is the one in progress: the last one drawn, or, once every sheet of it is
closed, the next one to draw.

Each step reads only what is stored (the steps that make something public, and what they read,
are in tournament/steps/publishing.py):
- players: enough active (not withdrawn) players to seat at tables of four and five;
- draw: the current Durchgang is drawn (it has tables; the draw issues each table's phone link
  and PIN with them, tournament/draw/views/actions.py);
- printouts: whether anything was printed is not stored, so the step is never *done*: it is the
  next action between the draw and the first game entered in the Durchgang, and otherwise
  *available*;
- entry: every sheet of the Durchgang holds all its games;
- approvals: no game of the tournament waits for an approval (the queue is the tournament's);
- closing: every sheet of the Durchgang and of the Durchgänge before it is closed
  (`Table.closed_at`, rule 5.3.4);
- exports: downloads are not recorded either: never *done*, the next action once all else is.

The next action is the first step not done: its state is CURRENT, exactly one per tournament.
At most four queries, whatever the size of the tournament (tournament/steps/facts.py).
"""

# Declared boilerplate (duplicates): each step is built alike (`Step(...)`) and differs only in its
# values.

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.seating import table_sizes
from tournament import models
from tournament.steps.facts import (
    AVAILABLE,
    CURRENT,
    DONE,
    TODO,
    Facts,
    Step,
    tournament_facts,
)
from tournament.steps.publishing import ranking, ranking_between, tables_public


def _seatable(players: int) -> bool:
    try:
        table_sizes(players)
    except ValueError:
        return False
    return True


def _players(f: Facts) -> tuple[Step, bool]:
    if f.active and f.tournament.check_in:
        status = ngettext("%(n)s player checked in", "%(n)s players checked in", f.active) % {
            "n": f.active
        }
    elif f.active:
        status = ngettext("%(n)s player registered", "%(n)s players registered", f.active) % {
            "n": f.active
        }
    else:
        status = _("No player registered yet")
    if f.withdrawn:
        status += ", " + ngettext("%(n)s withdrawn", "%(n)s withdrawn", f.withdrawn) % {
            "n": f.withdrawn
        }
    seatable = _seatable(f.active)
    if f.active and not seatable:
        status += ". " + _("%(n)s players cannot be seated at tables of four and five.") % {
            "n": f.active
        }
    step = Step(
        key="players",
        title=pgettext("step", "Players"),
        status=status,
        url=f.url("players"),
        action=_("Register players"),
        state=DONE if seatable or f.drawn else TODO,
    )
    return step, seatable or f.drawn


def _draw(f: Facts) -> tuple[Step, bool]:
    n = f.number
    if f.durchgang is not None:
        status = ngettext(
            "Durchgang %(n)s drawn, %(tables)s table",
            "Durchgang %(n)s drawn, %(tables)s tables",
            f.tables,
        ) % {"n": n, "tables": f.tables}
    elif n > 1:
        status = _("Durchgang %(before)s closed, Durchgang %(n)s not drawn yet") % {
            "before": n - 1,
            "n": n,
        }
    else:
        status = _("Durchgang %(n)s not drawn yet") % {"n": n}
    step = Step(
        key="draw",
        title=pgettext("step", "Draw"),
        status=status,
        url=f.url("durchgang", n) if f.drawn else f.url("durchgaenge"),
        action=_("Draw Durchgang %(n)s") % {"n": n},
        state=DONE if f.drawn else TODO,
        durchgang=n,
    )
    return step, f.drawn


def _printouts(f: Facts) -> tuple[Step, bool]:
    if f.drawn:
        status = _(
            "Table list, table cards and scoresheets as PDF · whether they were printed is not "
            "recorded"
        )
    else:
        status = _("After the draw")
    step = Step(
        key="printouts",
        title=pgettext("step", "Printouts"),
        status=status,
        url=f.url("durchgang", f.number) + "#ausdrucke" if f.drawn else f.url("durchgaenge"),
        action=_("Print the scoresheets"),
        state=AVAILABLE if f.drawn else TODO,
        durchgang=f.number,
    )
    return step, not f.drawn or f.entered > 0


def _entry(f: Facts) -> tuple[Step, bool]:
    done = f.drawn and f.complete == f.tables
    if f.drawn:
        games = sum(s.games for s in f.sheets)
        status = _(
            "%(complete)s/%(tables)s tables completely entered (%(entered)s/%(games)s games)"
        ) % {"complete": f.complete, "tables": f.tables, "entered": f.entered, "games": games}
    else:
        status = _("After the draw")
    step = Step(
        key="entry",
        title=pgettext("step", "Game entry"),
        status=status,
        url=f.url("sheets", f.number) if f.drawn else f.url("durchgaenge"),
        action=_("Enter games"),
        state=DONE if done else TODO,
        durchgang=f.number,
    )
    return step, done


def _approvals(f: Facts, entered: bool) -> tuple[Step, bool]:
    n = f.pending_approvals
    if n:
        status = ngettext("%(n)s game waits for approval", "%(n)s games wait for approval", n) % {
            "n": n
        }
    else:
        status = _("No game waits for approval")
    done = entered and not n
    step = Step(
        key="approvals",
        title=pgettext("step", "Approvals"),
        status=status,
        url=f.url("approvals"),
        action=_("Handle approvals"),
        state=DONE if done else TODO,
        durchgang=f.number,
        attention=bool(n),
    )
    return step, done


def _closing(f: Facts) -> tuple[Step, bool]:
    n = f.number
    closable = sum(s.closable for s in f.sheets)
    unsigned = sum(not s.table.closed and s.complete and not s.all_signed for s in f.sheets)
    if f.drawn and f.closed == f.tables:
        parts = [_("Durchgang %(n)s closed") % {"n": n}]
    elif f.drawn:
        parts = [
            _("%(closed)s/%(tables)s scoresheets closed") % {"closed": f.closed, "tables": f.tables}
        ]
        if closable:
            parts.append(
                ngettext("%(n)s ready to close", "%(n)s ready to close", closable) % {"n": closable}
            )
        if unsigned:
            parts.append(
                ngettext("%(n)s waits for signatures", "%(n)s wait for signatures", unsigned)
                % {"n": unsigned}
            )
    elif n > 1:
        parts = [_("Durchgang %(n)s closed") % {"n": n - 1}]
    else:
        parts = [_("After the draw")]
    parts += [
        ngettext(
            "Durchgang %(d)s: %(n)s scoresheet open",
            "Durchgang %(d)s: %(n)s scoresheets open",
            count,
        )
        % {"d": d, "n": count}
        for d, count in f.earlier_open
    ]
    current_open = f.drawn and f.closed < f.tables
    # The Durchgang whose sheets are to close: the current one, else the first one still open.
    target = n if current_open or not f.earlier_open else f.earlier_open[0][0]
    done = f.drawn and not current_open and not f.earlier_open
    step = Step(
        key="closing",
        title=pgettext("step", "Closing"),
        status=" · ".join(parts),
        url=f.url("sheets", target) if f.drawn or n > 1 else f.url("durchgaenge"),
        action=_("Close Durchgang %(n)s") % {"n": target},
        state=DONE if done else TODO,
        durchgang=n,
    )
    return step, done


def _exports(f: Facts) -> tuple[Step, bool]:
    step = Step(
        key="exports",
        title=pgettext("step", "Exports"),
        status=_("Excel workbook and backup, any time · downloads are not recorded"),
        url=f.url("export_xlsx"),
        action=_("Download the export"),
        state=AVAILABLE,
        download=True,
    )
    return step, False


def tournament_steps(tournament: models.Tournament) -> list[Step]:
    """The day's steps of `tournament` in order, each with where the tournament stands and
    its page; the first step not passed is the next action (state CURRENT)."""
    f = tournament_facts(tournament)
    entry, entered = _entry(f)
    between = ranking_between(f)
    steps = [
        _players(f),
        *([between] if between else []),
        _draw(f),
        tables_public(f),
        _printouts(f),
        (entry, entered),
        _approvals(f, entered=entered),
        _closing(f),
        ranking(f),
        _exports(f),
    ]
    first = next(i for i, (_step, passed) in enumerate(steps) if not passed)
    return [
        replace(step, state=CURRENT) if i == first else step
        for i, (step, _passed) in enumerate(steps)
    ]


def steps_grouped(steps: list[Step]) -> list[tuple[int | None, list[Step]]]:
    """The steps in runs: those done once per Durchgang together under its number, each other
    step alone (None), for the page to set the Durchgang's steps apart."""
    groups: list[tuple[int | None, list[Step]]] = []
    for step in steps:
        if step.durchgang is not None and groups and groups[-1][0] == step.durchgang:
            groups[-1][1].append(step)
        else:
            groups.append((step.durchgang, [step]))
    return groups
