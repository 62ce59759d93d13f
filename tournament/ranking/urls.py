"""The ranking: its public pages (once published) and the supervisor's publishing."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.ranking import views
from tournament.web.url_prefixes import MANAGE, PUBLIC

urlpatterns = [
    path(
        MANAGE + "rangliste/veroeffentlichen/",
        views.PublishView.as_view(),
        name="ranking_publish",
    ),
]

public = [
    path(PUBLIC, views.RankingView.as_view(), name="ranking"),
    path(PUBLIC + "leinwand/", views.ProjectorView.as_view(), name="projector"),
    path(PUBLIC + "rangliste.pdf", views.RankingPdfView.as_view(), name="ranking_pdf"),
    path(PUBLIC + "spieler/<int:start_number>/", views.PlayerView.as_view(), name="player"),
    path(PUBLIC + "statistik/", views.StatisticsView.as_view(), name="statistics"),
]
