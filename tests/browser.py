"""Headless Chromium (Debian's package) driven by Playwright, for the page tests."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    """One browser for the session; Playwright's own browser downloads are never used."""
    if not os.path.exists(CHROMIUM):
        message = "Debian's chromium is missing: install it with `make chromium` (as root)"
        if os.environ.get("REQUIRE_BROWSER") == "1":  # CI: the browser tests must run
            pytest.fail(message)
        pytest.skip(message)
    # Playwright's sync API runs an event loop; Django's live server thread is not affected,
    # but the ORM in the test thread would refuse to run next to it without this.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="en-US")  # German must not depend on it
    yield context.new_page()
    context.close()
