"""Who may do what in a tournament: deny by default, checked for the tournament of the object.

Roles: the supervisor (Turnierleitung) may do everything in the tournament, a clerk (Schreiber)
enters games; everybody else only sees what is published. A superuser counts as supervisor of
every tournament.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from tournament.models import Membership, Tournament
from tournament.scorekeeping.deck import deck_activate

SUPERVISOR = Membership.Role.SUPERVISOR
CLERK = Membership.Role.CLERK
GRANTS: dict[str, set[str]] = {SUPERVISOR: {SUPERVISOR, CLERK}, CLERK: {CLERK}}


def tournament_role(user, tournament: Tournament) -> str | None:
    """The user's role in the tournament, or None."""
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return SUPERVISOR
    return (
        Membership.objects.filter(tournament=tournament, user=user)
        .values_list("role", flat=True)
        .first()
    )


def tournament_with_role(slug: str, user) -> tuple[Tournament, str | None]:
    """The tournament under `slug` (404 when there is none) and the user's role in it, read
    together in one query."""
    tournaments = Tournament.objects.filter(slug=slug)
    member = user.is_authenticated and not user.is_superuser
    if member:
        roles = Membership.objects.filter(tournament=OuterRef("pk"), user=user).order_by("pk")
        tournaments = tournaments.annotate(user_role=Subquery(roles.values("role")[:1]))
    tournament = get_object_or_404(tournaments)
    if member:
        return tournament, tournament.user_role  # type: ignore[attr-defined]
    return tournament, SUPERVISOR if user.is_authenticated else None


def role_allows(role: str | None, required: str) -> bool:
    return role is not None and required in GRANTS[role]


class TournamentMixin:
    """Resolves `self.tournament` from the URL's slug and checks the user's role in it.

    `required_role` is the least role a user needs (default: supervisor); anonymous visitors
    are sent to the login, logged-in users without the role get 403.
    """

    required_role: str = SUPERVISOR
    # Set by the view this is mixed into (View.setup).
    request: HttpRequest
    kwargs: dict[str, Any]

    def dispatch(self, request, *args, **kwargs):
        self.tournament, self.role = tournament_with_role(kwargs["slug"], request.user)
        deck_activate(self.tournament.deck)  # its cards' names for the rest of the request
        if not role_allows(self.role, self.required_role):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(tournament=self.tournament, role=self.role)
        return context


class DurchgangMixin(TournamentMixin):
    """A page of one Durchgang of the tournament (`number` in the URL)."""

    def get_durchgang(self):
        return get_object_or_404(self.tournament.durchgaenge, number=self.kwargs["number"])


class PublicPageMixin:
    """A page anyone may see, kept for anonymous visitors by the public cache
    (`public_page_cached` on the view's `dispatch`, tournament/web/page_cache.py); what it
    shows before it is published is the view's to refuse. The cache stores the response's
    content, so the page is rendered at once rather than on its way out."""

    request: HttpRequest  # set by the view this is mixed into (View.setup)

    def render_to_response(self, context, **response_kwargs):
        return super().render_to_response(context, **response_kwargs).render()
