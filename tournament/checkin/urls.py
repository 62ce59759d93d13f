"""The door: check-in with the Startgeld, its settings, the cash summary, the online
registrations linked to the register; the public registration form, its confirmation and
withdrawal links."""

# Declared boilerplate (duplicates): its route list is alike in shape to every feature's urls.py.

from django.urls import path

from tournament.checkin import public_views, views
from tournament.web.url_prefixes import MANAGE, PUBLIC

urlpatterns = [
    path(MANAGE + "einlass/", views.CheckInView.as_view(), name="checkin"),
    path(MANAGE + "einlass/<int:pk>/", views.CheckInPlayerView.as_view(), name="checkin_player"),
    path(MANAGE + "einlass/nachmelden/", views.LateArrivalView.as_view(), name="checkin_late"),
    path(MANAGE + "einlass/einstellungen/", views.DoorSettingsView.as_view(), name="door_settings"),
    path(MANAGE + "kasse/", views.CashView.as_view(), name="cash"),
    path(MANAGE + "kasse.pdf", views.CashPdfView.as_view(), name="cash_pdf"),
    path(
        MANAGE + "anmeldungen/<int:pk>/kartei/",
        views.RegistrationLinkView.as_view(),
        name="registration_link",
    ),
]

public = [
    path(
        PUBLIC + "anmeldung/",
        public_views.RegistrationView.as_view(),
        name="registration",
    ),
    path(
        PUBLIC + "anmeldung/bestaetigen/<str:key>/",
        public_views.RegistrationConfirmView.as_view(),
        name="registration_confirm",
    ),
    # The mailed links' pages once the key is in the session (public_views.MailedLinkMixin).
    path(
        PUBLIC + "anmeldung/bestaetigen/",
        public_views.RegistrationConfirmView.as_view(),
        name="registration_confirm_page",
    ),
    path(
        PUBLIC + "anmeldung/abmelden/",
        public_views.RegistrationWithdrawView.as_view(),
        name="registration_withdraw_page",
    ),
    path(
        PUBLIC + "anmeldung/abmelden/<str:key>/",
        public_views.RegistrationWithdrawView.as_view(),
        name="registration_withdraw",
    ),
]
