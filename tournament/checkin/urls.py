"""The door: check-in with the Startgeld, its settings, the cash summary; the public
registration form."""

from django.urls import path

from tournament.checkin import views

base = "turnier/<slug:slug>/leitung/"

urlpatterns = [
    path(base + "einlass/", views.CheckInView.as_view(), name="checkin"),
    path(base + "einlass/<int:pk>/", views.CheckInPlayerView.as_view(), name="checkin_player"),
    path(base + "einlass/nachmelden/", views.LateArrivalView.as_view(), name="checkin_late"),
    path(base + "einlass/einstellungen/", views.DoorSettingsView.as_view(), name="door_settings"),
    path(base + "kasse/", views.CashView.as_view(), name="cash"),
    path(base + "kasse.pdf", views.CashPdfView.as_view(), name="cash_pdf"),
]

public = [
    path("turnier/<slug:slug>/anmeldung/", views.RegistrationView.as_view(), name="registration"),
]
