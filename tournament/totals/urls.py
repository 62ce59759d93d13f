"""Totals per table (Summenliste): the lines of a Durchgang, one table's save, the switch."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.totals import views
from tournament.web.url_prefixes import MANAGE

durchgang = MANAGE + "durchgang/<int:number>/summen/"

urlpatterns = [
    path(durchgang, views.TotalsView.as_view(), name="totals"),
    path(durchgang + "tisch/<int:table>/", views.TotalsSaveView.as_view(), name="totals_save"),
    path(
        durchgang + "tisch/<int:table>/erfassung/",
        views.TableRecordingView.as_view(),
        name="table_recording",
    ),
]
