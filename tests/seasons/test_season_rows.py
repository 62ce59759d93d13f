"""A season's rows are written in Python (`{% season_rows %}`, tournament/templatetags/
seasons.py) instead of by the template's loop over every cell: they read exactly as that loop
wrote them, with unranked persons, clubs or none, values that count, that do not and none,
and names that need escaping."""

from __future__ import annotations

import re

from django.template import Context, Template
from django.template.loader import render_to_string

from scoring.season import SeasonStanding
from tournament.seasons.services import Row

#: The template's loop as it was before the rows were written in Python.
LOOP = Template(
    """{% for row in rows %}
    <tr{% if row.standing.rank is None %} class="unranked"{% endif %}><td class="num">{% if row.standing.rank %}{{ row.standing.rank }}.{% else %}–{% endif %}</td>
      <td>{{ row.public_name }}{% if row.club %}<br><small>{{ row.club }}</small>{% endif %}</td>
      <td class="num"><strong>{{ row.standing.value }}</strong></td><td class="num">{{ row.standing.played }}</td>
      {% for value, counted in row.cells %}<td class="num season-t">{% if value is not None %}{% if counted %}{{ value }}{% else %}({{ value }}){% endif %}{% endif %}</td>{% endfor %}</tr>
  {% endfor %}"""  # noqa: E501
)


def row(rank, name, club, value, cells) -> Row:
    standing = SeasonStanding(
        rank=rank, person=name, value=value, played=len(cells), counted=(), counters=(), values={}
    )
    return Row(standing=standing, name=name, public_name=name, club=club, cells=cells)


ROWS = [
    row(1, "Sepp Maier", "Stammtisch Post", 1234, [(25, True), (None, False), (7, False)]),
    row(2, "Resi <Brandl> & Söhne", "", 0, [(None, False), (0, True), (12, True)]),
    row(None, 'Hias "B."', "SK Vohenstrauß", 3, [(3, True), (None, False), (None, False)]),
]


def flat(html: str) -> str:
    return re.sub(r">\s+<", "><", html).strip()


def test_the_rows_read_as_the_templates_loop_wrote_them():
    written = render_to_string("tournament/seasons/_season_table.html", {"rows": ROWS})
    body = flat(written).split("<tbody>")[1].split("</tbody>")[0]
    assert body == flat(LOOP.render(Context({"rows": ROWS})))
    assert "Resi &lt;Brandl&gt; &amp; Söhne" in body and '<td class="num season-t">(7)</td>' in body


def test_a_season_without_rows_says_so():
    written = render_to_string("tournament/seasons/_season_table.html", {"rows": []})
    assert "Noch kein veröffentlichtes Turnier." in written
