"""The hall: the Hallen-Aushang of a tournament (supervisor only)."""

from django.urls import path

from tournament.hall import views

urlpatterns = [
    path(
        "turnier/<slug:slug>/leitung/aushang.pdf",
        views.HallNoticeView.as_view(),
        name="hall_notice",
    ),
]
