"""Who may create a tournament, and under which organiser.

A tournament's maker becomes its supervisor; the organiser it goes to is one he already serves
(`Organiser.staff`), so that creating a tournament opens nothing of an organiser he does not
serve. A superuser may create under any organiser. An installation with a single organiser (or
none yet) keeps it simple: any staff user creates under that one, without a choice, and becomes
its staff (so keeps its register and seasons, as the one club's Turnierleitung always did); that
is a grant in `Organiser.staff`, seen and taken back in the admin, not a tournament role."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from tournament.models import Organiser, organiser_default


def maker_organisers(user: User | AnonymousUser) -> list[Organiser] | None:
    """The organisers `user` may create a tournament under, by name: every one for a
    superuser, those he serves for any other staff user (none: he may not create one). None
    in an installation of a single organiser: the tournament goes to it (organiser_single)."""
    if Organiser.objects.count() <= 1:
        return None
    organisers = Organiser.objects.order_by("name", "slug")
    if not user.is_superuser:
        organisers = organisers.filter(staff__username=user.get_username())
    return list(organisers)


def organiser_single() -> Organiser:
    """The organiser of an installation that has one (made when there is none yet)."""
    return Organiser.objects.order_by("pk").first() or organiser_default()
