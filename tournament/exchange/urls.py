"""Downloads of a tournament's data: the Excel workbook and the backup; restoring a backup;
importing a SchafkopfTurnier database into an organiser's register."""

from django.urls import path

from tournament.exchange import restore_view, views
from tournament.exchange.skt import views as skt_views

base = "turnier/<slug:slug>/leitung/"

urlpatterns = [
    path(base + "export.xlsx", views.WorkbookView.as_view(), name="export_xlsx"),
    path(base + "sicherung.zip", views.BackupView.as_view(), name="backup"),
    path(base + "wiederherstellen/", restore_view.RestoreView.as_view(), name="restore"),
    path(
        "kartei/<slug:organiser>/schafkopfturnier/",
        skt_views.SktImportView.as_view(),
        name="skt_import",
    ),
]
