"""Registration: tournament settings, players, player-list import, clerks (supervisor only)."""

from django.urls import path

from tournament.registration import views

base = "turnier/<slug:slug>/leitung/"

urlpatterns = [
    path("turniere/neu/", views.TournamentCreateView.as_view(), name="tournament_create"),
    path(base, views.DashboardView.as_view(), name="dashboard"),
    path(base + "einstellungen/", views.TournamentEditView.as_view(), name="tournament_edit"),
    path(base + "spieler/", views.PlayersView.as_view(), name="players"),
    path(base + "spieler/import/", views.PlayersImportView.as_view(), name="players_import"),
    path(
        base + "spieler/import/bestaetigen/",
        views.PlayersImportConfirmView.as_view(),
        name="players_import_confirm",
    ),
    path(base + "spieler/startkarten.pdf", views.StartCardsView.as_view(), name="start_cards"),
    path(base + "spieler/<int:pk>/", views.PlayerEditView.as_view(), name="player_edit"),
    path(
        base + "spieler/<int:pk>/startkarte.pdf",
        views.StartCardsView.as_view(),
        name="player_start_card",
    ),
    path(
        base + "spieler/<int:pk>/ersatz/",
        views.PlayerSubstituteView.as_view(),
        name="player_substitute",
    ),
    path(
        base + "spieler/<int:pk>/zurueckziehen/",
        views.PlayerWithdrawView.as_view(),
        name="player_withdraw",
    ),
    path(base + "schreiber/", views.ClerkListView.as_view(), name="clerks"),
    path(
        base + "schreiber/<int:pk>/entfernen/",
        views.ClerkRemoveView.as_view(),
        name="clerk_remove",
    ),
]
