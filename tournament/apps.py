from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in
from django.utils.translation import gettext_lazy as _

from config.sessions import staff_session_expiry


class TournamentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournament"
    verbose_name = _("Tournaments")

    def ready(self):
        user_logged_in.connect(staff_session_expiry, dispatch_uid="staff_session_expiry")
