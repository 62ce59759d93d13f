"""Read-only pages anyone may see (the ranking's once it is published). Management pages have
their own urls modules."""

from django.urls import path

from tournament import views, views_ranking
from tournament import views_phone as phone

app_name = "tournament"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("turnier/<slug:slug>/", views_ranking.ranking, name="ranking"),
    path("turnier/<slug:slug>/leinwand/", views_ranking.projector, name="projector"),
    path("turnier/<slug:slug>/rangliste.pdf", views_ranking.ranking_download, name="ranking_pdf"),
    path("turnier/<slug:slug>/spieler/<int:start_number>/", views_ranking.player, name="player"),
    path("turnier/<slug:slug>/statistik/", views_ranking.statistics, name="statistics"),
    path("turnier/<slug:slug>/durchgang/<int:number>/tische/", views.tables, name="tables"),
    path("tisch/<str:token>/", phone.PhoneSheetView.as_view(), name="phone_sheet"),
    path("tisch/<str:token>/stand/", phone.PhoneStateView.as_view(), name="phone_state"),
    path("tisch/<str:token>/eingabe/", phone.PhoneEntryView.as_view(), name="phone_entry"),
    path("tisch/<str:token>/schreiber/", phone.PhoneKeeperView.as_view(), name="phone_keeper"),
    path("tisch/<str:token>/bestaetigen/", phone.PhoneConfirmView.as_view(), name="phone_confirm"),
]
