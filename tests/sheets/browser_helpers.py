"""Browser steps of the scoresheet tests (run in the Playwright thread by `drive`,
tests/browser.py) and the `evening` tournament's addresses and table 1."""

from __future__ import annotations

from django.urls import reverse
from playwright.sync_api import expect

from tournament.models import Table

SLUG = "abend"
PASSWORD = "geheim-12345"


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def table_one():
    return Table.objects.get(durchgang__tournament__slug=SLUG, number=1)


def log_in(page, base, username):
    page.goto(base + "/accounts/login/")
    expect(page.get_by_label("Benutzername")).to_be_focused()
    page.keyboard.type(username)
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_role("button", name=f"Abmelden ({username})")).to_be_visible()
