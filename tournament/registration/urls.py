"""Registration: tournament settings, players, player-list import, clerks (supervisor only)."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.registration import clerk_views, views
from tournament.web.url_prefixes import MANAGE

urlpatterns = [
    path("turniere/neu/", views.TournamentCreateView.as_view(), name="tournament_create"),
    path(MANAGE, views.DashboardView.as_view(), name="dashboard"),
    path(MANAGE + "einstellungen/", views.TournamentEditView.as_view(), name="tournament_edit"),
    path(MANAGE + "spieler/", views.PlayersView.as_view(), name="players"),
    path(MANAGE + "spieler/import/", views.PlayersImportView.as_view(), name="players_import"),
    path(
        MANAGE + "spieler/import/bestaetigen/",
        views.PlayersImportConfirmView.as_view(),
        name="players_import_confirm",
    ),
    path(MANAGE + "spieler/startkarten.pdf", views.StartCardsView.as_view(), name="start_cards"),
    path(MANAGE + "spieler/<int:pk>/", views.PlayerEditView.as_view(), name="player_edit"),
    path(
        MANAGE + "spieler/<int:pk>/startkarte.pdf",
        views.StartCardsView.as_view(),
        name="player_start_card",
    ),
    path(
        MANAGE + "spieler/<int:pk>/ersatz/",
        views.PlayerSubstituteView.as_view(),
        name="player_substitute",
    ),
    path(
        MANAGE + "spieler/<int:pk>/zurueckziehen/",
        views.PlayerWithdrawView.as_view(),
        name="player_withdraw",
    ),
    path(MANAGE + "schreiber/", clerk_views.ClerkListView.as_view(), name="clerks"),
    path(
        MANAGE + "schreiber/<int:pk>/entfernen/",
        clerk_views.ClerkRemoveView.as_view(),
        name="clerk_remove",
    ),
]
