"""Scoresheets: entry by clerks, the supervisor's decisions, corrections, and the signed sheets
as PDF/A (one table's, or a whole Durchgang's as a print job)."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.sheets.views import closing, deletion, line_approval, printing, sheet, supervision
from tournament.web.url_prefixes import MANAGE

table = MANAGE + "durchgang/<int:number>/tisch/<int:table>/"
hand = table + "spiel/<int:hand>/"
durchgang = MANAGE + "durchgang/<int:number>/"
job = durchgang + "spiellisten-druck/<str:job>/"

urlpatterns = [
    path(
        MANAGE + "durchgang/<int:number>/spiellisten/",
        sheet.SheetListView.as_view(),
        name="sheets",
    ),
    path(table, sheet.SheetView.as_view(), name="sheet"),
    path(table + "spiel/", sheet.HandEnterView.as_view(), name="hand_enter"),
    path(table + "vorschau/", sheet.HandPreviewView.as_view(), name="hand_preview"),
    path(table + "unterschrift/", sheet.SignView.as_view(), name="sign"),
    path(table + "abschliessen/", closing.CloseView.as_view(), name="close"),
    path(table + "korrektur/", supervision.CorrectionRequestView.as_view(), name="correct"),
    path(hand, sheet.HandDetailView.as_view(), name="hand"),
    path(hand + "loeschen/", deletion.HandDeleteView.as_view(), name="hand_delete"),
    path(
        table + "verlauf/<int:event>/wiederherstellen/",
        deletion.HandRestoreView.as_view(),
        name="hand_restore",
    ),
    path(hand + "genehmigen/", supervision.ApproveView.as_view(), name="approve"),
    path(hand + "genehmigen-zeile/", line_approval.LineApproveView.as_view(), name="line_approve"),
    path(hand + "ablehnen/", supervision.RefuseView.as_view(), name="refuse"),
    path(hand + "streichen/", supervision.StrikeView.as_view(), name="strike"),
    path(hand + "strafe/", supervision.SanctionView.as_view(), name="sanction"),
    path(MANAGE + "genehmigungen/", supervision.ApprovalQueueView.as_view(), name="approvals"),
    path(MANAGE + "korrekturen/", supervision.CorrectionQueueView.as_view(), name="corrections"),
    path(
        MANAGE + "korrekturen/<int:pk>/",
        supervision.CorrectionDecideView.as_view(),
        name="correction_decide",
    ),
    path(durchgang + "spiellisten.pdf", printing.SheetsPdfView.as_view(), name="sheets_pdf"),
    path(
        durchgang + "tisch/<int:table>/spielliste.pdf",
        printing.SheetPdfView.as_view(),
        name="sheet_pdf",
    ),
    path(durchgang + "spiellisten-druck/", printing.SheetsPrintView.as_view(), name="sheets_print"),
    path(job, printing.SheetsProgressView.as_view(), name="sheets_print_progress"),
    path(job + "stand/", printing.SheetsStatusView.as_view(), name="sheets_print_status"),
]
