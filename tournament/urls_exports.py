"""Downloads of a tournament's data: the Excel workbook (issue 5)."""

from django.urls import path

from tournament import views_backup
from tournament import views_exports as views

base = "turnier/<slug:slug>/leitung/"

urlpatterns = [
    path(base + "export.xlsx", views.WorkbookView.as_view(), name="export_xlsx"),
    path(base + "sicherung.zip", views_backup.BackupView.as_view(), name="backup"),
]
