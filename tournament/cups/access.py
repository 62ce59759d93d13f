"""Who reaches a cup's pages (`kartei/<organiser>/pokale/<cup>/`): the keepers of the
organiser in the address (its staff and superusers, tournament/persons/access.py), when that
organiser runs the cup (the cup organiser: everything) or is one of its members (its own
evenings only). Any other organiser's keepers get 404 for the cup; a member's keepers get 403
for the cup organiser's pages."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from tournament.models import Cup, CupMember, Organiser
from tournament.persons.access import register_keeper


class CupMixin:
    """Resolves `self.organiser` (its keepers only), `self.cup`, `self.owner` and `self.member`
    (the organiser's membership, or None); with `owner_only` only the cup organiser's keepers
    pass."""

    owner_only = False
    request: HttpRequest
    kwargs: dict[str, Any]

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.organiser = get_object_or_404(Organiser, slug=kwargs["organiser"])
        if not register_keeper(request.user, self.organiser):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        self.cup = get_object_or_404(Cup, slug=kwargs["cup"])
        self.owner = self.cup.organiser_id == self.organiser.pk
        self.member: CupMember | None = self.cup.members.filter(organiser=self.organiser).first()
        if not self.owner and self.member is None:
            raise Http404
        if self.owner_only and not self.owner:
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]

    def member_required(self) -> CupMember:
        """The organiser's membership; 403 for the cup organiser when it is no member."""
        if self.member is None:
            raise PermissionDenied
        return self.member

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)  # type: ignore[misc]
        context.update(organiser=self.organiser, cup=self.cup, owner=self.owner)
        context["member"] = self.member
        return context
