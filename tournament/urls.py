"""The site's pages, gathered from the features: management pages (supervisor and clerks) under
the namespace `manage`; `urls_public` gathers the pages anyone may see."""

from django.urls import include, path

app_name = "manage"

FEATURES = (
    "registration",
    "pointtable",
    "draw",
    "sheets",
    "phones",
    "exchange",
    "jobs",
    "ranking",
    "hall",
    "persons",
    "checkin",
    "prizes",
    "teams",
    "seasons",
    "cups",
    "totals",
)

urlpatterns = [path("", include(f"tournament.{feature}.urls")) for feature in FEATURES]
