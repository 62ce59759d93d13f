"""Cups: kept by the keepers of the cup organiser and of its members (tournament/cups/access.py);
the cup table is public."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.cups import erasure_views, final_views, transfer_views, views

base = "kartei/<slug:organiser>/pokale/"
cup = base + "<slug:cup>/"

urlpatterns = [
    path(base, views.CupListView.as_view(), name="cups"),
    path(base + "neu/", views.CupCreateView.as_view(), name="cup_create"),
    path(cup, views.CupView.as_view(), name="cup"),
    path(cup + "einstellungen/", views.CupEditView.as_view(), name="cup_edit"),
    path(cup + "mitglieder/", views.CupMemberAddView.as_view(), name="cup_member_add"),
    path(
        cup + "mitglieder/<int:pk>/schluessel/",
        views.CupMemberKeyView.as_view(),
        name="cup_member_key",
    ),
    path(cup + "turnier/", views.CupTournamentAddView.as_view(), name="cup_tournament_add"),
    path(cup + "hochladen/", transfer_views.CupUploadView.as_view(), name="cup_upload"),
    path(
        cup + "abend/<int:pk>/zurueckziehen/",
        views.CupEntryWithdrawView.as_view(),
        name="cup_entry_withdraw",
    ),
    path(
        cup + "abend/<int:pk>/name-loeschen/",
        erasure_views.CupEntryNameEraseView.as_view(),
        name="cup_entry_name_erase",
    ),
    path(cup + "personen/", final_views.CupPersonsView.as_view(), name="cup_persons"),
    path(cup + "finale/", final_views.CupFinalView.as_view(), name="cup_final"),
    path(
        "kartei/<slug:organiser>/pokal-schluessel/",
        transfer_views.CupKeyView.as_view(),
        name="cup_key",
    ),
    path(
        "kartei/<slug:organiser>/pokal-schluessel/schluessel.json",
        transfer_views.CupKeyFileView.as_view(),
        name="cup_key_file",
    ),
    path(
        "kartei/<slug:organiser>/pokal-datei/<slug:slug>/",
        transfer_views.CupExportView.as_view(),
        name="cup_export",
    ),
]

public = [
    path("pokal/<slug:cup>/", views.CupTableView.as_view(), name="cup_table"),
    path("pokal/<slug:cup>/wertung.pdf", views.CupTablePdfView.as_view(), name="cup_table_pdf"),
    path("pokal/<slug:cup>/wertung.xlsx", views.CupTableXlsxView.as_view(), name="cup_table_xlsx"),
]
