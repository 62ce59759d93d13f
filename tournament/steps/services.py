"""The day's steps of a tournament and where it stands in each (issue 16, "Where am I?").

Players → draw → printouts → entry → approvals → closing → ranking → exports. The steps from the
draw to the closing are done once per Durchgang. The *current* Durchgang is the one in progress:
the last one drawn, or, once every sheet of it is closed, the next one to draw.

Each step reads only what is stored:
- players: enough active (not withdrawn) players to seat at tables of four and five;
- draw: the current Durchgang is drawn (it has tables);
- printouts: whether anything was printed is not stored, so the step is never *done*: it is the
  next action between the draw and the first game entered in the Durchgang, and otherwise
  *available*;
- entry: every sheet of the Durchgang holds all its games;
- approvals: no game of the tournament waits for an approval (the queue is the tournament's);
- closing: every sheet of the Durchgang and of the Durchgänge before it is closed
  (`Table.closed_at`, rule 5.3.4);
- ranking: the ranking is published live or after the last Durchgang
  (`Tournament.ranking_publication`, tournament/core/publication.py);
- exports: downloads are not recorded either: never *done*, the next action once all else is.

The next action is the first step not done: its state is CURRENT, exactly one per tournament.
At most four queries, whatever the size of the tournament.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.seating import table_sizes
from tournament import models
from tournament.sheets.services.sheet import SheetState, sheet_states
from tournament.sheets.services.supervision import approvals_pending

DONE, CURRENT, TODO, AVAILABLE = "done", "current", "todo", "available"
Publication = models.Tournament.Publication


@dataclass(frozen=True)
class Step:
    """One step of the day as the management page shows it.

    `state`: DONE, CURRENT (the next action; exactly one step), TODO, or AVAILABLE (a step
    whose completion is not stored: it can be done any time). `action` is the label of the
    button when the step is the next action; `download`: `url` is a file, not a page.

    Each step's builder below returns it with the state it has when it is not the next action,
    and whether the next action lies beyond it (`passed`)."""

    key: str
    title: str
    status: str
    url: str
    action: str
    state: str
    download: bool = False
    durchgang: int | None = None  # the Durchgang of a step done once per Durchgang
    attention: bool = False  # something waits here, even if it is not the next action

    @property
    def is_next(self) -> bool:
        return self.state == CURRENT


@dataclass(frozen=True)
class _Facts:
    """What the steps read, gathered in few queries."""

    tournament: models.Tournament
    active: int
    withdrawn: int
    number: int  # the current Durchgang
    durchgang: models.Durchgang | None  # None: not drawn yet
    sheets: list[SheetState]  # of the current Durchgang
    earlier_open: list[tuple[int, int]]  # (Durchgang, sheets not closed) before the current one
    pending_approvals: int

    def url(self, name: str, *args: object) -> str:
        return reverse(f"manage:{name}", args=[self.tournament.slug, *args])

    @property
    def drawn(self) -> bool:
        return self.durchgang is not None

    @property
    def tables(self) -> int:
        return len(self.sheets)

    @property
    def complete(self) -> int:
        return sum(s.complete for s in self.sheets)

    @property
    def closed(self) -> int:
        return sum(s.table.closed for s in self.sheets)

    @property
    def entered(self) -> int:
        return sum(s.entered for s in self.sheets)


def _facts(tournament: models.Tournament) -> _Facts:
    playing = Q(withdrawn=False, waiting_since__isnull=True)
    if tournament.check_in:  # only those checked in at the door are drawn
        playing &= Q(checked_in_at__isnull=False)
    players = tournament.players.aggregate(
        active=Count("pk", filter=playing),
        withdrawn=Count("pk", filter=Q(withdrawn=True)),
    )
    durchgaenge = list(
        tournament.durchgaenge.annotate(
            table_count=Count("tables"),
            closed_count=Count("tables", filter=Q(tables__closed_at__isnull=False)),
        ).order_by("number")
    )
    current = durchgaenge[-1] if durchgaenge else None
    number = current.number if current else 1
    if current and current.closed_count == current.table_count and number < _last(tournament):
        current, number = None, number + 1  # every sheet closed: on to the next draw
    return _Facts(
        tournament=tournament,
        active=players["active"],
        withdrawn=players["withdrawn"],
        number=number,
        durchgang=current,
        sheets=sheet_states(current) if current else [],
        earlier_open=[
            (d.number, d.table_count - d.closed_count)
            for d in durchgaenge
            if d.number < number and d.closed_count < d.table_count
        ],
        pending_approvals=approvals_pending(tournament).count(),
    )


def _last(tournament: models.Tournament) -> int:
    return tournament.number_of_durchgaenge


def _seatable(players: int) -> bool:
    try:
        table_sizes(players)
    except ValueError:
        return False
    return True


def _players(f: _Facts) -> tuple[Step, bool]:
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


def _draw(f: _Facts) -> tuple[Step, bool]:
    n = f.number
    if f.durchgang is not None:
        status = ngettext(
            "Durchgang %(n)s drawn, %(tables)s table",
            "Durchgang %(n)s drawn, %(tables)s tables",
            f.tables,
        ) % {"n": n, "tables": f.tables}
        status += " · " + (
            _("table assignments public")
            if f.durchgang.published
            else _("table assignments not public")
        )
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


def _printouts(f: _Facts) -> tuple[Step, bool]:
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


def _entry(f: _Facts) -> tuple[Step, bool]:
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


def _approvals(f: _Facts, entered: bool) -> tuple[Step, bool]:
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


def _closing(f: _Facts) -> tuple[Step, bool]:
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


def _ranking(f: _Facts) -> tuple[Step, bool]:
    tournament = f.tournament
    publication = tournament.ranking_publication
    after = tournament.ranking_published_after or 0
    if publication == Publication.LIVE:
        status = _("published live")
    elif publication == Publication.AFTER:
        status = _("published after Durchgang %(n)s") % {"n": after}
    else:
        status = _("not published")
    done = publication == Publication.LIVE or (
        publication == Publication.AFTER and after >= _last(tournament)
    )
    step = Step(
        key="ranking",
        title=pgettext("step", "Ranking"),
        status=status,
        url=reverse("tournament:ranking", args=[tournament.slug]) + "#veroeffentlichen",
        action=_("Publish the ranking"),
        state=DONE if done else TODO,
    )
    return step, done


def _exports(f: _Facts) -> tuple[Step, bool]:
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
    f = _facts(tournament)
    entry, entered = _entry(f)
    steps = [
        _players(f),
        _draw(f),
        _printouts(f),
        (entry, entered),
        _approvals(f, entered=entered),
        _closing(f),
        _ranking(f),
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
