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
    path("turnier/<slug:slug>/", views.RankingView.as_view(), name="ranking"),
    path("turnier/<slug:slug>/leinwand/", views.ProjectorView.as_view(), name="projector"),
    path("turnier/<slug:slug>/rangliste.pdf", views.RankingPdfView.as_view(), name="ranking_pdf"),
    path(
        "turnier/<slug:slug>/spieler/<int:start_number>/", views.PlayerView.as_view(), name="player"
    ),
    path("turnier/<slug:slug>/statistik/", views.StatisticsView.as_view(), name="statistics"),
]
