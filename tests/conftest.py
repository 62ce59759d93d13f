"""Shared fixtures: the worked example, tournaments, and the roles (supervisor, clerk, a clerk of
another tournament); the `browser` marker; the catalogues compiled when missing."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import connection
from django.test import override_settings
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from tests.constants import EXAMPLES, PASSWORD, SHEET_NAMES
from tournament.exchange.interchange.importer import (
    CheckedDocument,
    document_check,
    tournament_import,
)
from tournament.models import Membership, Table
from tournament.phones.links import table_link_issue
from tournament.scorekeeping import revisions

# The browser fixtures (`browser`, `page`, `chromium`, `drive`, `logged_in_page`):
# tests/browser.py; the limit on an unmarked test's duration (TEST_DURATION_LIMIT):
# tests/durations.py.
pytest_plugins = ["tests.browser", "tests.durations"]

# Tests do not time things: hypothesis' deadline per example would fail a property on a busy
# machine (CI runs the suites side by side), not on wrong results.
hypothesis_settings.register_profile("untimed", deadline=None)
hypothesis_settings.load_profile("untimed")


def pytest_sessionstart(session):
    """A bare `pytest` works on a fresh checkout: the translation catalogues (`.mo`) are compiled
    as `make messages` does when one is missing or older than its `.po` (once, before the
    xdist workers start; a worker finds them made)."""
    if hasattr(session.config, "workerinput"):
        return
    for folder in settings.LOCALE_PATHS:
        for po in Path(folder).glob("*/LC_MESSAGES/*.po"):
            mo = po.with_suffix(".mo")
            if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
                from django.core.management import call_command

                call_command("translations_compile")
                return


def pytest_collection_modifyitems(config, items):
    """Every test that uses a browser fixture is marked `browser`. (A `slow` test is marked in
    its own module: docs/development.md.)"""
    from tests.browser import BROWSER_FIXTURES  # after pytest_plugins: its asserts rewritten

    for item in items:
        callspec = getattr(item, "callspec", None)  # a parameter may be called `page`, too
        given = set(callspec.params) if callspec else set()
        if BROWSER_FIXTURES & (set(getattr(item, "fixturenames", ())) - given):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(autouse=True)
def default_language():
    """Every test starts in the site's default language: a request in English made by an
    earlier test must not leak into the next one through the thread's active translation."""
    with translation.override(settings.LANGUAGE_CODE):
        yield


@pytest.fixture(autouse=True)
def media_root(tmp_path_factory):
    """Each test's background jobs keep their files (results, uploads) in a folder of its own.
    (override_settings, not the `settings` fixture: some tests are parametrized by `settings`.)"""
    folder = tmp_path_factory.mktemp("media")
    with override_settings(MEDIA_ROOT=folder):
        yield folder


@pytest.fixture(autouse=True)
def shared_cache_empty():
    """Every test starts with no revision, link, session or public page in the caches the
    workers share: the database is rolled back after each test, and ids come again."""
    caches["shared"].clear()
    caches["default"].clear()


@pytest.fixture(autouse=True)
def revisions_at_once(monkeypatch):
    """A test's transaction never commits: what the app does after the commit (a new revision
    of a table or tournament, a link forgotten) is done at once."""
    monkeypatch.setattr(revisions, "after_commit", lambda action: action())


@pytest.fixture
def example_document() -> dict:
    return json.loads((EXAMPLES / "beispielturnier-2026.json").read_text(encoding="utf-8"))


@pytest.fixture
def example_standings() -> dict:
    return json.loads(
        (EXAMPLES / "beispielturnier-2026.standings.json").read_text(encoding="utf-8")
    )


@pytest.fixture(scope="session")
def example_checked() -> CheckedDocument:
    """The worked example read and checked by the engine once: each test stores it anew."""
    return document_check((EXAMPLES / "beispielturnier-2026.json").read_bytes())


@pytest.fixture
def example_tournament(db, example_checked):
    return tournament_import(example_checked)


def _user(username: str, **extra):
    return get_user_model().objects.create_user(username, password=PASSWORD, **extra)


@pytest.fixture
def supervisor(db, example_tournament):
    user = _user("leitung")
    Membership.objects.create(
        tournament=example_tournament, user=user, role=Membership.Role.SUPERVISOR
    )
    return user


@pytest.fixture
def keeper(supervisor, example_tournament):
    """The supervisor, also the staff of the tournament's organiser: he keeps its person
    register and seasons, which a tournament role alone does not open."""
    example_tournament.organiser.staff.add(supervisor)
    return supervisor


@pytest.fixture
def clerk(db, example_tournament):
    user = _user("schreiber")
    Membership.objects.create(tournament=example_tournament, user=user, role=Membership.Role.CLERK)
    return user


@pytest.fixture
def other_clerk(db, example_document):
    """A clerk of another tournament."""
    other = dict(example_document, tournament=dict(example_document["tournament"], slug="anders"))
    tournament = tournament_import(other)
    user = _user("fremd")
    Membership.objects.create(tournament=tournament, user=user, role=Membership.Role.CLERK)
    return user


@pytest.fixture
def evening(supervisor, clerk):
    """Nine players: table 1 of four, table 2 of five; Durchgang 1 drawn, no game yet."""
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "abend", "name": "Abendturnier", "date": "2026-11-22"},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 10)],
            "durchgaenge": [
                {
                    "number": 1,
                    "tables": [
                        {"number": 1, "seats": ["1", "2", "3", "4"]},
                        {"number": 2, "seats": ["5", "6", "7", "8", "9"]},
                    ],
                }
            ],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    Membership.objects.create(tournament=tournament, user=clerk, role="clerk")
    return tournament


@pytest.fixture
def table(db):
    """One table of four, Durchgang 1 drawn, no game yet; seat n holds start number n."""
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "spielliste", "name": "Spielliste", "date": "2026-11-22"},
            "players": [{"id": str(n), "name": name} for n, name in enumerate(SHEET_NAMES, 1)],
            "durchgaenge": [
                {"number": 1, "tables": [{"number": 1, "seats": ["1", "2", "3", "4"]}]}
            ],
        }
    )
    return Table.objects.get(durchgang__tournament=tournament)


@pytest.fixture
def p(table):
    """The players of `table` by seat: seat n holds start number n."""
    return {int(player.ident): player for player in table.durchgang.tournament.players.all()}


@pytest.fixture
def leitung(django_user_model):
    """The supervisor of the sheet of `table`, with a name (approvals carry it)."""
    return django_user_model.objects.create_user("leitung", first_name="Hanna", last_name="Berg")


@pytest.fixture
def schreiber(django_user_model):
    """The clerk of the sheet of `table`."""
    return django_user_model.objects.create_user("schreiber")


@pytest.fixture
def link(table, leitung):
    """The phones' link of `table` (with its PIN), issued by its supervisor."""
    return table_link_issue(table=table, user=leitung)


@pytest.fixture
def server_database_url(transactional_db) -> str:
    """The test database as a `DATABASE_URL`, for a server or worker process the test starts
    (the test's writes must be committed for it to see them: transactional tests)."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    user = quote(db["USER"] or "", safe="")
    password = f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else ""
    host = db["HOST"] or "localhost"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{user}{password}@{host}{port}/{db['NAME']}"


@pytest.fixture
def database_cut(monkeypatch):
    """`database_cut(True)`: from now on every statement fails as with a PostgreSQL that went
    away (`OperationalError`); `database_cut(False)`: it answers again."""
    from django.db import OperationalError
    from django.db.backends.utils import CursorWrapper

    away = [False]
    for name in ("execute", "executemany"):
        real = getattr(CursorWrapper, name)

        def guarded(self, *args, _real=real, **kwargs):
            if away[0]:
                raise OperationalError("server closed the connection unexpectedly")
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(CursorWrapper, name, guarded)

    def cut(now: bool) -> None:
        away[0] = now

    return cut
