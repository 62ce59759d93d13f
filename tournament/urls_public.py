"""Read-only pages anyone may see (the ranking's once it is published). Management pages have
their own urls modules."""

from django.urls import path

from tournament import views, views_ranking
from tournament.views_table_link import PhoneSheetView

app_name = "tournament"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("turnier/<slug:slug>/", views_ranking.ranking, name="ranking"),
    path("turnier/<slug:slug>/leinwand/", views_ranking.projector, name="projector"),
    path("turnier/<slug:slug>/rangliste.pdf", views_ranking.ranking_download, name="ranking_pdf"),
    path("turnier/<slug:slug>/spieler/<int:start_number>/", views_ranking.player, name="player"),
    path("turnier/<slug:slug>/statistik/", views_ranking.statistics, name="statistics"),
    path("turnier/<slug:slug>/durchgang/<int:number>/tische/", views.tables, name="tables"),
    path("tisch/<str:token>/", PhoneSheetView.as_view(), name="phone_sheet"),
]
