"""A game's save costs a handful of queries for the whole request, the user included
(the session comes from the shared cache): lock the table with its seats, read the sheet's
games once, write the game, its score rows, the seats' totals, the public pages' counter and
the history. Counted as a server runs it, outside a test's transaction (every statement that
reaches the database but the transaction's own), per path: a new game on the clerk's line, a
change of a game there, a game from the scorekeeper's phone, and a correction signed off."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.phones.helpers import enter as phone_enter
from tests.phones.helpers import phone
from tests.phones.helpers import url as phone_url
from tests.sheets.fixtures import ruf
from tests.sheets.helpers import enter, game, table_of, url
from tournament.models import Correction, Hand, HandScore, SheetEvent
from tournament.scorekeeping.changes import public_pages_changed
from tournament.sheets.services.corrections import correction_request
from tournament.sheets.services.supervision import hand_strike

pytestmark = pytest.mark.django_db(transaction=True)

MOST_QUERIES = 10


TRANSACTION = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")


def counted(action) -> tuple[object, list[str]]:
    """What `action` returns, and the statements it sent that read or write data (SQLite
    sends BEGIN and COMMIT as statements, PostgreSQL's driver does not; none is a query)."""
    with CaptureQueriesContext(connection) as queries:
        result = action()
    sql = [q["sql"] for q in queries.captured_queries]
    return result, [s for s in sql if not s.startswith(TRANSACTION)]


@pytest.fixture(autouse=True)
def tasks_as_served(settings):
    """The task backend of a running hall (the database), not the tests' immediate one: a
    save queues the seasons' task at most once in five minutes per tournament."""
    settings.TASKS = {
        name: {"BACKEND": "django_tasks_db.DatabaseBackend"} for name in ("default", "database")
    }


@pytest.fixture
def clerk_client(client, evening, clerk):
    client.force_login(clerk)
    client.get(url("sheet", 1, 1))  # the session and the caches warm, as in a running hall
    return client


def test_a_new_game_on_the_clerks_line_takes_at_most_ten_queries(clerk_client):
    enter(clerk_client, "r e 1 3 +", 1)
    answer, queries = counted(lambda: enter(clerk_client, "s h 2 +", 2))
    assert answer.status_code == 302
    assert len(queries) <= MOST_QUERIES, "\n".join(queries)
    # What was counted is what is stored: the game, its four score rows, one history line.
    assert game(2).contract == "solo"
    assert HandScore.objects.filter(hand=game(2)).count() == 4
    assert SheetEvent.objects.filter(number=2).count() == 1


def test_a_changed_game_on_the_clerks_line_takes_at_most_ten_queries(clerk_client):
    enter(clerk_client, "r e 1 3 +", 1)
    enter(clerk_client, "s h 2 +", 2)
    answer, queries = counted(lambda: enter(clerk_client, "s h 2 -", 2, version=1))
    assert answer.status_code == 302
    assert len(queries) <= MOST_QUERIES, "\n".join(queries)
    assert game(2).won is False and game(2).version == 2
    points = dict(HandScore.objects.filter(hand=game(2)).values_list("player_id", "points"))
    assert points[game(2).declarer_id] < 0


def test_a_new_game_from_the_scorekeepers_phone_with_its_state_takes_at_most_ten_queries(link):
    """The phone's save (9 statements: its link, the sheet locked with the keeper and an
    earlier answer under the same key as subqueries, the games with their score rows, the
    writes, the answer kept) and the state the answer carries, built from what the save read
    and wrote (1: nothing changed meanwhile, so it carries the save's revision). Was 15 with
    the state read anew, 31 before that. The state is the one read afterwards, revision
    included: the phone's next poll is answered "unchanged"."""
    keeper = phone(link, keeper=True)
    assert phone_enter(keeper, link, 1, "r e 1 3 +").json()["outcome"] == "saved"
    answer, queries = counted(lambda: phone_enter(keeper, link, 2, "s h 2 +"))
    assert answer.json()["outcome"] == "saved"
    assert len(queries) <= MOST_QUERIES, "\n".join(queries)
    assert Hand.objects.filter(table=link.table, number=2, contract="solo").count() == 1
    assert HandScore.objects.filter(hand__table=link.table, hand__number=2).count() == 4
    state = answer.json()["state"]
    assert state["entered"] == 2
    assert state == phone_state_of(keeper, link)
    assert (
        keeper.get(phone_url("phone_state", link), {"seit": state["revision"]}).status_code == 204
    )


def test_the_first_game_from_the_phone_takes_at_most_ten_queries_too(link):
    """No score rows to read yet. The seasons' task was queued (at most once in five minutes)
    by an earlier change of the tournament, as in a running hall."""
    keeper = phone(link, keeper=True)
    public_pages_changed(link.table.durchgang.tournament_id)
    answer, queries = counted(lambda: phone_enter(keeper, link, 1, "r e 1 3 +"))
    assert answer.json()["outcome"] == "saved"
    assert len(queries) <= MOST_QUERIES, "\n".join(queries)
    assert answer.json()["state"] == phone_state_of(keeper, link)


def phone_state_of(client, link) -> dict:
    """The table's state as a phone reads it anew."""
    return client.get(phone_url("phone_state", link)).json()


def test_a_correction_signed_off_takes_at_most_ten_queries(client, evening, clerk, supervisor):
    """The supervisor signs off a correction of a struck game (an open sheet's decided game is
    changed only so): the correction found, locked and checked in one query, the sheet locked
    and read, the game written, the history, the correction's decision."""
    client.force_login(clerk)
    enter(client, "r e 1 3 +", 1)
    hand_strike(hand=game(1), user=supervisor, struck=True, reason="Karten verworfen")
    p = {s.position: s.player for s in table_of(1).seats.all()}
    proposed = ruf(p, won=False)
    correction_request(table=table_of(1), number=1, game=proposed, reason="verlesen", user=clerk)
    pending = Correction.objects.get()
    client.force_login(supervisor)
    client.get(url("corrections"))
    decision = {"decision": "apply", "version": game(1).version}
    answer, queries = counted(lambda: client.post(url("correction_decide", pending.pk), decision))
    assert answer.status_code == 302
    assert len(queries) <= MOST_QUERIES, "\n".join(queries)
    assert game(1).won is False and Correction.objects.get().status == "applied"
    assert SheetEvent.objects.filter(number=1, kind="corrected").count() == 1
