"""Helpers of the totals tests: a tournament's ranking as comparable rows, a table's seats as a
totals line, and the requests of the totals page."""

from __future__ import annotations

from django.urls import reverse

from scoring.totals import SeatTotals
from tournament import models
from tournament.ranking.standings import standings_compute

SLUG = "summen"


def ranking(tournament):
    return [
        (s.rank, s.player.start_number, s.totals.points, s.totals.durchgaenge)
        + tuple(getattr(s.totals, c) for c in ("sie", "tout_won", "tout_played", "solo_won"))
        + (s.totals.solo_played,)
        for s in standings_compute(tournament)
    ]


def line_of(table: models.Table) -> list[SeatTotals]:
    return [
        SeatTotals(
            points=s.points,
            sie=s.sie,
            tout_won=s.tout_won,
            tout_played=s.tout_played,
            solo_won=s.solo_won,
            solo_played=s.solo_played,
        )
        for s in table.seats.order_by("position")
    ]


def table(tournament, number) -> models.Table:
    return models.Table.objects.get(durchgang__tournament=tournament, number=number)


def switch(client, number, recording="totals"):
    url = reverse("manage:table_recording", args=[SLUG, 1, number])
    return client.post(url, {"recording": recording}, follow=True)


def line(client, number, points, counters=None, version=0):
    data = {f"t{number}-version": version}
    for seat, value in enumerate(points, start=1):
        data[f"t{number}-seat-{seat}-points"] = value
    for (seat, name), value in (counters or {}).items():
        data[f"t{number}-seat-{seat}-{name}"] = value
    return client.post(reverse("manage:totals_save", args=[SLUG, 1, number]), data)
