"""Downloads of a tournament's data: the Excel workbook and the backup; restoring a backup;
importing a SchafkopfTurnier database into an organiser's register."""

from django.urls import path

from tournament.exchange import restore_view, views
from tournament.exchange.skt import views as skt_views
from tournament.web.url_prefixes import MANAGE

urlpatterns = [
    path(MANAGE + "export.xlsx", views.WorkbookView.as_view(), name="export_xlsx"),
    path(MANAGE + "sicherung.zip", views.BackupView.as_view(), name="backup"),
    path(MANAGE + "wiederherstellen/", restore_view.RestoreView.as_view(), name="restore"),
    path(
        "kartei/<slug:organiser>/schafkopfturnier/",
        skt_views.SktImportView.as_view(),
        name="skt_import",
    ),
]
