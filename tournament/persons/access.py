"""Who keeps an organiser's person register and its seasons: its staff (`Organiser.staff`) and
superusers. A role in one of its tournaments (supervisor, clerk) does not: whoever may create a
tournament would keep a register by that alone. Everybody else gets 403 (or the login)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from tournament.models import Organiser


def register_keeper(user: User | AnonymousUser, organiser: Organiser) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_superuser or organiser.staff.filter(pk=user.pk).exists()


class OrganiserMixin:
    """Resolves `self.organiser` from the URL's `organiser` slug and checks the user keeps
    its register."""

    request: HttpRequest
    kwargs: dict[str, Any]

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.organiser = get_object_or_404(Organiser, slug=kwargs["organiser"])
        if not register_keeper(request.user, self.organiser):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)  # type: ignore[misc]
        context["organiser"] = self.organiser
        return context
