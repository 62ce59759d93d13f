"""Small SVG charts drawn by templates: no JavaScript, no chart library. The numbers are laid
out here; `templates/tournament/charts/` draws them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y …"
    zero_y: float
    low: int
    high: int
    count: int


def line_chart(values: list[int], *, width: int = 640, height: int = 180) -> LineChart:
    """A running total over the games: x the game, y the total (0 drawn as a line)."""
    low, high = min([0, *values]), max([0, *values])
    span = (high - low) or 1
    step = width / max(len(values), 1)
    pad = 8

    def y(value: int) -> float:
        return round(pad + (high - value) * (height - 2 * pad) / span, 1)

    points = " ".join(f"{round(i * step, 1)},{y(v)}" for i, v in enumerate([0, *values]))
    return LineChart(width, height, points, y(0), low, high, len(values))


@dataclass(frozen=True)
class Bar:
    label: str
    value: int
    width: float  # percent of the longest bar
    note: str = ""


def bar_chart(rows: list[tuple[str, int, str]]) -> list[Bar]:
    """Bars for (label, value, note) rows, scaled to the largest value."""
    top = max((value for _label, value, _note in rows), default=0) or 1
    return [Bar(label, value, round(100 * value / top, 1), note) for label, value, note in rows]
