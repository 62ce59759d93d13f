"""The public tournament calendar: its pages (the server's, an organiser's, a cup's), their
iCalendar feeds and the Atom feed of published rankings. Nothing to manage: a tournament is
announced in its settings."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.calendar import views
from tournament.calendar.feeds import RankingFeed

urlpatterns: list = []

public = [
    path("kalender/", views.CalendarView.as_view(), name="calendar"),
    path("kalender.ics", views.CalendarIcsView.as_view(), name="calendar_ics"),
    path("kalender/ranglisten.atom", RankingFeed(), name="calendar_rankings_atom"),
    path(
        "kalender/<slug:organiser>/",
        views.OrganiserCalendarView.as_view(),
        name="calendar_organiser",
    ),
    path(
        "kalender/<slug:organiser>.ics",
        views.OrganiserIcsView.as_view(),
        name="calendar_organiser_ics",
    ),
    path(
        "kalender/<slug:organiser>/ranglisten.atom",
        RankingFeed(),
        name="calendar_organiser_rankings_atom",
    ),
    path("pokal/<slug:cup>/kalender/", views.CupCalendarView.as_view(), name="calendar_cup"),
    path("pokal/<slug:cup>/kalender.ics", views.CupIcsView.as_view(), name="calendar_cup_ics"),
]
