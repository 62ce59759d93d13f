"""The draw pages for every role: supervisor acts, nobody else changes anything."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Durchgang, Membership

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "clerk", "other_clerk", "supervisor"]


@pytest.fixture
def fresh(example_tournament, supervisor, clerk):
    """A tournament without Durchgänge, with the same supervisor and clerk."""
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "frisch", "name": "Frisch", "date": "2026-11-22"},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 21)],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    Membership.objects.create(tournament=tournament, user=clerk, role="clerk")
    return tournament


def _login(client, request, role):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))


@pytest.mark.parametrize("role", ROLES)
def test_drawing_is_for_the_supervisor_only(client, request, fresh, role):
    _login(client, request, role)
    response = client.post(reverse("manage:draw", args=["frisch", 1]), {"seed": "x"})
    if role == "supervisor":
        assert response.status_code == 302
        assert Durchgang.objects.get(tournament=fresh, number=1).draw_seed == "x"
    else:
        assert response.status_code in (302, 403)
        if role == "anonymous":
            assert "/accounts/login/" in response["Location"]
        assert not Durchgang.objects.filter(tournament=fresh).exists()


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    "name,args",
    [
        ("manage:durchgaenge", ["beispielturnier-2026"]),
        ("manage:durchgang", ["beispielturnier-2026", 1]),
        ("manage:print", ["beispielturnier-2026", 1, "namen"]),
    ],
)
def test_the_draw_pages_show_only_to_the_supervisor(client, request, supervisor, role, name, args):
    _login(client, request, role)
    response = client.get(reverse(name, args=args))
    expected = {"anonymous": 302, "clerk": 403, "other_clerk": 403, "supervisor": 200}[role]
    assert response.status_code == expected


def test_the_durchgang_page_shows_tables_seed_and_repeats(client, supervisor, fresh):
    client.force_login(supervisor)
    client.post(reverse("manage:draw", args=["frisch", 1]), {"seed": "saat-7"})
    text = client.get(reverse("manage:durchgang", args=["frisch", 1])).content.decode()
    assert "saat-7" in text
    assert "0 wiederholte Begegnungen" in text
    assert text.count("Spieler ") >= 20


def test_a_redraw_after_games_is_refused_with_a_message(client, supervisor, example_tournament):
    client.force_login(supervisor)
    seats = list(example_tournament.durchgaenge.get(number=1).seats.values_list("pk", "player"))
    response = client.post(reverse("manage:draw", args=[example_tournament.slug, 1]), follow=True)
    assert "nicht mehr neu ausgelost" in response.content.decode()
    after = list(example_tournament.durchgaenge.get(number=1).seats.values_list("pk", "player"))
    assert after == seats


def test_the_printout_is_a_pdf(client, supervisor):
    client.force_login(supervisor)
    response = client.get(reverse("manage:print", args=["beispielturnier-2026", 1, "tischkarten"]))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_an_unknown_printout_is_not_found(client, supervisor):
    client.force_login(supervisor)
    assert (
        client.get(reverse("manage:print", args=["beispielturnier-2026", 1, "x"])).status_code
        == 404
    )


@pytest.mark.parametrize("role", ROLES)
def test_table_assignments_are_public_only_once_published(client, request, supervisor, role):
    _login(client, request, role)
    url = reverse("tournament:tables", args=["beispielturnier-2026", 1])
    hidden = client.get(url).status_code
    assert hidden == (200 if role in ("clerk", "supervisor") else 404)
    Durchgang.objects.filter(number=1, tournament__slug="beispielturnier-2026").update(
        published=True
    )
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("role", ["anonymous", "clerk", "other_clerk"])
def test_only_the_supervisor_publishes(client, request, supervisor, role):
    _login(client, request, role)
    client.post(reverse("manage:publish", args=["beispielturnier-2026", 1]), {"published": "1"})
    assert not Durchgang.objects.get(tournament__slug="beispielturnier-2026", number=1).published


def test_the_public_table_page_finds_a_player_by_name(client, supervisor):
    client.force_login(supervisor)
    client.post(reverse("manage:publish", args=["beispielturnier-2026", 1]), {"published": "1"})
    client.logout()
    url = reverse("tournament:tables", args=["beispielturnier-2026", 1])
    text = client.get(url, {"q": "wimmer"}).content.decode()
    assert "Sepp Wimmer 10" in text and "Anna Maier 4" not in text


def test_a_supervisor_swaps_two_players_with_a_reason(client, supervisor, fresh):
    client.force_login(supervisor)
    client.post(reverse("manage:draw", args=["frisch", 1]), {"seed": "s"})
    durchgang = Durchgang.objects.get(tournament=fresh, number=1)
    a, b = fresh.players.get(ident="1"), fresh.players.get(ident="2")
    where = {s.player_id: s.table_id for s in durchgang.seats.all()}
    response = client.post(
        reverse("manage:swap", args=["frisch", 1]),
        {"first": a.pk, "second": b.pk, "reason": "Platztausch auf Wunsch", "bestaetigt": "1"},
    )
    assert response.status_code == 302
    after = {s.player_id: s.table_id for s in durchgang.seats.all()}
    assert after[a.pk] == where[b.pk] and after[b.pk] == where[a.pk]
    assert durchgang.swaps.get().swapped_by == supervisor


def test_a_swap_without_reason_is_refused_next_to_the_field(client, supervisor, fresh):
    client.force_login(supervisor)
    client.post(reverse("manage:draw", args=["frisch", 1]), {"seed": "s"})
    a, b = fresh.players.get(ident="1"), fresh.players.get(ident="2")
    response = client.post(
        reverse("manage:swap", args=["frisch", 1]), {"first": a.pk, "second": b.pk, "reason": ""}
    )
    assert response.status_code == 400
    assert "Dieses Feld ist zwingend erforderlich" in response.content.decode()
