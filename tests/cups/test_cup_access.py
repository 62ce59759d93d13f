"""Who reaches which cup page: every cup URL, with each organiser's slug in the address, walked
by GET and POST as the keeper (staff) of each organiser, a supervisor of a member's tournament
(no keeper), and an anonymous visitor. The cup organiser's keeper manages the cup; a member's
keeper reaches the cup under its own organiser only, and there its own evenings (erasing a name
of an evening sent in: the sending member's keeper only); the keeper of
an organiser that is no member finds no cup (404); nothing a refused request sends changes
anything, and a member never sees another member's evening or register."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import standings_row
from tournament.models import CupEntry, CupEvent, CupFinal, Membership

pytestmark = pytest.mark.django_db

OWNER_PAGES = ("manage:cup_edit", "manage:cup_member_add", "manage:cup_member_key")
OWNER_PAGES += ("manage:cup_entry_withdraw", "manage:cup_persons", "manage:cup_final")
MEMBER_PAGES = ("manage:cup", "manage:cup_upload", "manage:cup_tournament_add")
# The evening's sending member only (the walk's evening is the guest member's).
SENDER_PAGES = ("manage:cup_entry_name_erase",)


@pytest.fixture
def walk(cup_world):
    guest_evening = CupEntry.objects.create(
        cup=cup_world.cup,
        member=cup_world.guest,
        source_slug="gastabend",
        name="Gastabend im Oktober",
        date=dt.date(2026, 10, 8),
        standings=[standings_row("Genoveva Gastspielerin", 1, 40)],
        signed_at=dt.datetime(2026, 10, 8, 23, tzinfo=dt.UTC),
    )
    supervisor = get_user_model().objects.create_user("heim-leitung", password="geheim-12345")
    Membership.objects.create(
        tournament=cup_world.home_tournament, user=supervisor, role=Membership.Role.SUPERVISOR
    )
    users = {f"{slug} staff": user for slug, user in cup_world.keepers.items()}
    users["heimverein supervisor"] = supervisor
    users["anonymous"] = None
    return cup_world, guest_evening, users


def url(name, organiser, cup_world, entry):
    args = [organiser, cup_world.cup.slug]
    if name == "manage:cup_member_key":
        args.append(cup_world.guest.pk)
    elif name in ("manage:cup_entry_withdraw", "manage:cup_entry_name_erase"):
        args.append(entry.pk)
    return reverse(name, args=args)


def expected(name, organiser, role) -> int:
    """200 (or 302 after a POST that was accepted or refused with a message) when the role
    may; else 403, 404, or the login."""
    if role == "anonymous":
        return 302
    keeper = role == f"{organiser} staff"
    if not keeper:
        return 403
    if organiser == "fremdverein":
        return 404  # no member: no cup
    if name in SENDER_PAGES and organiser != "gastverein":
        return 404  # another member's evening is not found
    if name in OWNER_PAGES and organiser != "pokalverein":
        return 403
    return 200


def test_every_cup_page_as_every_role_of_every_organiser(walk):
    cup_world, entry, users = walk
    before = CupEntry.objects.values_list("pk", "state", "digest", "signed_at")
    problems = []
    for role, user in users.items():
        client = Client()
        if user is not None:
            client.force_login(user)
        for organiser in ("pokalverein", "heimverein", "gastverein", "fremdverein"):
            for name in OWNER_PAGES + MEMBER_PAGES + SENDER_PAGES:
                address = url(name, organiser, cup_world, entry)
                want = expected(name, organiser, role)
                for method in ("get", "post"):
                    status = getattr(client, method)(address).status_code
                    ok = status == want or (
                        want == 200 and status in (302, 405)  # a POST form, refused/redirected
                    )
                    if want == 302:
                        ok = status == 302
                    if not ok:
                        problems.append(f"{role} {method} {address}: {status}, expected {want}")
    assert problems == []
    assert list(before) == list(CupEntry.objects.values_list("pk", "state", "digest", "signed_at"))
    assert not CupEvent.objects.exists() and not CupFinal.objects.exists()


def test_a_member_sees_its_own_evenings_only_and_no_other_register(walk):
    cup_world, entry, users = walk
    client = Client()
    client.force_login(users["heimverein staff"])
    page = client.get(reverse("manage:cup", args=["heimverein", cup_world.cup.slug]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "Gastabend im Oktober" not in text and "Genoveva" not in text
    assert "Schlüssel eintragen" not in text  # the members' keys are the cup organiser's
    for other in ("gastverein", "pokalverein"):
        register = client.get(reverse("manage:persons", args=[other]))
        assert register.status_code == 403


def test_the_cup_organiser_sees_every_evening_and_withdraws_with_a_reason(walk):
    cup_world, entry, users = walk
    client = Client()
    client.force_login(users["pokalverein staff"])
    page = client.get(reverse("manage:cup", args=["pokalverein", cup_world.cup.slug]))
    assert "Gastabend im Oktober" in page.content.decode()
    address = reverse(
        "manage:cup_entry_withdraw", args=["pokalverein", cup_world.cup.slug, entry.pk]
    )
    refused = client.post(address, {"reason": ""})
    assert refused.status_code == 200 and "Dieses Feld ist zwingend erforderlich" in (
        refused.content.decode()
    )
    assert client.post(address, {"reason": "Abend doppelt gemeldet"}).status_code == 302
    entry.refresh_from_db()
    assert (entry.state, entry.withdraw_reason) == ("withdrawn", "Abend doppelt gemeldet")
    assert list(entry.events.values_list("kind", "reason", "by__username")) == [
        ("withdrawn", "Abend doppelt gemeldet", "pokalverein-staff")
    ]
    page = client.get(reverse("tournament:cup_table", args=[cup_world.cup.slug]))
    assert "Genoveva" not in page.content.decode()


def test_a_member_counts_its_own_tournament_and_not_anothers(walk):
    cup_world, _entry, users = walk
    client = Client()
    client.force_login(users["heimverein staff"])
    address = reverse("manage:cup_tournament_add", args=["heimverein", cup_world.cup.slug])
    client.post(address, {"tournament": cup_world.guest_tournament.pk})
    assert not CupEntry.objects.filter(tournament__isnull=False).exists()
    assert client.post(address, {"tournament": cup_world.home_tournament.pk}).status_code == 302
    hosted = CupEntry.objects.get(tournament=cup_world.home_tournament)
    assert hosted.member == cup_world.home
