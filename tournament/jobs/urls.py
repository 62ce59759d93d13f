"""The background jobs' pages (the signed sheets of a Durchgang keep theirs in
tournament/sheets/urls.py)."""

from django.urls import path

from tournament.jobs import views
from tournament.web.url_prefixes import MANAGE

job = MANAGE + "auftrag/<str:job>/"

urlpatterns = [
    path(MANAGE + "auftrag/neu/<str:kind>/", views.JobStartView.as_view(), name="job_start"),
    path(job, views.JobProgressView.as_view(), name="job"),
    path(job + "stand/", views.JobStatusView.as_view(), name="job_status"),
    path(job + "datei/", views.JobFileView.as_view(), name="job_file"),
]
