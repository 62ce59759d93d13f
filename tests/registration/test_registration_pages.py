"""Registration pages: tournament settings, players, substitutes — for every role."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from tests.registration.helpers import settings_post
from tournament.models import Player, Seat, Tournament
from tournament.ranking.standings import standings_compute
from tournament.registration.forms import TournamentForm
from tournament.sheets.services.hands import hand_record

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "clerk", "other_clerk", "supervisor"]
EXPECTED = {"anonymous": 302, "clerk": 403, "other_clerk": 403, "supervisor": 200}
SLUG = "beispielturnier-2026"
TOURNAMENT_PAGES = ("dashboard", "tournament_edit", "players", "players_import")
PLAYER_PAGES = ("player_edit", "player_substitute")


def _players(tournament) -> dict[str, Player]:
    return {p.ident: p for p in tournament.players.all()}


def _login(client, request, role):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))


@pytest.fixture
def boss(client, supervisor):
    """The supervisor's browser, in English (the German catalogue is the lead's)."""
    client.force_login(supervisor)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


@pytest.fixture
def staff(client, db):
    client.force_login(get_user_model().objects.create_user("chef", is_staff=True))
    return client


# --- who may see and do what ---------------------------------------------------------------


def _player_pk():
    return Player.objects.get(tournament__slug=SLUG, ident="P0001").pk


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", TOURNAMENT_PAGES + PLAYER_PAGES)
def test_the_registration_pages_show_only_to_the_supervisor(
    client, request, supervisor, role, name
):
    _login(client, request, role)
    args = [SLUG, _player_pk()] if name in PLAYER_PAGES else [SLUG]
    response = client.get(reverse(f"manage:{name}", args=args))
    assert response.status_code == EXPECTED[role]
    if role == "anonymous":
        assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("role", ["anonymous", "clerk", "other_clerk"])
def test_nobody_but_the_supervisor_changes_players_or_settings(
    client, request, supervisor, example_tournament, role
):
    _login(client, request, role)
    pk = _player_pk()
    before = list(Player.objects.order_by("pk").values())
    posts = [
        ("manage:players", [SLUG], {"name": "Eindringling"}),
        ("manage:player_edit", [SLUG, pk], {"name": "X", "start_number": 99}),
        ("manage:player_withdraw", [SLUG, pk], {}),
        ("manage:player_substitute", [SLUG, pk], {"name": "Ersatz"}),
        ("manage:players_import", [SLUG], {}),
        ("manage:players_import_confirm", [SLUG], {"token": "x"}),
        ("manage:tournament_edit", [SLUG], settings_post(example_tournament, name="Gekapert")),
    ]
    for name, args, data in posts:
        response = client.post(reverse(name, args=args), data)
        assert response.status_code == (302 if role == "anonymous" else 403), name
    assert list(Player.objects.order_by("pk").values()) == before
    example_tournament.refresh_from_db()
    assert example_tournament.name == "Beispielturnier 2026"


def test_a_player_of_another_tournament_is_not_found_under_this_one(client, supervisor, fresh):
    client.force_login(supervisor)
    stranger = Player.objects.get(tournament=fresh, ident="1")
    for name in ("manage:player_edit", "manage:player_substitute", "manage:player_withdraw"):
        response = client.post(reverse(name, args=[SLUG, stranger.pk]), {"name": "X"})
        assert response.status_code == 404
    stranger.refresh_from_db()
    assert (stranger.name, stranger.withdrawn) == ("Spieler 1", False)


def test_the_dashboard_links_to_settings_players_import_and_durchgaenge(boss):
    text = boss.get(reverse("manage:dashboard", args=[SLUG])).content.decode()
    for name in ("tournament_edit", "players", "players_import", "durchgaenge"):
        assert f'href="{reverse(f"manage:{name}", args=[SLUG])}"' in text


# --- creating and editing a tournament -------------------------------------------------------


def test_creating_a_tournament_needs_a_logged_in_staff_user(client, clerk):
    url = reverse("manage:tournament_create")
    assert client.get(url)["Location"].startswith("/accounts/login/")
    client.force_login(clerk)
    assert client.get(url).status_code == 403
    assert client.post(url, {"name": "X", "date": "2026-12-05"}).status_code == 403
    assert not Tournament.objects.filter(name="X").exists()


def test_a_staff_user_creates_a_tournament_and_becomes_its_supervisor(staff):
    data = settings_post(
        name="Herbstturnier", venue="Gasthof Post", games_per_durchgang=40, number_of_durchgaenge=3,
        contracts=["rufspiel", "solo", "wenz", "geier"], tiebreak="solos", separate_clubs="on",
    )  # fmt: skip
    assert staff.get(reverse("manage:tournament_create")).status_code == 200
    response = staff.post(reverse("manage:tournament_create"), data)
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert response["Location"] == reverse("manage:dashboard", args=[tournament.slug])
    assert tournament.slug == "herbstturnier-2026-12-05"
    assert tournament.contracts == ["rufspiel", "solo", "wenz", "geier"]
    assert (tournament.games_per_durchgang, tournament.number_of_durchgaenge) == (40, 3)
    assert tournament.separate_clubs and tournament.tiebreak == "solos"
    assert len(tournament.lot_seed) == 16
    assert tournament.memberships.get().role == "supervisor"
    assert staff.get(reverse("manage:players", args=[tournament.slug])).status_code == 200
    staff.post(reverse("manage:tournament_create"), data)  # the same name and date again
    assert Tournament.objects.filter(slug="herbstturnier-2026-12-05-2").exists()


def test_bad_settings_are_named_next_to_their_fields(staff):
    data = settings_post(
        contracts=["solo", "wenz"], games_per_durchgang=0, number_of_durchgaenge=21
    )
    response = staff.post(reverse("manage:tournament_create"), data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert set(errors) == {"contracts", "games_per_durchgang", "number_of_durchgaenge"}
    assert "größer oder gleich 1" in errors["games_per_durchgang"][0]  # Django's own German
    assert not Tournament.objects.filter(name="Cup").exists()
    staff.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = staff.post(reverse("manage:tournament_create"), data)
    assert response.context["form"].errors["contracts"] == ["The Rufspiel must stay allowed."]


def test_the_supervisor_changes_the_rules_while_no_game_is_recorded(boss, fresh):
    url = reverse("manage:tournament_edit", args=["frisch"])
    data = settings_post(fresh, games_per_durchgang=48, number_of_durchgaenge=3, name="Neu")
    assert boss.post(url, data).status_code == 302
    fresh.refresh_from_db()
    assert (fresh.name, fresh.games_per_durchgang, fresh.number_of_durchgaenge) == ("Neu", 48, 3)
    assert fresh.slug == "frisch"


def test_fewer_durchgaenge_than_are_drawn_are_refused(example_tournament):
    data = settings_post(example_tournament, number_of_durchgaenge=1)
    form = TournamentForm(data, instance=example_tournament)  # as if no game were recorded
    with translation.override("en"):
        assert form.errors["number_of_durchgaenge"] == ["Durchgang 2 is drawn already."]


def test_after_the_first_game_the_rules_show_read_only(boss, example_tournament):
    response = boss.get(reverse("manage:tournament_edit", args=[SLUG]))
    form = response.context["form"]
    assert form.fields["scoring"].disabled and form.fields["contracts"].disabled
    assert not form.fields["name"].disabled
    text = response.content.decode()
    assert "the rules of this tournament can no longer be changed" in text
    assert re.search(r'name="games_per_durchgang" value="32"[^>]* disabled', text)


def test_after_the_first_game_a_post_changes_no_rule_and_says_so(boss, example_tournament):
    data = settings_post(
        example_tournament,
        name="Beispielturnier 2026 (verlegt)",
        venue="Neuwirt",
        games_per_durchgang=20,
        contracts=["rufspiel"],
        tiebreak="lot",
    )
    response = boss.post(reverse("manage:tournament_edit", args=[SLUG]), data, follow=True)
    assert "The rules were not changed" in response.content.decode()
    example_tournament.refresh_from_db()
    assert (example_tournament.name, example_tournament.venue) == (data["name"], "Neuwirt")
    assert example_tournament.games_per_durchgang == 32
    assert "solo" in example_tournament.contracts and example_tournament.tiebreak == "5.4.2"


# --- players -------------------------------------------------------------------------------


def test_keyboard_entry_gives_consecutive_start_numbers(boss):
    url = reverse("manage:players", args=[SLUG])
    for name, club in [("Anna Huber", "SK Weiden"), ("Beni Bauer", ""), ("Cilli Kern", "")]:
        response = boss.post(url, {"name": name, "club": club})
        assert response["Location"] == url
    added = Player.objects.filter(tournament__slug=SLUG, start_number__gt=13)
    assert [f"{p.start_number} {p.ident} {p.name}" for p in added] == [
        "14 14 Anna Huber", "15 15 Beni Bauer", "16 16 Cilli Kern"
    ]  # fmt: skip
    text = boss.get(url).content.decode()
    assert "No. 16 Cilli Kern added." in text
    assert 'placeholder="17"' in text and 'name="name" autofocus' in text


def test_a_start_number_can_be_chosen_but_not_twice(boss):
    url = reverse("manage:players", args=[SLUG])
    boss.post(url, {"name": "Anna Huber", "start_number": "50"})
    response = boss.post(url, {"name": "Beni Bauer", "start_number": "50"})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["start_number"] == ["Start number 50 is taken by Anna Huber."]
    assert not Player.objects.filter(name="Beni Bauer").exists()
    boss.post(url, {"name": "Cilli Kern"})
    assert Player.objects.get(name="Cilli Kern").start_number == 51


def test_the_search_finds_by_name_or_start_number(boss):
    url = reverse("manage:players", args=[SLUG])
    by_name = boss.get(url, {"q": "hofbauer"}).context["table"].rows
    assert [row.record.start_number for row in by_name] == [1, 8, 12]
    by_number = boss.get(url, {"q": "3"}).context["table"].rows
    assert [row.record.name for row in by_number] == ["Hias Reiter 3"]


def test_names_are_shown_as_text_never_as_markup(boss):
    url = reverse("manage:players", args=[SLUG])
    boss.post(url, {"name": "<b>Fett</b>", "club": "=HYPERLINK(1)"})
    player = Player.objects.get(name="<b>Fett</b>")
    assert player.club == "=HYPERLINK(1)"
    text = boss.get(url, follow=True).content.decode()
    assert "&lt;b&gt;Fett&lt;/b&gt;" in text and "<b>Fett</b>" not in text


def test_the_supervisor_edits_a_player(boss):
    pk = _player_pk()
    url = reverse("manage:player_edit", args=[SLUG, pk])
    response = boss.post(url, {"name": "Sepp Hofbauer", "club": "SK Weiden", "start_number": 3})
    errors = response.context["form"].errors
    assert errors["start_number"] == ["Start number 3 is taken by Hias Reiter 3."]
    response = boss.post(url, {"name": "Sepp Hofbauer", "club": "SK Weiden", "start_number": 30})
    assert response["Location"] == reverse("manage:players", args=[SLUG])
    player = Player.objects.get(pk=pk)
    assert (player.name, player.club, player.start_number) == ("Sepp Hofbauer", "SK Weiden", 30)
    assert player.ident == "P0001"  # an imported id stays


def test_withdrawing_is_by_post_and_can_be_taken_back(boss):
    pk = _player_pk()
    url = reverse("manage:player_withdraw", args=[SLUG, pk])
    assert boss.get(url).status_code == 405
    boss.post(url)
    assert Player.objects.get(pk=pk).withdrawn
    boss.post(url, {"reinstate": "1"})
    assert not Player.objects.get(pk=pk).withdrawn


def test_a_substitute_takes_the_seats_where_no_game_is_recorded(boss, fresh):
    p = _players(fresh)
    table_1 = fresh.durchgaenge.get().tables.get(number=1)
    rufspiel = dict(contract="rufspiel", suit="eichel", declarer=p["1"], partner=p["3"])
    hand_record(table=table_1, number=1, won=True, **rufspiel)
    for ident in ("2", "6"):
        url = reverse("manage:player_substitute", args=["frisch", p[ident].pk])
        assert boss.post(url, {"name": f"Ersatz {ident}", "club": "SK"}).status_code == 302
    sub_2, sub_6 = Player.objects.get(name="Ersatz 2"), Player.objects.get(name="Ersatz 6")
    assert (sub_2.replaces, sub_2.start_number, sub_2.ident) == (p["2"], 9, "9")
    assert sub_6.replaces == p["6"]
    assert fresh.players.filter(withdrawn=True).count() == 2
    seated = dict(Seat.objects.filter(durchgang__tournament=fresh).values_list("player", "table"))
    assert p["2"].pk in seated and sub_2.pk not in seated  # table 1 has a game
    assert sub_6.pk in seated and p["6"].pk not in seated  # table 2 has none
    points = {s.player.name: s.points for s in standings_compute(fresh)}
    assert points["Ersatz 2"] == -1 and "Spieler 2" not in points  # 5.2.11: his points
    text = boss.get(reverse("manage:players", args=["frisch"])).content.decode()
    assert "replaced by No. 9 Ersatz 2" in text and "substitute for No. 2 Spieler 2" in text


def test_a_player_is_substituted_only_once(boss, fresh):
    url = reverse("manage:player_substitute", args=["frisch", _players(fresh)["2"].pk])
    boss.post(url, {"name": "Ersatz A"})
    response = boss.post(url, {"name": "Ersatz B"})
    assert response.context["form"].non_field_errors() == ["Spieler 2 has a substitute already."]
    assert not Player.objects.filter(name="Ersatz B").exists()


def test_after_the_first_game_a_deck_change_is_saved_and_the_message_says_so(
    boss, example_tournament
):
    data = settings_post(example_tournament, deck="french")
    response = boss.post(reverse("manage:tournament_edit", args=[SLUG]), data, follow=True)
    page = response.content.decode()
    assert "how cards and tables are shown and recorded saved" in page
    assert "The rules were not changed" in page
    example_tournament.refresh_from_db()
    assert example_tournament.deck == "french"
