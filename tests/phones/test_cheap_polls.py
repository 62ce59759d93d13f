"""A phone's poll that finds nothing new is answered 204 from the shared cache alone (session,
link, the table's revision: tournament/scorekeeping/revisions.py), without a database query; after a
change (a game saved, the scorekeeper changed, the link revoked, the sheet closed) the next
poll gets the new state."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import Client

from tests.phones.helpers import enter, phone, post, url
from tests.sheets.helpers import fill, sign
from tournament.models import TableLink
from tournament.phones.links import table_link_issue, table_link_revoke
from tournament.phones.views import phone as views
from tournament.sheets.services.sheet import sheet_close

pytestmark = pytest.mark.django_db


@pytest.fixture
def link(table, leitung):
    return table_link_issue(table=table, user=leitung)


def poll(client: Client, link: TableLink, revision: str):
    return client.get(url("phone_state", link), {"seit": revision})


def seen(client: Client, link: TableLink) -> str:
    """The revision of the state the phone has now."""
    return client.get(url("phone_state", link)).json()["revision"]


def test_a_poll_finding_nothing_new_costs_no_query_and_a_game_saved_is_seen(
    link, django_assert_num_queries
):
    keeper, viewer = phone(link, keeper=True), phone(link)
    revision = seen(viewer, link)
    with django_assert_num_queries(0):
        assert poll(viewer, link, revision).status_code == 204
    assert enter(keeper, link, 1, "r e 1 3 +").status_code == 200
    changed = poll(viewer, link, revision)
    assert changed.status_code == 200 and changed.json()["rows"][0]["status"] == "scored"
    with django_assert_num_queries(0):
        assert poll(viewer, link, changed.json()["revision"]).status_code == 204


def test_a_new_scorekeeper_is_seen_by_the_phone_that_kept_the_sheet(link):
    keeper, other = phone(link, keeper=True), phone(link)
    revision = seen(keeper, link)
    assert poll(keeper, link, revision).status_code == 204
    assert post(other, "phone_keeper", link, {"take": True}).status_code == 200
    changed = poll(keeper, link, revision)
    assert changed.status_code == 200 and changed.json()["keeper"] == "other"


def test_a_revoked_link_answers_gone_at_the_next_poll(link, table):
    viewer = phone(link)
    revision = seen(viewer, link)
    table_link_revoke(table=table)
    gone = poll(viewer, link, revision)
    assert gone.status_code == 404 and gone.json()["gone"]


def test_a_link_revoked_while_its_poll_is_answered_is_gone_at_once_and_after(
    link, table, monkeypatch
):
    """The race seen in a browser test: the poll finds the link valid, the revocation commits
    (new revision) before the state reads the revision. That state must not carry the new
    revision, or every later poll would be answered "unchanged" (204) forever."""
    viewer = phone(link)
    revision = seen(viewer, link)
    found = views.table_link_open

    def found_then_revoked(token):
        valid = found(token)
        table_link_revoke(table=table)
        return valid

    monkeypatch.setattr(views, "table_link_open", found_then_revoked)
    caches["shared"].delete(f"link:{link.token}")  # not known in the cache: asks the database
    racing = poll(viewer, link, revision)
    assert racing.status_code == 404 and racing.json()["gone"]
    monkeypatch.setattr(views, "table_link_open", found)
    assert poll(viewer, link, revision).status_code == 404


def test_a_replaced_link_answers_gone_at_the_next_poll(link, table, leitung):
    viewer = phone(link)
    revision = seen(viewer, link)
    table_link_issue(table=table, user=leitung)
    assert poll(viewer, link, revision).status_code == 404


def test_a_closed_sheet_answers_gone_at_the_next_poll(link, table, p, leitung):
    viewer = phone(link)
    fill(table, p)
    revision = seen(viewer, link)
    assert poll(viewer, link, revision).status_code == 204
    sign(table, leitung)
    sheet_close(table=table, user=leitung)
    gone = poll(viewer, link, revision)
    assert gone.status_code == 404 and gone.json()["gone"]


def test_a_browser_without_the_pin_gets_no_204_from_the_cache(link):
    viewer = phone(link)
    revision = seen(viewer, link)
    stranger = Client()
    assert poll(stranger, link, revision).status_code == 403


def test_the_scorekeeper_polls_more_often_than_the_phones_that_only_read(link, settings):
    settings.PHONE_POLL_MS, settings.PHONE_VIEWER_POLL_MS = 3000, 12000
    page = phone(link).get(url("phone_sheet", link)).content.decode()
    assert 'data-poll="3000"' in page and 'data-viewer-poll="12000"' in page
