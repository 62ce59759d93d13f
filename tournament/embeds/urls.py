"""The embeds for a club's own website: public pages made to be framed by any site."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.embeds import views
from tournament.web.url_prefixes import PUBLIC

public = [
    path(PUBLIC + "einbetten/rangliste/", views.ranking_embed, name="embed_ranking"),
    path("kalender/<slug:organiser>/einbetten/", views.calendar_embed, name="embed_calendar"),
]
