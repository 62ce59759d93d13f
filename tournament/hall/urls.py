"""The hall: the Hallen-Aushang of a tournament (supervisor only)."""

from django.urls import path

from tournament.hall import views
from tournament.web.url_prefixes import MANAGE

urlpatterns = [
    path(
        MANAGE + "aushang.pdf",
        views.HallNoticeView.as_view(),
        name="hall_notice",
    ),
]
