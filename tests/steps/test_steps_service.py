"""The day's steps of a tournament (tournament/steps/services.py): where it stands in each step
and the one next action, from an empty tournament to its export.

A small tournament: eight players at two tables of four, four games per Durchgang, every
single-player game needs an approval (so one Solo makes the approval step wait).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.steps.helpers import close_all, enter_all, ruf, solo
from tournament.draw.services import durchgang_draw, durchgang_publish
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, Player, Tournament
from tournament.ranking.publication import ranking_publish
from tournament.registration.services import player_create
from tournament.sheets.services.hands import hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close
from tournament.sheets.services.supervision import hand_approve
from tournament.steps.services import (
    AVAILABLE,
    CURRENT,
    DONE,
    TODO,
    Step,
    steps_grouped,
    tournament_steps,
)

pytestmark = pytest.mark.django_db
SLUG = "schritte"
CYCLE = ["draw", "tables", "printouts", "entry", "approvals", "closing"]
ORDER = ["players", *CYCLE, "ranking", "exports"]
# From Durchgang 2 on, the ranking after the Durchgang before comes before its draw.
LATER = ["players", "ranking_between", *CYCLE, "ranking", "exports"]


def new_tournament(durchgaenge: int = 2, players: int = 0) -> Tournament:
    return tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": SLUG,
                "name": "Schritte",
                "date": "2026-11-28",
                "games_per_durchgang": 4,
                "number_of_durchgaenge": durchgaenge,
                "solo_approval_from": 1,
            },
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, players + 1)],
        }
    )


def steps_of(tournament: Tournament) -> dict[str, Step]:
    steps = tournament_steps(Tournament.objects.get(pk=tournament.pk))
    assert [s.key for s in steps] in (ORDER, LATER)
    assert [s.key for s in steps if s.state == CURRENT] == [next_of(steps).key]
    return {s.key: s for s in steps}


def next_of(steps) -> Step:
    (step,) = [s for s in steps if s.is_next]
    return step


def states(steps: dict[str, Step]) -> dict[str, str]:
    return {key: step.state for key, step in steps.items()}


@pytest.fixture
def leitung(django_user_model):
    return django_user_model.objects.create_user("leitung")


def test_a_fresh_tournament_asks_for_players_first():
    steps = steps_of(new_tournament())
    assert steps["players"].is_next
    assert steps["players"].action == "Spieler anmelden"
    assert steps["players"].status == "Noch keine Spieler angemeldet"
    assert steps["players"].url == reverse("manage:players", args=[SLUG])
    assert states(steps) == {
        "players": CURRENT,
        "draw": TODO,
        "tables": TODO,
        "printouts": TODO,
        "entry": TODO,
        "approvals": TODO,
        "closing": TODO,
        "ranking": TODO,
        "exports": AVAILABLE,
    }
    assert steps["draw"].status == "Durchgang 1 noch nicht ausgelost"
    assert steps["ranking"].status == "nicht veröffentlicht"


def test_too_few_players_keep_the_registration_the_next_action():
    tournament = new_tournament(players=3)
    steps = steps_of(tournament)
    assert steps["players"].is_next
    assert steps["players"].status == (
        "3 Spieler angemeldet. 3 Spieler lassen sich nicht an Vierer- und Fünfertische setzen."
    )


def test_after_the_registration_the_next_action_is_the_draw():
    tournament = new_tournament(players=7)
    player_create(tournament=tournament, name="Spieler 8")
    Player.objects.filter(tournament=tournament, start_number=8).update(withdrawn=True)
    player_create(tournament=tournament, name="Spieler 9")
    steps = steps_of(tournament)
    assert steps["players"].state == DONE
    assert steps["players"].status == "8 Spieler angemeldet, 1 abgemeldet"
    assert steps["draw"].is_next
    assert steps["draw"].action == "Durchgang 1 auslosen"
    assert steps["draw"].url == reverse("manage:durchgaenge", args=[SLUG])


def test_after_the_draw_the_next_action_is_to_publish_the_table_list(
    django_assert_max_num_queries,
):
    tournament = new_tournament(players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    tournament = Tournament.objects.get(pk=tournament.pk)
    with django_assert_max_num_queries(4):
        steps = {s.key: s for s in tournament_steps(tournament)}
    assert steps["draw"].state == DONE
    assert steps["draw"].status == "Durchgang 1 ausgelost, 2 Tische"
    assert steps["draw"].url == reverse("manage:durchgang", args=[SLUG, 1])
    assert steps["tables"].is_next
    assert steps["tables"].title == "Tischliste"
    assert steps["tables"].action == "Tischliste von Durchgang 1 veröffentlichen"
    assert steps["tables"].status == (
        "noch nicht öffentlich: „Wo sitze ich?“ zeigt Durchgang 1 nicht"
    )
    assert steps["tables"].url == reverse("manage:durchgang", args=[SLUG, 1]) + "#veroeffentlichen"
    assert steps["printouts"].state == AVAILABLE
    durchgang_publish(durchgang=durchgang, published=True)
    steps = steps_of(tournament)
    assert steps["tables"].state == DONE
    assert (
        steps["tables"].status == "öffentlich: die Spieler finden ihren Tisch unter „Wo sitze ich?“"
    )
    assert steps["printouts"].is_next
    assert steps["printouts"].action == "Spiellisten drucken"
    assert "ob gedruckt wurde, wird nicht erfasst" in steps["printouts"].status
    assert steps["printouts"].url == reverse("manage:durchgang", args=[SLUG, 1]) + "#ausdrucke"
    assert steps["entry"].status == "0/2 Tische vollständig eingegeben (0/8 Spiele)"
    assert steps["closing"].status == "0/2 Spiellisten abgeschlossen"


def test_with_games_entered_the_next_action_is_the_entry():
    tournament = new_tournament(players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    table = durchgang.tables.get(number=1)
    for number in range(1, 5):
        hand_save(table=table, number=number, game=ruf(table), version=0)
    steps = steps_of(tournament)
    assert steps["printouts"].state == AVAILABLE  # not stored: never "done"
    assert steps["entry"].is_next
    assert steps["entry"].action == "Spiele eingeben"
    assert steps["entry"].status == "1/2 Tische vollständig eingegeben (4/8 Spiele)"
    assert steps["entry"].url == reverse("manage:sheets", args=[SLUG, 1])


def test_a_game_waiting_for_approval_is_the_next_action_once_all_are_entered():
    tournament = new_tournament(players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    enter_all(durchgang, solo_at=2)
    steps = steps_of(tournament)
    assert steps["entry"].state == DONE
    assert steps["entry"].status == "2/2 Tische vollständig eingegeben (8/8 Spiele)"
    assert steps["approvals"].is_next
    assert steps["approvals"].action == "Genehmigungen bearbeiten"
    assert steps["approvals"].status == "1 Spiel wartet auf Genehmigung"
    assert steps["approvals"].url == reverse("manage:approvals", args=[SLUG])


def test_a_waiting_approval_is_flagged_while_the_entry_goes_on():
    tournament = new_tournament(players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    table = durchgang.tables.get(number=1)
    hand_save(table=table, number=1, game=ruf(table), version=0)
    hand_save(table=table, number=2, game=solo(table), version=0)
    steps = steps_of(tournament)
    assert steps["entry"].is_next
    assert steps["approvals"].state == TODO and steps["approvals"].attention


def test_approved_games_make_the_closing_the_next_action(leitung):
    tournament = new_tournament(players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    enter_all(durchgang, solo_at=2)
    hand = Hand.objects.get(table__durchgang=durchgang, needs_approval=True)
    hand_approve(hand=hand, user=leitung, version=hand.version)
    steps = steps_of(tournament)
    assert steps["approvals"].state == DONE
    assert steps["approvals"].status == "Kein Spiel wartet auf Genehmigung"
    assert steps["closing"].is_next
    assert steps["closing"].action == "Durchgang 1 abschließen"
    assert steps["closing"].status == (
        "0/2 Spiellisten abgeschlossen · 2 warten auf Unterschriften"
    )
    table = durchgang.tables.get(number=1)
    for seat in table.seats.all():
        seat_sign(seat=seat, user=leitung, paper=True)
    sheet_close(table=table, user=leitung)
    table = durchgang.tables.get(number=2)
    for seat in table.seats.all():
        seat_sign(seat=seat, user=leitung, paper=True)
    steps = steps_of(tournament)
    assert steps["closing"].status == "1/2 Spiellisten abgeschlossen · 1 bereit zum Abschließen"
    assert steps["closing"].url == reverse("manage:sheets", args=[SLUG, 1])


def test_after_closing_a_durchgang_its_ranking_is_published_then_the_next_one_drawn(leitung):
    tournament = new_tournament(durchgaenge=2, players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    enter_all(durchgang)
    close_all(durchgang, leitung)
    steps = steps_of(tournament)
    assert list(steps) == LATER
    between = steps["ranking_between"]
    assert between.is_next
    assert between.title == "Rangliste nach Durchgang 1"
    assert between.status == "nicht veröffentlicht"
    assert between.action == "Rangliste nach Durchgang 1 veröffentlichen"
    assert between.url == reverse("tournament:ranking", args=[SLUG]) + "#veroeffentlichen"
    assert between.durchgang is None  # not one of the steps of Durchgang 2
    assert steps["draw"].state == TODO
    assert steps["ranking"].state == TODO  # the final ranking is after Durchgang 2

    ranking_publish(tournament=tournament, publication=Tournament.Publication.AFTER, after=1)
    steps = steps_of(tournament)
    assert steps["ranking_between"].state == DONE
    assert steps["ranking_between"].status == "nach Durchgang 1 veröffentlicht"
    assert steps["ranking"].state == TODO
    assert steps["draw"].is_next
    assert steps["draw"].action == "Durchgang 2 auslosen"
    assert steps["draw"].durchgang == 2
    assert steps["draw"].status == ("Durchgang 1 abgeschlossen, Durchgang 2 noch nicht ausgelost")
    assert steps["closing"].status == "Durchgang 1 abgeschlossen"
    assert steps["closing"].state == TODO
    assert states(steps)["entry"] == TODO


def test_after_closing_the_last_durchgang_the_ranking_is_published(leitung):
    tournament = new_tournament(durchgaenge=1, players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    enter_all(durchgang)
    close_all(durchgang, leitung)
    steps = steps_of(tournament)
    assert steps["closing"].state == DONE
    assert steps["closing"].status == "Durchgang 1 abgeschlossen"
    assert steps["ranking"].is_next
    assert steps["ranking"].action == "Rangliste veröffentlichen"
    assert steps["ranking"].url == reverse("tournament:ranking", args=[SLUG]) + "#veroeffentlichen"
    assert [s.state for s in steps.values()][:7] == [
        DONE,  # players
        DONE,  # draw
        TODO,  # table list: not published, but the games are played
        AVAILABLE,  # printouts
        DONE,  # entry
        DONE,  # approvals
        DONE,  # closing
    ]


def test_after_publishing_the_next_action_is_the_export(leitung):
    tournament = new_tournament(durchgaenge=1, players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    enter_all(durchgang)
    close_all(durchgang, leitung)
    ranking_publish(tournament=tournament, publication=Tournament.Publication.AFTER, after=1)
    steps = steps_of(tournament)
    assert steps["ranking"].state == DONE
    assert steps["ranking"].status == "nach Durchgang 1 veröffentlicht"
    assert steps["exports"].is_next
    assert steps["exports"].action == "Export herunterladen"
    assert steps["exports"].download
    assert steps["exports"].url == reverse("manage:export_xlsx", args=[SLUG])


def test_a_ranking_published_after_an_earlier_durchgang_is_not_done():
    tournament = new_tournament(durchgaenge=2, players=8)
    ranking_publish(tournament=tournament, publication=Tournament.Publication.AFTER, after=1)
    assert steps_of(tournament)["ranking"].state == TODO
    ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
    ranking = steps_of(tournament)["ranking"]
    assert (ranking.state, ranking.status) == (DONE, "live veröffentlicht")


def test_sheets_left_open_in_an_earlier_durchgang_are_named_at_the_closing(leitung):
    tournament = new_tournament(durchgaenge=2, players=8)
    first = durchgang_draw(tournament=tournament, number=1, seed="eins").durchgang
    enter_all(first)
    second = durchgang_draw(tournament=tournament, number=2, seed="zwei").durchgang
    enter_all(second)
    close_all(second, leitung)
    steps = steps_of(tournament)
    assert steps["draw"].durchgang == 2  # the Durchgang in progress is the last one drawn
    assert steps["closing"].status == (
        "Durchgang 2 abgeschlossen · Durchgang 1: 2 Spiellisten offen"
    )
    assert steps["closing"].is_next
    assert steps["closing"].action == "Durchgang 1 abschließen"
    assert steps["closing"].url == reverse("manage:sheets", args=[SLUG, 1])


def test_the_steps_of_a_durchgang_are_grouped_under_its_number():
    tournament = new_tournament(players=8)
    groups = steps_grouped(tournament_steps(tournament))
    assert [(n, [s.key for s in group]) for n, group in groups] == [
        (None, ["players"]),
        (1, CYCLE),
        (None, ["ranking"]),
        (None, ["exports"]),
    ]


def test_the_queries_do_not_grow_with_the_tournament(leitung, django_assert_max_num_queries):
    tournament = new_tournament(durchgaenge=3, players=40)
    for number in (1, 2):
        durchgang = durchgang_draw(tournament=tournament, number=number).durchgang
        for table in durchgang.tables.all():
            for game in range(1, 5):
                hand_save(table=table, number=game, game=ruf(table), version=0)
    tournament = Tournament.objects.get(pk=tournament.pk)
    with django_assert_max_num_queries(4):
        steps = tournament_steps(tournament)
    assert next_of(steps).key == "closing"
    assert [s.key for s in steps] == LATER
    assert {s.key: s for s in steps}["closing"].status == (
        "0/10 Spiellisten abgeschlossen · 10 warten auf Unterschriften"
        " · Durchgang 1: 10 Spiellisten offen"
    )


def test_after_drawing_durchgang_2_its_table_list_is_published_next(leitung):
    tournament = new_tournament(durchgaenge=2, players=8)
    first = durchgang_draw(tournament=tournament, number=1, seed="eins").durchgang
    durchgang_publish(durchgang=first, published=True)
    enter_all(first)
    close_all(first, leitung)
    ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
    second = durchgang_draw(tournament=tournament, number=2, seed="zwei").durchgang
    steps = steps_of(tournament)
    assert (steps["ranking_between"].state, steps["ranking_between"].status) == (
        DONE,
        "live veröffentlicht",
    )
    assert steps["draw"].state == DONE
    assert steps["tables"].is_next  # Durchgang 1 was public: Durchgang 2 is not yet
    assert steps["tables"].action == "Tischliste von Durchgang 2 veröffentlichen"
    assert steps["tables"].url == reverse("manage:durchgang", args=[SLUG, 2]) + "#veroeffentlichen"
    assert steps["tables"].durchgang == 2
    durchgang_publish(durchgang=second, published=True)
    steps = steps_of(tournament)
    assert steps["tables"].state == DONE
    assert steps["printouts"].is_next


def test_drawing_on_without_publishing_leaves_the_ranking_step_to_do(leitung):
    tournament = new_tournament(durchgaenge=3, players=8)
    ranking_publish(tournament=tournament, publication=Tournament.Publication.AFTER, after=1)
    for number in (1, 2):
        durchgang = durchgang_draw(tournament=tournament, number=number).durchgang
        enter_all(durchgang)
        close_all(durchgang, leitung)
    steps = steps_of(tournament)
    assert steps["ranking_between"].title == "Rangliste nach Durchgang 2"
    assert steps["ranking_between"].status == "nach Durchgang 1 veröffentlicht"
    assert steps["ranking_between"].is_next
    durchgang_draw(tournament=tournament, number=3)
    steps = steps_of(tournament)
    assert steps["ranking_between"].state == TODO  # the supervisor went on without it
    assert steps["tables"].is_next


def test_a_table_list_left_unpublished_does_not_hold_up_the_entry():
    tournament = new_tournament(players=8)
    durchgang = durchgang_draw(tournament=tournament, number=1, seed="schritte").durchgang
    table = durchgang.tables.get(number=1)
    hand_save(table=table, number=1, game=ruf(table), version=0)
    steps = steps_of(tournament)
    assert steps["tables"].state == TODO
    assert steps["entry"].is_next
