"""Browser steps of the phone tests (run in the Playwright thread by `drive`, tests/browser.py):
a phone opened at table 1 of `evening`, the sheet claimed, a game tapped in, a row read."""

from __future__ import annotations

import re

from django.urls import reverse
from playwright.sync_api import expect

from tournament.models import Table

SLUG = "abend"  # the `evening` tournament of conftest.py: table 1 of four players
CSP_LISTENER = (
    "document.addEventListener('securitypolicyviolation', (e) =>"
    " console.error('Content Security Policy violation: ' + e.violatedDirective));"
)


def table_one():
    return Table.objects.get(durchgang__tournament__slug=SLUG, number=1)


def phone(drive, problems=None):
    """A page on a phone of its own (its own cookies and storage); script errors and policy
    violations go into `problems` (failed requests while offline do not)."""
    context = drive(
        drive.browser.new_context,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale="de-DE",
    )
    drive(context.set_default_timeout, 5000)
    page = drive(context.new_page)
    if problems is not None:
        drive(page.add_init_script, CSP_LISTENER)
        drive(page.on, "console", lambda m: "Security Policy" in m.text and problems.append(m.text))
        drive(page.on, "pageerror", lambda error: problems.append(str(error)))
    return page


def open_sheet(page, base, link):
    page.goto(base + reverse("tournament:phone_sheet", args=[link.token]))
    page.get_by_label("PIN des Tisches").fill(link.pin)
    with page.expect_navigation():
        page.get_by_role("button", name="Spielliste öffnen").tap()
    expect(page.locator("#phone-net")).to_have_text("online")  # the script runs
    page.evaluate("window.notReloaded = true")


def claim(page):
    page.get_by_role("button", name="Ich schreibe die Liste").tap()
    expect(page.get_by_text("Du schreibst die Liste.")).to_be_visible()
    expect(page.locator("#phone-wizard")).to_be_visible()


def tap_game(page, number, taps, summary):
    """One game, one button after the other, checked in words, then saved."""
    wizard = page.locator("#phone-wizard")
    expect(wizard.get_by_role("heading")).to_have_text(f"Spiel {number}")
    for name in taps:
        wizard.get_by_role("button", name=name, exact=True).tap()
    expect(page.locator("#phone-summary")).to_have_text(summary)
    wizard.get_by_role("button", name="Speichern").tap()
    expect(wizard.get_by_role("heading")).to_have_text(f"Spiel {number + 1}")


def row(page, number):
    """Game `number` in the list (the stored one, or the one waiting to be sent)."""
    number = page.locator(".phone-no", has_text=re.compile(rf"^{number}$"))
    return page.locator("#phone-rows li").filter(has=number)
