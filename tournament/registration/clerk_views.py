"""The clerks' page of the supervisor: who may enter games in his tournament."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournament.models import Membership
from tournament.registration.forms import ClerkForm
from tournament.registration.members import clerk_add, clerk_remove
from tournament.web.access import TournamentMixin

TEMPLATES = "tournament/registration/"


class ClerkListView(TournamentMixin, TemplateView):
    """The supervisor manages who may enter games (clerks) in this tournament."""

    template_name = TEMPLATES + "clerks.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["members"] = self.tournament.memberships.select_related("user").order_by(
            "role", "user__username"
        )
        context["form"] = kwargs.get("form") or ClerkForm(tournament=self.tournament)
        return context

    def post(self, request, slug):
        form = ClerkForm(request.POST, tournament=self.tournament)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form), status=400)
        user, created = clerk_add(
            tournament=self.tournament,
            user=form.cleaned_data["user"],
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password"],
        )
        if created:
            messages.success(request, _("%(name)s is a clerk now.") % {"name": user.username})
        else:
            messages.info(
                request,
                _("%(name)s has a role in this tournament already.") % {"name": user.username},
            )
        return redirect("manage:clerks", slug=slug)


class ClerkRemoveView(TournamentMixin, View):
    http_method_names = ["post"]

    def post(self, request, slug, pk):
        membership = get_object_or_404(
            Membership, pk=pk, tournament=self.tournament, role=Membership.Role.CLERK
        )
        clerk_remove(membership=membership)
        messages.success(
            request, _("%(name)s is no longer a clerk.") % {"name": membership.user.username}
        )
        return redirect("manage:clerks", slug=slug)
