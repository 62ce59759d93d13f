"""The team ranking's page (supervisor)."""

from django.urls import path

from tournament.teams import views
from tournament.web.url_prefixes import MANAGE

urlpatterns = [
    path(MANAGE + "mannschaften/", views.TeamsView.as_view(), name="teams"),
]
