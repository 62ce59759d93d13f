"""The person register (Spielerkartei) of an organiser, and the search a registration uses."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.persons import privacy_views, views
from tournament.web.url_prefixes import MANAGE

base = "kartei/<slug:organiser>/"

urlpatterns = [
    path(base, views.PersonListView.as_view(), name="persons"),
    path(base + "neu/", views.PersonCreateView.as_view(), name="person_create"),
    path(base + "doppelte/", views.DuplicatesView.as_view(), name="person_duplicates"),
    path(base + "zusammenfuehren/", views.PersonMergeView.as_view(), name="person_merge"),
    path(base + "auseinander/", views.PersonApartView.as_view(), name="person_apart"),
    path(base + "<int:pk>/", views.PersonDetailView.as_view(), name="person"),
    path(base + "<int:pk>/bearbeiten/", views.PersonEditView.as_view(), name="person_edit"),
    path(
        base + "<int:pk>/daten.json", privacy_views.PersonExportView.as_view(), name="person_export"
    ),
    path(base + "<int:pk>/loeschen/", privacy_views.PersonEraseView.as_view(), name="person_erase"),
    path(
        MANAGE + "personen/suche/",
        views.PersonSearchView.as_view(),
        name="person_search",
    ),
    path(MANAGE + "kartei/", views.RegisterOfView.as_view(), name="register"),
]
