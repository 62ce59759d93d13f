"""Read-only pages: the tournament list, a tournament's ranking, published table assignments."""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournament.access import tournament_role
from tournament.models import Seat, Tournament
from tournament.services.public_cache import public_page_cached, text
from tournament.tables import TournamentTable


def tournament_list(request):
    table = TournamentTable(Tournament.objects.all())
    return render(request, "tournament/list.html", {"table": table})


@public_page_cached(query={"q": text})
def tables(request, slug: str, number: int):
    """The table assignments of a Durchgang: public once published, else for its staff only."""
    tournament = get_object_or_404(Tournament, slug=slug)
    durchgang = get_object_or_404(tournament.durchgaenge, number=number)
    if not durchgang.published and tournament_role(request.user, tournament) is None:
        raise Http404
    query = request.GET.get("q", "").strip()
    seats = (
        Seat.objects.filter(durchgang=durchgang)
        .select_related("player", "table")
        .order_by("player__name", "player__start_number")
    )
    if query:
        seats = seats.filter(Q(player__name__icontains=query) | Q(player__ident=query))
    context = {"tournament": tournament, "durchgang": durchgang, "seats": seats, "q": query}
    return render(request, "tournament/tables_public.html", context)
