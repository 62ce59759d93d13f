"""Read-only pages anyone may see. Management pages (issues 3-5) get their own urls.py."""

from django.urls import path

from tournament import views

app_name = "tournament"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("turnier/<slug:slug>/", views.ranking, name="ranking"),
    path("turnier/<slug:slug>/durchgang/<int:number>/tische/", views.tables, name="tables"),
]
