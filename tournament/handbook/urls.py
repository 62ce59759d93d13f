"""The handbook's addresses: public, for everybody at the tournament."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.handbook import views

urlpatterns: list = []

public = [
    path("hilfe/", views.HandbookView.as_view(), name="handbook"),
    path("hilfe/handbuch.pdf", views.HandbookPdfView.as_view(), name="handbook_pdf"),
    path("hilfe/schreiber-karte.pdf", views.ClerkCardPdfView.as_view(), name="clerk_card"),
]
