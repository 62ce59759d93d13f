"""Where a login leads when no page asked for it: the supervisor to the day's steps of his
tournament, a clerk to its scoresheets of the last Durchgang drawn; anybody else to the list of
tournaments. The tournament is the newest one the user has a role in."""

from __future__ import annotations

from django.urls import reverse

from tournament.models import Membership


def landing_url(user) -> str:
    membership = (
        Membership.objects.filter(user=user)
        .select_related("tournament")
        .order_by("-tournament__date", "-tournament__pk")
        .first()
    )
    if membership is None:
        return reverse("tournament:list")
    tournament = membership.tournament
    if membership.role == Membership.Role.SUPERVISOR:
        return reverse("manage:dashboard", args=[tournament.slug])
    last = tournament.durchgaenge.order_by("-number").values_list("number", flat=True).first()
    if last is None:
        return reverse("tournament:list")
    return reverse("manage:sheets", args=[tournament.slug, last])
