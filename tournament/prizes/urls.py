"""The prize list, filled with names, its PDF and the certificates (supervisor)."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.prizes import views
from tournament.web.url_prefixes import MANAGE

base = MANAGE + "preise/"

urlpatterns = [
    path(base, views.PrizesView.as_view(), name="prizes"),
    path(base + "<int:pk>/entfernen/", views.PrizeDeleteView.as_view(), name="prize_delete"),
    path(base + "vergabe/", views.PrizesAwardedView.as_view(), name="prizes_awarded"),
    path(base + "preise.pdf", views.PrizesPdfView.as_view(), name="prizes_pdf"),
    path(base + "urkunden.pdf", views.CertificatesPdfView.as_view(), name="certificates_pdf"),
]
