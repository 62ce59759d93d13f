"""The front page: the list of tournaments; the login, which leads the staff to their work."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.views.generic import TemplateView

from tournament.home.landing import landing_url
from tournament.home.listings import TournamentTable
from tournament.models import Tournament
from tournament.web.login import LoginForm


class TournamentListView(TemplateView):
    template_name = "tournament/home/list.html"

    def get_context_data(self, **kwargs):
        tournaments = Tournament.objects.all()
        if not self.request.user.is_authenticated:
            # A draft (not announced) is on no public list; the staff, logged in, see it.
            tournaments = tournaments.filter(announced=True)
        table = TournamentTable(tournaments)
        return super().get_context_data(table=table, **kwargs)


class LoginView(auth_views.LoginView):
    """Django's login; without a page asked for (`next`), the user's own work
    (`landing_url`)."""

    authentication_form = LoginForm

    def get_default_redirect_url(self) -> str:
        return landing_url(self.request.user)
