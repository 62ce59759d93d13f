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
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from tournament.system.chromium import CHROMIUM, FLAGS

# The fixtures that start a browser: a test using one of them is a `browser` test.
BROWSER_FIXTURES = {"browser", "page", "chromium", "drive"}


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
