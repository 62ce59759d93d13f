"""Who creates a tournament under which organiser, and what that opens.

An installation hosts organiser A (`standard`, the default) and B. A tournament goes to an
organiser its maker already serves (`Organiser.staff`): B's organiser staff creates B's
tournaments, and becoming their supervisor opens nothing of A. A tournament role alone never
opens an organiser's person register or seasons: only its staff and superusers keep them
(tournament/persons/access.py). An installation with a single organiser keeps it simple: any
staff user creates under it, without a choice, and becomes its staff."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.registration.helpers import settings_post
from tests.web.walk_helpers import ACCESS, KEEPER, url_patterns
from tournament.models import Membership, Organiser, Season, Tournament, organiser_default
from tournament.persons.services import person_create

pytestmark = pytest.mark.django_db

CREATE = reverse("manage:tournament_create")
A_EMAIL, A_PHONE = "anna.aberl@mail.invalid", "0171-5550111"


def staff_user(name: str, *serves: Organiser, **extra):
    user = get_user_model().objects.create_user(name, is_staff=True, **extra)
    for organiser in serves:
        organiser.staff.add(user)
    return user


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def a() -> Organiser:
    """A, the default organiser: a person with e-mail and phone, a season of a tournament."""
    organiser = organiser_default()
    person_create(organiser=organiser, name="Anna Aberl", email=A_EMAIL, phone=A_PHONE)
    tournament = Tournament.objects.create(name="A-Cup", slug="a-cup", date="2026-10-03")
    season = Season.objects.create(organiser=organiser, name="Jahreswertung A", slug="jahr-a")
    season.tournaments.add(tournament)
    return organiser


@pytest.fixture
def b(a) -> Organiser:
    return Organiser.objects.create(name="B-Verein", slug="b-verein")


def register_and_season_urls(organiser: Organiser) -> list[str]:
    """Every URL of the register's and the seasons' pages (KEEPER in the walks) of
    `organiser`, filled with its own person, season and the season's tournament."""
    person, season = organiser.persons.get(), organiser.seasons.get()
    urls = []
    for name, arguments in url_patterns():
        if ACCESS.get(name) != KEEPER or "cup" in arguments:
            continue  # the cups' pages are walked by tests/cups/test_cup_access.py
        fill = {
            "organiser": organiser.slug,
            "slug": season.tournaments.get().slug,
            "pk": season.pk if name.startswith("manage:season") else person.pk,
        }
        urls.append(reverse(name, kwargs={key: fill[key] for key in arguments}))
    return urls


def test_bs_staff_creates_a_tournament_of_b_and_then_reads_nothing_of_as_register(a, b):
    maker = staff_user("b-kassier", b)
    client = client_of(maker)
    page = client.get(CREATE)
    assert page.status_code == 200
    assert 'name="organiser"' not in page.content.decode()  # he serves one: no choice
    response = client.post(CREATE, settings_post(name="B-Cup"))
    tournament = Tournament.objects.get(name="B-Cup")
    assert response["Location"] == reverse("manage:dashboard", args=[tournament.slug])
    assert tournament.organiser == b
    assert tournament.memberships.get(user=maker).role == Membership.Role.SUPERVISOR
    urls = register_and_season_urls(a)
    assert len(urls) >= 12  # persons, a person, export, erasure, merge, seasons, ...
    answers = {}
    for url in urls:
        for method in ("get", "post"):
            response = getattr(client, method)(url)
            answers[f"{method.upper()} {url}"] = response.status_code
            assert A_EMAIL not in response.content.decode()
            assert A_PHONE not in response.content.decode()
    assert set(answers.values()) == {403}, answers
    assert a.persons.get().email == A_EMAIL and a.seasons.get().tournaments.count() == 1
    # The tournament's own page into the register leads to B's, which he serves.
    assert client.get(reverse("manage:persons", args=[b.slug])).status_code == 200


def test_a_supervisor_of_as_tournament_alone_keeps_no_register(a):
    """Not even the default organiser's: the supervisor of one of its tournaments who is not
    its staff gets 403 from its register and seasons; its staff gets them."""
    tournament = Tournament.objects.get(slug="a-cup")
    boss = get_user_model().objects.create_user("leitung-a")
    Membership.objects.create(tournament=tournament, user=boss, role=Membership.Role.SUPERVISOR)
    client = client_of(boss)
    urls = register_and_season_urls(a)
    assert {client.get(url).status_code for url in urls} == {403}
    dashboard = client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    assert reverse("manage:register", args=[tournament.slug]) not in dashboard
    a.staff.add(boss)
    assert client.get(reverse("manage:person_export", args=[a.slug, a.persons.get().pk])).json()
    dashboard = client.get(reverse("manage:dashboard", args=[tournament.slug])).content.decode()
    assert reverse("manage:register", args=[tournament.slug]) in dashboard


def test_who_serves_several_organisers_chooses_one_of_his_own(a, b):
    c = Organiser.objects.create(name="C-Liga", slug="c-liga")
    client = client_of(staff_user("bezirk", a, b))
    page = client.get(CREATE).content.decode()
    assert 'name="organiser"' in page
    assert "B-Verein" in page and "Veranstalter" in page and "C-Liga" not in page
    missing = client.post(CREATE, settings_post(name="Cup ohne"))
    assert missing.status_code == 200
    assert "organiser" in missing.context["form"].errors
    foreign = client.post(CREATE, settings_post(name="Cup fremd", organiser=c.pk))
    assert foreign.status_code == 200
    assert "gültige Auswahl" in foreign.context["form"].errors["organiser"][0]
    assert not Tournament.objects.filter(name__startswith="Cup ").exists()
    client.post(CREATE, settings_post(name="Cup B", organiser=b.pk))
    assert Tournament.objects.get(name="Cup B").organiser == b


def test_who_serves_no_organiser_of_several_is_told_and_creates_nothing(a, b):
    client = client_of(staff_user("niemands"))
    page = client.get(CREATE)
    assert page.status_code == 403
    assert "Sie betreuen keinen Veranstalter" in page.content.decode()
    assert 'name="name"' not in page.content.decode()
    response = client.post(CREATE, settings_post(name="Cup niemand"))
    assert response.status_code == 403
    assert not Tournament.objects.filter(name="Cup niemand").exists()


def test_a_superuser_chooses_any_organiser(a, b):
    boss = staff_user("chefin", is_superuser=True)
    client = client_of(boss)
    page = client.get(CREATE).content.decode()
    assert "B-Verein" in page and "Veranstalter" in page
    client.post(CREATE, settings_post(name="Cup A", organiser=a.pk))
    assert Tournament.objects.get(name="Cup A").organiser == a


def test_an_installation_of_one_organiser_needs_no_choice_and_makes_the_maker_its_staff(db):
    """Any staff user creates under the single organiser, without a choice, and becomes its
    staff: he keeps its register as the one club's Turnierleitung did before organisers had
    staff. His tournament's clerk does not."""
    club = Organiser.objects.create(name="Heimverein", slug="heimverein")
    person_create(organiser=club, name="Anna Aberl", email=A_EMAIL)
    maker = staff_user("chef")
    client = client_of(maker)
    page = client.get(CREATE).content.decode()
    assert 'name="organiser"' not in page
    client.post(CREATE, settings_post(name="Cup"))
    cup = Tournament.objects.get(name="Cup")
    assert cup.organiser == club
    assert Organiser.objects.count() == 1  # not a second, default organiser
    assert list(club.staff.all()) == [maker]
    assert client.get(reverse("manage:persons", args=[club.slug])).status_code == 200
    clerk = get_user_model().objects.create_user("schreiberin")
    Membership.objects.create(tournament=cup, user=clerk, role=Membership.Role.CLERK)
    assert client_of(clerk).get(reverse("manage:persons", args=[club.slug])).status_code == 403
