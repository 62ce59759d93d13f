from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_delete
from django.utils.translation import gettext_lazy as _

from tournament.web.sessions import staff_session_expiry


class TournamentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournament"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Imported here, not at the top: they use the models, which are ready only now. Each
        # feature registers its kinds of background job (its jobs.py, tournament/jobs/registry.py);
        # the seasons' stored parts follow their tournaments (tournament/seasons/signals.py).
        import tournament.exchange.jobs
        import tournament.exchange.skt.jobs
        import tournament.ranking.jobs
        import tournament.seasons.signals
        import tournament.sheets.jobs  # noqa: F401
        from tournament.api.signals import api_signals_connect
        from tournament.scorekeeping.revisions import link_deleted

        user_logged_in.connect(staff_session_expiry, dispatch_uid="staff_session_expiry")
        api_signals_connect()  # the JSON API's versions follow the changes
        link = self.get_model("TableLink")
        post_delete.connect(link_deleted, sender=link, dispatch_uid="link_deleted")
