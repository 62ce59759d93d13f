"""The ranking: its public pages (once published) and the supervisor's publishing."""

from django.urls import path

from tournament.ranking import views

urlpatterns = [
    path(
        "turnier/<slug:slug>/leitung/rangliste/veroeffentlichen/",
        views.PublishView.as_view(),
        name="ranking_publish",
    ),
]

public = [
    path("turnier/<slug:slug>/", views.ranking, name="ranking"),
    path("turnier/<slug:slug>/leinwand/", views.projector, name="projector"),
    path("turnier/<slug:slug>/rangliste.pdf", views.ranking_download, name="ranking_pdf"),
    path("turnier/<slug:slug>/spieler/<int:start_number>/", views.player, name="player"),
    path("turnier/<slug:slug>/statistik/", views.statistics, name="statistics"),
]
