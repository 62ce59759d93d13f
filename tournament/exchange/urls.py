"""Downloads of a tournament's data: the Excel workbook and the backup."""

from django.urls import path

from tournament.exchange import restore_view, views

base = "turnier/<slug:slug>/leitung/"

urlpatterns = [
    path(base + "export.xlsx", views.WorkbookView.as_view(), name="export_xlsx"),
    path(base + "sicherung.zip", views.BackupView.as_view(), name="backup"),
    path(base + "wiederherstellen/", restore_view.RestoreView.as_view(), name="restore"),
]
