"""The door: check-in with the Startgeld, its settings, the cash summary, the online
registrations linked to the register; the public registration form, its confirmation and
withdrawal links."""

from django.urls import path

from tournament.checkin import public_views, views

base = "turnier/<slug:slug>/leitung/"

urlpatterns = [
    path(base + "einlass/", views.CheckInView.as_view(), name="checkin"),
    path(base + "einlass/<int:pk>/", views.CheckInPlayerView.as_view(), name="checkin_player"),
    path(base + "einlass/nachmelden/", views.LateArrivalView.as_view(), name="checkin_late"),
    path(base + "einlass/einstellungen/", views.DoorSettingsView.as_view(), name="door_settings"),
    path(base + "kasse/", views.CashView.as_view(), name="cash"),
    path(base + "kasse.pdf", views.CashPdfView.as_view(), name="cash_pdf"),
    path(
        base + "anmeldungen/<int:pk>/kartei/",
        views.RegistrationLinkView.as_view(),
        name="registration_link",
    ),
]

public = [
    path(
        "turnier/<slug:slug>/anmeldung/",
        public_views.RegistrationView.as_view(),
        name="registration",
    ),
    path(
        "turnier/<slug:slug>/anmeldung/bestaetigen/<str:key>/",
        public_views.RegistrationConfirmView.as_view(),
        name="registration_confirm",
    ),
    path(
        "turnier/<slug:slug>/anmeldung/abmelden/<str:key>/",
        public_views.RegistrationWithdrawView.as_view(),
        name="registration_withdraw",
    ),
]
