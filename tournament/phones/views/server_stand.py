"""The clerks' look at what the server has after a change of server: per table of a Durchgang
the games, the last game, when the last one was saved and which games a phone sent again, to
compare with the paper lists (tournament/phones/resend.py)."""

from __future__ import annotations

from django.utils import timezone
from django.views.generic import TemplateView

from tournament.phones.resend import server_stand
from tournament.web.access import CLERK, DurchgangMixin


class ServerStandView(DurchgangMixin, TemplateView):
    """GET: every table of the Durchgang as the server has it now."""

    required_role = CLERK
    template_name = "tournament/phones/server_stand.html"

    def get_context_data(self, **kwargs):
        durchgang = self.get_durchgang()
        stands = server_stand(durchgang)
        return super().get_context_data(
            durchgang=durchgang,
            stands=stands,
            games=sum(stand.games for stand in stands),
            resent=sum(len(stand.resent) for stand in stands),
            now=timezone.now(),
            **kwargs,
        )
