"""The state a phone's saved game is answered with is built from what the save read and wrote
(tournament/phones/services.py, `entry_once`): it is the state read anew, and it carries the
save's own revision only while nothing else changed since the save read the sheet. A change
that came in between (another phone took the sheet, the Turnierleitung decided on a game)
leaves it the revision read before the save, so that the phone's next poll loads the state
again. An answer kept under the same key meanwhile is given instead of a second try."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.utils import timezone

from tests.phones.helpers import enter, phone, url
from tournament.models import Hand, PhoneEntry, TableLink
from tournament.phones import services
from tournament.phones import state as state_module
from tournament.phones.services import keeper_claim
from tournament.sheets.services.supervision import hand_approve

pytestmark = pytest.mark.django_db


def meanwhile(monkeypatch, change) -> None:
    """Run `change` after the phone's save committed, before its revision is checked (as if
    it came from another request at that moment)."""
    peek = services.revision_peek

    def late(kind, pk):
        change()
        return peek(kind, pk)

    monkeypatch.setattr(services, "revision_peek", late)


def poll(client, link, revision: str):
    return client.get(url("phone_state", link), {"seit": revision})


def test_the_answer_is_the_state_read_anew_and_its_poll_is_unchanged(link):
    keeper = phone(link, keeper=True)
    enter(keeper, link, 1, "r e 1 3 +")
    state = enter(keeper, link, 2, "w 2 + t").json()["state"]  # waits for an approval
    assert state == keeper.get(url("phone_state", link)).json()
    assert state["waiting"] == 1 and state["rows"][1]["status"] == "waiting"
    assert poll(keeper, link, state["revision"]).status_code == 204


def test_another_phone_taking_the_sheet_meanwhile_makes_the_next_poll_load_it(link, monkeypatch):
    keeper = phone(link, keeper=True)
    meanwhile(monkeypatch, lambda: keeper_claim(TableLink.objects.get(), "other", take=True))
    answer = enter(keeper, link, 1, "r e 1 3 +").json()
    assert answer["outcome"] == "saved" and answer["state"]["keeper"] == "me"
    loaded = poll(keeper, link, answer["state"]["revision"])
    assert loaded.status_code == 200 and loaded.json()["keeper"] == "other"


def test_a_decision_meanwhile_makes_the_next_poll_load_it(link, leitung, monkeypatch):
    keeper = phone(link, keeper=True)
    enter(keeper, link, 1, "r e 1 3 +")
    meanwhile(monkeypatch, lambda: hand_approve(hand=Hand.objects.get(number=2), user=leitung))
    answer = enter(keeper, link, 2, "w 2 + t").json()
    assert answer["state"]["rows"][1]["status"] == "waiting"
    loaded = poll(keeper, link, answer["state"]["revision"])
    assert loaded.status_code == 200 and loaded.json()["rows"][1]["status"] == "approved"


def test_an_answer_kept_under_the_key_meanwhile_is_given_and_this_try_undone(link, monkeypatch):
    """The same entry sent twice at once: the second asked for the sheet's lock before the
    first kept its answer (on PostgreSQL its locking statement did not see it), and finds it
    when it keeps its own."""
    keeper = phone(link, keeper=True)
    lock = services.sheet_lock

    def first_kept_meanwhile(seats, **kwargs):
        sheet = lock(seats, **kwargs)
        PhoneEntry.objects.create(
            table=sheet.table, key="same", number=1, code="r e 1 3 -", outcome="refused"
        )
        return sheet

    monkeypatch.setattr(services, "sheet_lock", first_kept_meanwhile)
    answer = enter(keeper, link, 1, "r e 1 3 +", key="same").json()
    assert answer["replayed"] is True and answer["outcome"] == "refused"
    assert not Hand.objects.exists()  # the second try was undone
    assert PhoneEntry.objects.get().code == "r e 1 3 -"


def test_a_changed_game_is_answered_with_the_state_read_anew(link):
    keeper = phone(link, keeper=True)
    enter(keeper, link, 1, "r e 1 3 +")
    enter(keeper, link, 2, "s h 2 +")
    answer = enter(keeper, link, 1, "r e 1 3 -", version=1).json()
    assert answer["outcome"] == "saved" and answer["state"]["rows"][0]["version"] == 2
    assert answer["state"] == keeper.get(url("phone_state", link)).json()


def test_the_other_phones_poll_the_saved_state_from_the_cache_in_their_language(
    link, django_assert_num_queries, settings
):
    keeper, viewer, english = phone(link, keeper=True), phone(link), phone(link)
    english.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    enter(keeper, link, 1, "r e 1 3 +")
    saved = enter(keeper, link, 2, "w 2 + t").json()["state"]
    with django_assert_num_queries(1):  # the link; the state comes from the shared cache
        seen = viewer.get(url("phone_state", link)).json()
    assert seen == {**saved, "keeper": "other"}
    key = (
        f"phone-state:{link.table_id}:{saved['revision']}:de:{link.table.durchgang.tournament.deck}"
    )
    assert caches["shared"].delete(key)  # it was there
    read = viewer.get(url("phone_state", link)).json()  # built anew from the database
    assert read == seen
    in_english = english.get(url("phone_state", link)).json()
    assert in_english["rows"][1]["status_text"] == "waiting for approval"
    assert seen["rows"][1]["status_text"] != in_english["rows"][1]["status_text"]
    assert in_english["revision"] == saved["revision"] and in_english["keeper"] == "other"


@pytest.mark.parametrize("change", ["revoked", "deleted"])
def test_a_link_revoked_or_deleted_while_the_state_is_read_answers_gone(link, monkeypatch, change):
    """The view found the link valid; before the state's rows are read it is revoked, or
    deleted with its table by a new draw: the phone is told the link is gone (no error)."""
    viewer = phone(link)
    revision_read = state_module.table_revision

    def then_changed(current):
        revision = revision_read(current)
        links = TableLink.objects.filter(pk=current.pk)
        links.delete() if change == "deleted" else links.update(revoked_at=timezone.now())
        return revision

    monkeypatch.setattr(state_module, "table_revision", then_changed)
    answer = viewer.get(url("phone_state", link))
    assert answer.status_code == 404 and answer.json()["gone"] is True
