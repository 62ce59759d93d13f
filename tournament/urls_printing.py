"""Printed, signed scoresheets as PDF/A (issue 5): one table's, or a whole Durchgang's."""

from django.urls import path

from tournament import views_printing as views

durchgang = "turnier/<slug:slug>/leitung/durchgang/<int:number>/"
job = durchgang + "spiellisten-druck/<str:job>/"

urlpatterns = [
    path(durchgang + "spiellisten.pdf", views.SheetsPdfView.as_view(), name="sheets_pdf"),
    path(
        durchgang + "tisch/<int:table>/spielliste.pdf",
        views.SheetPdfView.as_view(),
        name="sheet_pdf",
    ),
    path(durchgang + "spiellisten-druck/", views.SheetsPrintView.as_view(), name="sheets_print"),
    path(job, views.SheetsProgressView.as_view(), name="sheets_print_progress"),
    path(job + "stand/", views.SheetsStatusView.as_view(), name="sheets_print_status"),
]
