"""Headless Chromium (Debian's package) driven by Playwright, for the page tests.

Two fixtures share one check: without /usr/bin/chromium a browser test is skipped, plainly,
and under `REQUIRE_BROWSER=1` (CI) it fails. Tests using either are marked `browser`
(tests/conftest.py).

- `browser` / `page`: Playwright in the test's own thread, for tests that drive the page
  themselves and look at the database only before or after.
- `chromium` / `drive`: Playwright in a thread of its own, for tests that check the database in
  the main thread between browser steps. A second Playwright cannot start in the thread that
  runs the first ("Sync API inside the asyncio loop"); a fresh thread has no loop yet. Every
  browser step is a function handed to that thread: `drive(step, *args)`.

Logged in, without typing into the login page each time (tests/web/test_browser_pages.py tests
that page itself):

- `logged_in_page(user, **context_options)` (fixture): a page of `user` in a browser context of
  its own, logged in by his session cookie; several users side by side each get their own.
- `logged_in(page, base_url, user)`: the test's `page` logged in by the session cookie.
- `session_cookie(user, base_url)`: that cookie, made in the test's thread (the database is
  there) for a context of the Playwright thread of `drive`: `drive(context.add_cookies, [...])`.
- `log_in(page, base_url, username)`: through the login form, in whatever thread the page is.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.test import Client

from tests.constants import PASSWORD
from tournament.system.chromium import CHROMIUM, FLAGS

# The fixtures that start a browser: a test using one of them is a `browser` test.
BROWSER_FIXTURES = {"browser", "page", "chromium", "drive", "logged_in_page"}


def chromium_required() -> None:
    """Skip the test when Debian's chromium is missing; fail it under REQUIRE_BROWSER=1."""
    if not os.path.exists(CHROMIUM):
        message = "Debian's chromium is missing: install it with `make chromium` (as root)"
        if os.environ.get("REQUIRE_BROWSER") == "1":  # CI: the browser tests must run
            pytest.fail(message)
        pytest.skip(message)
    # Playwright's sync API runs an event loop; Django's live server thread is not affected,
    # but the ORM in the test thread would refuse to run next to it without this.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"


@pytest.fixture(scope="session")
def browser():
    """One browser for the session; Playwright's own browser downloads are never used."""
    chromium_required()
    from playwright.sync_api import expect, sync_playwright

    # A step's expectation waits up to 10 s: under CI's full load (two test workers, the
    # server's thread, chromium) an answer took longer than Playwright's 5 s once.
    expect.set_options(timeout=10_000)

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="en-US")  # German must not depend on it
    yield context.new_page()
    context.close()


class Driver:
    """`drive(step, *args)` runs a browser step in the Playwright thread and returns its result;
    `drive.browser` is the browser (for steps that open their own contexts);
    `drive.new_page()` opens a page in a fresh context (its own cookies: another user)."""

    def __init__(self, pool, browser):
        self.pool, self.browser = pool, browser

    def __call__(self, step, *args, **kwargs):
        return self.pool.submit(step, *args, **kwargs).result()

    def new_page(self):
        context = self(self.browser.new_context, locale="en-US")  # German must not depend on it
        self(context.set_default_timeout, 5000)
        return self(context.new_page)


@pytest.fixture(scope="session")
def chromium():
    """One browser for the session in a Playwright thread of its own."""
    chromium_required()
    from playwright.sync_api import expect, sync_playwright

    # A step's expectation waits up to 10 s: under CI's full load (two test workers, the
    # server's thread, chromium) an answer took longer than Playwright's 5 s once.
    expect.set_options(timeout=10_000)

    with ThreadPoolExecutor(max_workers=1) as pool:
        playwright = pool.submit(lambda: sync_playwright().start()).result()
        launch = playwright.chromium.launch  # with Debian's chromium, never a downloaded one
        driver = Driver(pool, pool.submit(launch, executable_path=CHROMIUM, args=FLAGS).result())
        yield driver
        driver(driver.browser.close)
        driver(playwright.stop)


@pytest.fixture
def drive(chromium):
    """The session's threaded browser; the test's contexts (its pages) are closed after it."""
    yield chromium
    for context in chromium(lambda: chromium.browser.contexts):
        chromium(context.close)


def session_cookie(user, base_url: str) -> dict:
    """The session cookie of `user` logged in (Django's test client), for `base_url`."""
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return {"name": name, "value": client.cookies[name].value, "url": base_url}


def logged_in(page, base_url: str, user):
    """`page` (of the test's own thread) logged in as `user`, by his session cookie."""
    page.context.add_cookies([session_cookie(user, base_url)])
    return page


def log_in(page, base_url: str, username: str, password: str = PASSWORD) -> None:
    """`page` logged in through the login form, as a person does: for a page in the Playwright
    thread of `drive`, where the database is not at hand for a session cookie."""
    page.goto(base_url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.press("#id_password", "Enter")


@pytest.fixture
def logged_in_page(browser, live_server):
    """`logged_in_page(user, locale="en-US", timeout=None, **context_options)`: a page of `user`
    in a browser context of its own, logged in by his session cookie; closed after the test.
    (German, the site's language, must not depend on the browser's `en-US`.)"""
    contexts = []

    def page_of(user, *, locale: str = "en-US", timeout: float | None = None, **options):
        context = browser.new_context(locale=locale, **options)
        contexts.append(context)
        if timeout is not None:
            context.set_default_timeout(timeout)
        context.add_cookies([session_cookie(user, live_server.url)])
        return context.new_page()

    yield page_of
    for context in contexts:
        context.close()
