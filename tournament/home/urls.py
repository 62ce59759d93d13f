"""The front page: the list of tournaments."""

from django.urls import path

from tournament.home import views

urlpatterns: list = []

public = [path("", views.TournamentListView.as_view(), name="list")]
