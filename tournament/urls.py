"""Management pages of tournaments (supervisor and clerks); public pages are in urls_public."""

from django.urls import include, path

app_name = "manage"

urlpatterns = [
    path("", include("tournament.urls_registration")),
    path("", include("tournament.urls_draw")),
    path("", include("tournament.urls_sheet")),
    path("", include("tournament.urls_printing")),
    path("", include("tournament.urls_exports")),
    path("", include("tournament.urls_ranking")),
]
