"""The tournament's own point table, with a live example and the record of its changes."""

from django.urls import path

from tournament.pointtable.views import PointTableView

urlpatterns = [
    path(
        "turnier/<slug:slug>/leitung/punktetabelle/", PointTableView.as_view(), name="point_table"
    ),
]
