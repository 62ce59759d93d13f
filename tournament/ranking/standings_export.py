"""The standings as the command line and the interchange spec print them (json, csv, text).

In CSV, a name or club that a spreadsheet would run as a formula is written inert
(`spreadsheet_cells.csv_cell`); the numbers are written as they are. Every text is quoted: the csv
module quotes a field with a carriage return only when the line terminator has one, and an
unquoted CR inside a name would start a new row in a spreadsheet.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.utils.translation import gettext as _

from rules.tiebreaks import COUNTERS
from tournament import models
from tournament.ranking.standings import Standing
from tournament.web.spreadsheet_cells import csv_cell


def standing_record(s: Standing) -> dict[str, Any]:
    t = s.totals
    return {
        "rank": s.rank,
        "player": s.player.ident,
        "name": s.player.name,
        "club": s.player.club,
        "points": t.points,
        "plus": t.plus,
        "minus": t.minus,
        "durchgaenge": list(t.durchgaenge),
        **{name: getattr(t, name) for name in COUNTERS},
        "lot": s.lot,
    }


def standings_json(tournament: models.Tournament, after: int, rows: list[Standing]) -> str:
    """One standing per line: readable, and written by the C encoder (an `indent` would make
    Python fall back to its slow pure-Python encoder, a noticeable share at 10,000 players)."""
    head = json.dumps({"tournament": tournament.slug, "after": after}, ensure_ascii=False)
    lines = ",\n".join(json.dumps(standing_record(s), ensure_ascii=False) for s in rows)
    return (
        f'{head[:-1]}, "standings": [\n{lines}\n]}}' if rows else f'{head[:-1]}, "standings": []}}'
    )


def standings_csv(after: int, rows: list[Standing]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    head = ["rank", "player", "name", "club", "points", "plus", "minus"]
    head += [f"durchgang_{n}" for n in range(1, after + 1)] + list(COUNTERS) + ["lot"]
    writer.writerow(head)
    for s in rows:
        r = standing_record(s)
        cells = (
            [r[k] for k in head[:7]]
            + r["durchgaenge"]
            + [r[k] for k in COUNTERS]
            + ["" if r["lot"] is None else r["lot"]]
        )
        writer.writerow([csv_cell(cell) for cell in cells])
    return out.getvalue()


def standings_text(tournament: models.Tournament, after: int, rows: list[Standing]) -> str:
    head = [_("Rank"), _("No."), _("Name"), _("Club"), _("Points"), "+", "-"]
    head += [_("D%(n)s") % {"n": n} for n in range(1, after + 1)]
    head += [_("Sie"), _("Tout won"), _("Tout"), _("Solo won"), _("Solo"), _("Lot")]
    lines = [head]
    for s in rows:
        r = standing_record(s)
        lines.append(
            [str(r["rank"]), r["player"], r["name"], r["club"]]
            + [str(r[k]) for k in ("points", "plus", "minus")]
            + [str(v) for v in r["durchgaenge"]]
            + [str(r[k]) for k in COUNTERS]
            + ["" if r["lot"] is None else str(r["lot"])]
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    title = _("%(name)s: standings after Durchgang %(after)s") % {
        "name": tournament.name,
        "after": after,
    }
    body = [
        "  ".join(
            cell.ljust(w) if i in (1, 2, 3) else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in lines
    ]
    return "\n".join([title, "", *body]) + "\n"
