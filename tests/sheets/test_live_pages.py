"""Live pages (paperless tables): the supervisor's overview of a Durchgang, his approval
queue and the public ranking follow the games entered at the tables without a reload.

A live request (header `X-Live: 1`, or `?teil=1`) gets the page's live region alone, with an
ETag; the same ETag again answers 304 (tournament/web/live.py,
static/tournament/web/live.js). New strings are
checked in English, the language whose words are the code's own.
"""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import logged_in
from tests.sheets.fixtures import ruf
from tests.web.helpers import tournament_of
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, Membership, Table
from tournament.ranking.publication import ranking_publish
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.sheet import seat_sign

SLUG = "abend"
LIVE = {"HTTP_X_LIVE": "1"}


@pytest.fixture
def supervisor(django_user_model):
    """The users of the `evening` fixture, without conftest's larger example tournament."""
    return django_user_model.objects.create_user("leitung")


@pytest.fixture
def clerk(django_user_model):
    return django_user_model.objects.create_user("schreiber")


@pytest.fixture
def other_clerk(django_user_model):
    """A clerk of another tournament."""
    user = django_user_model.objects.create_user("fremd")
    other = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "anders", "name": "Anders", "date": "2026-11-22"},
            "players": [],
        }
    )
    Membership.objects.create(tournament=other, user=user, role="clerk")
    return user


@pytest.fixture
def evening(supervisor, clerk):
    """Nine players, eight games a Durchgang: table 1 of four (8 games), table 2 of five (10)."""
    tables = [{"number": 1, "seats": ["1", "2", "3", "4"]}]
    tables.append({"number": 2, "seats": ["5", "6", "7", "8", "9"]})
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": SLUG,
                "name": "Abendturnier",
                "date": "2026-11-22",
                "games_per_durchgang": 8,
            },
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 10)],
            "durchgaenge": [{"number": 1, "tables": tables}],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    Membership.objects.create(tournament=tournament, user=clerk, role="clerk")
    return tournament


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def url(name, *args):
    return reverse(name, args=[SLUG, *args])


def table(number=1) -> Table:
    return Table.objects.get(durchgang__tournament__slug=SLUG, number=number)


def seated(number=1) -> dict:
    return {s.position: s.player for s in table(number).seats.select_related("player")}


def enter(number, game=None, at=1):
    """Game `number` at table `at`, through the service as a phone or a clerk saves it."""
    t = table(at)
    return hand_save(table=t, number=number, game=game or ruf(seated(at)), version=0)


def tout(at=1) -> HandEntry:
    p = seated(at)
    return HandEntry(contract="solo", suit="herz", declarer=p[2], won=True, tout=True)


def english(client) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def etag_of(page: str) -> str:
    """The ETag of the live region shown on `page` (escaped in its attribute)."""
    return html.unescape(re.search(r'data-live-etag="([^"]+)"', page).group(1))


# The supervisor's overview of a Durchgang


@pytest.mark.django_db
def test_a_live_request_gets_the_table_of_sheets_alone_with_an_etag(client, clerk, evening):
    client.force_login(clerk)
    enter(1)
    page = client.get(url("manage:sheets", 1)).content.decode()
    assert 'data-live-url="/turnier/abend/leitung/durchgang/1/spiellisten/"' in page
    for response in (
        client.get(url("manage:sheets", 1), **LIVE),
        client.get(url("manage:sheets", 1), {"teil": "1"}),
    ):
        fragment = response.content.decode()
        assert response.status_code == 200 and response["X-Live-Fragment"] == "1"
        assert "<html" not in fragment and "<h1>" not in fragment
        assert re.search(r'id="tisch-1"[^>]*>.*?class="entered">1 / 8<', fragment, re.S)
        assert re.search(r'id="tisch-2"[^>]*>.*?class="entered">0 / 10<', fragment, re.S)
        assert response["ETag"] == etag_of(page)
        assert "X-Live" in response["Vary"] and "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_the_overview_is_for_the_tournaments_staff_only(client, clerk, other_clerk, evening):
    response = client.get(url("manage:sheets", 1), **LIVE)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    client.force_login(other_clerk)
    assert client.get(url("manage:sheets", 1), **LIVE).status_code == 403
    client.force_login(clerk)
    assert client.get(url("manage:sheets", 1), **LIVE).status_code == 200


@pytest.mark.django_db
def test_an_unchanged_overview_answers_304_and_a_saved_game_changes_it(client, clerk, evening):
    client.force_login(clerk)
    etag = etag_of(client.get(url("manage:sheets", 1)).content.decode())
    unchanged = client.get(url("manage:sheets", 1), HTTP_IF_NONE_MATCH=etag, **LIVE)
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == etag and unchanged["X-Live-Fragment"] == "1"
    enter(1)
    changed = client.get(url("manage:sheets", 1), HTTP_IF_NONE_MATCH=etag, **LIVE)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert 'class="entered">1 / 8<' in changed.content.decode()


@pytest.mark.django_db
def test_the_overview_sums_up_the_durchgang_and_offers_the_close_button_to_the_supervisor(
    client, clerk, supervisor, evening
):
    for number in range(1, 9):
        enter(number, tout() if number == 2 else None)
    english(client).force_login(clerk)
    fragment = client.get(url("manage:sheets", 1), **LIVE).content.decode()
    assert (
        '1 of 2 sheets complete · <strong class="waiting">1 game waiting for approval</strong>'
        " · 0 sheets ready to close · 0 closed"
    ) in " ".join(fragment.split())
    assert re.search(r'class="awaiting"><strong>1</strong>', fragment)  # no link for a clerk
    Hand.objects.filter(table=table(), number=2).update(approved_by="leitung")
    for seat in table().seats.select_related("player"):
        seat_sign(seat=seat, user=clerk, paper=True)
    fragment = client.get(url("manage:sheets", 1), **LIVE).content.decode()
    assert "1 sheet ready to close" in fragment and 'class="signed">4 / 4<' in fragment
    assert "ready to close" in fragment and url("manage:close", 1, 1) not in fragment
    client.force_login(supervisor)
    fragment = client.get(url("manage:sheets", 1), **LIVE).content.decode()
    assert url("manage:close", 1, 1) in fragment
    asked = client.get(url("manage:close", 1, 1), {"zurueck": "liste"})  # what closing does
    assert "Table 1 is closed: 8 games, signed by all 4 players" in asked.content.decode()
    assert not table().closed
    response = client.post(url("manage:close", 1, 1), {"zurueck": "liste", "bestaetigt": "1"})
    assert response.status_code == 302 and response.url == url("manage:sheets", 1)
    assert table().closed
    fragment = client.get(url("manage:sheets", 1), **LIVE).content.decode()
    assert "0 sheets ready to close · 1 closed" in " ".join(fragment.split())


@pytest.mark.django_db
def test_waiting_games_link_the_supervisor_to_the_approval_queue(client, supervisor, evening):
    enter(1, tout())
    client.force_login(supervisor)
    fragment = client.get(url("manage:sheets", 1), **LIVE).content.decode()
    assert f'<a href="{url("manage:approvals")}"><strong>1</strong></a>' in fragment


@pytest.mark.django_db
def test_a_live_request_with_a_table_number_is_no_jump(client, clerk, evening):
    client.force_login(clerk)
    response = client.get(url("manage:sheets", 1), {"tisch": "9"}, **LIVE)
    assert response.status_code == 200 and response["X-Live-Fragment"] == "1"
    assert "keinen Tisch 9" not in client.get(url("manage:sheets", 1)).content.decode()


@pytest.mark.django_db
def test_the_overviews_fragment_needs_the_same_queries_for_few_and_many_tables(supervisor):
    client = Client()
    client.force_login(supervisor)
    counts = {}
    for players, slug in ((8, "klein"), (60, "gross")):
        tournament = tournament_of(players=players, durchgaenge=1, slug=slug, supervisor=supervisor)
        with CaptureQueriesContext(connection) as captured:
            response = client.get(reverse("manage:sheets", args=[slug, 1]), **LIVE)
        assert response.status_code == 200
        assert (
            response.content.decode().count('id="tisch-')
            == tournament.durchgaenge.get().tables.count()
        )
        counts[slug] = len(captured)
    assert counts["klein"] == counts["gross"] <= 8


# The supervisor's approval queue


@pytest.mark.django_db
def test_the_approval_queue_answers_new_games_with_their_age_and_304_when_unchanged(
    client, supervisor, clerk, evening
):
    english(client).force_login(clerk)
    assert client.get(url("manage:approvals"), **LIVE).status_code == 403
    client.force_login(supervisor)
    page = client.get(url("manage:approvals")).content.decode()
    etag = etag_of(page)
    assert client.get(url("manage:approvals"), HTTP_IF_NONE_MATCH=etag, **LIVE).status_code == 304
    hand = enter(1, tout())
    response = client.get(url("manage:approvals"), HTTP_IF_NONE_MATCH=etag, **LIVE)
    fragment = response.content.decode()
    assert response.status_code == 200 and "<html" not in fragment
    assert f'id="spiel-{hand.pk}"' in fragment and "just now" in fragment
    assert url("manage:approve", 1, 1, 1) in fragment and "csrfmiddlewaretoken" in fragment
    Hand.objects.filter(pk=hand.pk).update(created_at=hand.created_at - timedelta(minutes=3))
    again = client.get(url("manage:approvals"), HTTP_IF_NONE_MATCH=response["ETag"], **LIVE)
    assert again.status_code == 200 and "3 minutes ago" in again.content.decode()


@pytest.mark.django_db
def test_a_decision_posted_from_the_queue_still_returns_to_the_queue(client, supervisor, evening):
    hand = enter(1, tout())
    client.force_login(supervisor)
    post = {"version": hand.version, "note": "zu spät", "next": url("manage:approvals")}
    response = client.post(url("manage:refuse", 1, 1, 1), post)
    assert response.status_code == 302 and response.url == url("manage:approvals")
    assert (
        f'id="spiel-{hand.pk}"' not in client.get(url("manage:approvals"), **LIVE).content.decode()
    )


# The public ranking


@pytest.fixture
def live_ranking(evening):
    ranking_publish(tournament=evening, publication="live")
    return evening


@pytest.mark.django_db
def test_the_rankings_table_is_answered_alone_cached_apart_from_the_page(client, live_ranking):
    enter(1)
    ranking = url("tournament:ranking")
    page = client.get(ranking).content.decode()
    fragment = client.get(ranking, **LIVE)
    assert fragment.status_code == 200 and fragment["X-Live-Fragment"] == "1"
    text = fragment.content.decode()
    assert "<html" not in text and 'class="ranking"' in text and "Spieler 1" in text
    assert fragment["ETag"] == etag_of(page)
    assert "<html" in client.get(ranking).content.decode()  # the page is kept apart
    with CaptureQueriesContext(connection) as queries:
        cached = client.get(ranking, HTTP_IF_NONE_MATCH=fragment["ETag"], **LIVE)
    # The tournament and its generation (one query by the slug), the fragment from the cache.
    assert cached.status_code == 304 and len(queries) == 1
    enter(2)
    changed = client.get(ranking, HTTP_IF_NONE_MATCH=fragment["ETag"], **LIVE)
    assert changed.status_code == 200 and changed["ETag"] != fragment["ETag"]


@pytest.mark.django_db
def test_the_rankings_live_region_keeps_its_page_and_its_links_lead_to_the_page(client):
    tournament = tournament_import(demo_document(players=150, durchgaenge=1, seed=5, slug="halle"))
    ranking_publish(tournament=tournament, publication="live")
    ranking = reverse("tournament:ranking", args=["halle"])
    for query in ({"page": "2"}, {"page": "2", "teil": "1"}):
        response = client.get(ranking, query, **(LIVE if "teil" not in query else {}))
        fragment = response.content.decode()
        assert response["X-Live-Fragment"] == "1"
        assert len(re.findall(r"<tr[^>]*>\s*<td", fragment)) == 50
        assert "teil" not in fragment  # sorting and paging links lead to the page
    page = client.get(ranking, {"page": "2"}).content.decode()
    assert 'data-live-url="/turnier/halle/?page=2"' in page


@pytest.mark.django_db
def test_an_unpublished_rankings_fragment_is_refused(client, evening):
    response = client.get(url("tournament:ranking"), **LIVE)
    assert response.status_code == 404 and "X-Live-Fragment" not in response


# In a browser: the pages follow without a reload


VISIBILITY = """(state) => {
    Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
    document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.mark.django_db(transaction=True)
def test_in_a_browser_new_games_appear_in_the_queue_and_the_overview_without_a_reload(
    page, live_server, settings, supervisor, evening
):
    settings.LIVE_SECONDS = {"sheets": 1, "approvals": 1, "ranking": 1}
    base = live_server.url
    logged_in(page, base, supervisor)
    page.clock.install()  # the timers run by themselves; the hidden tab's by the test below
    messages = []
    page.on("console", lambda message: messages.append(message.text))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " console.error('Content Security Policy violation: ' + e.violatedDirective));"
    )
    page.set_viewport_size({"width": 390, "height": 844})  # the supervisor's phone

    page.goto(base + url("manage:approvals"))
    queue = page.locator("#genehmigungen section.pending")
    expect(queue).to_have_count(0)
    page.evaluate("window.notReloaded = true")
    first = enter(1, tout())
    expect(queue).to_have_count(1)
    section = page.locator(f"#spiel-{first.pk}")
    section.get_by_role("textbox").fill("Karten geprüft")
    section.get_by_role("checkbox").first.check()
    enter(1, tout(2), at=2)  # a second game arrives while the supervisor types
    expect(queue).to_have_count(2)
    expect(section.get_by_role("textbox")).to_have_value("Karten geprüft")
    expect(section.get_by_role("checkbox").first).to_be_checked()
    assert page.evaluate("window.notReloaded") is True
    refuse = section.get_by_role("button", name="Ablehnen (streichen)")
    assert refuse.bounding_box()["width"] > 300  # stacked, full width on the phone
    with page.expect_navigation():
        refuse.click()  # the form still works after the refreshes: CSRF token and version
    expect(page.locator(".messages .success")).to_contain_text("Spiel 1")
    expect(queue).to_have_count(1)
    first.refresh_from_db()
    assert first.struck

    page.goto(base + url("manage:sheets", 1))
    entered = page.locator("#tisch-1 td.entered")
    expect(entered).to_have_text("1 / 8")
    page.evaluate("window.notReloaded = true")
    enter(2)
    expect(entered).to_have_text("2 / 8")
    assert page.evaluate("window.notReloaded") is True

    # The server out of reach: the old state stays, marked with the time of the last answer.
    page.route("**/spiellisten/", lambda route: route.abort())
    region = page.locator("#spiellisten")
    expect(region).to_have_class(re.compile(r"\blive-stale\b"))
    expect(page.locator(".live-note")).to_have_text(re.compile(r"\d\d:\d\d$"))
    expect(entered).to_have_text("2 / 8")
    page.unroute("**/spiellisten/")
    enter(3)
    expect(entered).to_have_text("3 / 8")
    expect(region).not_to_have_class(re.compile(r"\blive-stale\b"))
    expect(page.locator(".live-note")).to_have_count(0)

    # A hidden tab asks nothing; shown again, it catches up at once.
    asked = []
    page.on("request", lambda request: asked.append(request.headers.get("x-live")))
    page.evaluate(VISIBILITY, "hidden")
    page.clock.run_for(1100)  # a question under way is seen; timers due meanwhile ask nothing
    asked.clear()
    enter(4)
    page.clock.run_for(2100)  # two of its seconds: a visible page would have asked twice
    assert "1" not in asked
    expect(entered).to_have_text("3 / 8")
    page.evaluate(VISIBILITY, "visible")
    expect(entered).to_have_text("4 / 8", timeout=900)
    assert [m for m in messages if "Content Security Policy" in m] == []


@pytest.mark.django_db
def test_an_unchanged_public_live_region_costs_one_query_and_a_game_saved_is_seen(
    client, live_ranking, django_assert_num_queries
):
    name = "tournament:ranking"
    enter(1)
    fragment = client.get(url(name), **LIVE)
    assert fragment.status_code == 200
    with django_assert_num_queries(1):  # the tournament's generation
        unchanged = client.get(url(name), HTTP_IF_NONE_MATCH=fragment["ETag"], **LIVE)
    assert unchanged.status_code == 304
    enter(2)
    changed = client.get(url(name), HTTP_IF_NONE_MATCH=fragment["ETag"], **LIVE)
    assert changed.status_code == 200 and changed["ETag"] != fragment["ETag"]


@pytest.mark.django_db
def test_the_projector_reloading_an_unchanged_page_costs_one_query(
    client, live_ranking, django_assert_num_queries
):
    enter(1)
    first = client.get(url("tournament:projector")).content
    with django_assert_num_queries(1):  # the tournament's generation
        assert client.get(url("tournament:projector")).content == first
    enter(2)
    assert client.get(url("tournament:projector")).content != first
