"""The front page: the list of tournaments."""

from __future__ import annotations

from django.views.generic import TemplateView

from tournament.home.listings import TournamentTable
from tournament.models import Tournament


class TournamentListView(TemplateView):
    template_name = "tournament/home/list.html"

    def get_context_data(self, **kwargs):
        table = TournamentTable(Tournament.objects.all())
        return super().get_context_data(table=table, **kwargs)
