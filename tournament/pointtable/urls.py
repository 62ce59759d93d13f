"""The tournament's own point table, with a live example and the record of its changes."""

from django.urls import path

from tournament.pointtable.views import PointTableView
from tournament.web.url_prefixes import MANAGE

urlpatterns = [
    path(MANAGE + "punktetabelle/", PointTableView.as_view(), name="point_table"),
]
