"""The calendar's world: two organisers, each with tournaments upcoming and past, one a draft."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest

from tests.calendar.helpers import organiser, tournament
from tournament.models import Organiser, Tournament


@dataclass
class CalendarWorld:
    home: Organiser
    other: Organiser
    kirchweih: Tournament  # home, in 10 days at 19:00, 12 € Startgeld, 3 of 10 places left
    herbst: Tournament  # home, in 20 days, whole day, no Startgeld, no limit, no registration
    draft: Tournament  # home, in 5 days, not announced
    fremd: Tournament  # other, in 15 days, registration open and full
    past_published: Tournament  # home, 30 days ago, ranking published
    past_hidden: Tournament  # other, 40 days ago, ranking not published


@pytest.fixture
def world(db) -> CalendarWorld:
    home = organiser("sk-vohenstrauss", "SK Vohenstrauß", region="Oberpfalz")
    other = organiser("fc-laubendorf", "FC Laubendorf", region="Niederbayern")
    return CalendarWorld(
        home=home,
        other=other,
        kirchweih=tournament(
            "kirchweih",
            home,
            days=10,
            players=7,
            start=dt.time(19, 0),
            venue="Sportheim Vohenstrauß",
            fee="12",
            registration_open=True,
            registration_limit=10,
        ),
        herbst=tournament("herbstturnier", home, days=20, venue="Gasthaus Post, Pleystein"),
        draft=tournament("geheimturnier", home, days=5, announced=False, venue="Hinterzimmer"),
        fremd=tournament(
            "laubendorfer-schafkopf",
            other,
            days=15,
            players=4,
            start=dt.time(14, 30),
            venue="Dorfwirt Laubendorf",
            fee="8.50",
            registration_open=True,
            registration_limit=4,
        ),
        past_published=tournament(
            "sommerturnier", home, days=-30, ranking_publication=Tournament.Publication.LIVE
        ),
        past_hidden=tournament("fruehjahrsturnier", other, days=-40, venue="Laubendorf"),
    )
