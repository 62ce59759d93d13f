"""Seasons: kept by the organiser's register keepers; the season page, PDF and workbook are
public."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.seasons import views

base = "kartei/<slug:organiser>/saisons/"

urlpatterns = [
    path(base, views.SeasonListView.as_view(), name="seasons"),
    path(base + "neu/", views.SeasonEditView.as_view(), name="season_create"),
    path(base + "<int:pk>/", views.SeasonEditView.as_view(), name="season_edit"),
    path(
        base + "<int:pk>/turnier/<slug:slug>/entfernen/",
        views.SeasonTournamentRemoveView.as_view(),
        name="season_tournament_remove",
    ),
]

public = [
    path("saison/<slug:slug>/", views.SeasonView.as_view(), name="season"),
    path("saison/<slug:slug>/wertung.pdf", views.SeasonPdfView.as_view(), name="season_pdf"),
    path("saison/<slug:slug>/wertung.xlsx", views.SeasonXlsxView.as_view(), name="season_xlsx"),
]
