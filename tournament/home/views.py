"""The front page: the list of tournaments."""

from __future__ import annotations

from django.shortcuts import render

from tournament.home.listings import TournamentTable
from tournament.models import Tournament


def tournament_list(request):
    table = TournamentTable(Tournament.objects.all())
    return render(request, "tournament/home/list.html", {"table": table})
