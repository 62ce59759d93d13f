"""The draw (Auslosung) of each Durchgang, its printouts and publishing."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.draw.views import actions, pages
from tournament.web.url_prefixes import MANAGE, PUBLIC

base = MANAGE + "durchgang/"

urlpatterns = [
    path(
        MANAGE + "durchgaenge/",
        pages.DurchgangListView.as_view(),
        name="durchgaenge",
    ),
    path(base + "<int:number>/", pages.DurchgangDetailView.as_view(), name="durchgang"),
    path(base + "<int:number>/auslosen/", actions.DurchgangDrawView.as_view(), name="draw"),
    path(base + "<int:number>/tausch/", actions.SeatSwapView.as_view(), name="swap"),
    path(base + "<int:number>/veroeffentlichen/", pages.PublishView.as_view(), name="publish"),
    path(base + "<int:number>/druck/<str:kind>.pdf", pages.PrintoutView.as_view(), name="print"),
]

public = [
    path(
        PUBLIC + "durchgang/<int:number>/tische/",
        pages.TablesView.as_view(),
        name="tables",
    ),
]
