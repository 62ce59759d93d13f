"""The progress page of a print job in headless Chromium: its script (the module
static/tournament/sheets/print_progress.js, asking through web/fetch_json.js) polls the job's
status and, once a worker has made the PDF, shows its download link; no script error, no
policy violation."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser import logged_in
from tests.jobs.helpers import print_start, work_off

pytestmark = pytest.mark.django_db(transaction=True)

CSP_LISTENER = (
    "document.addEventListener('securitypolicyviolation', (e) =>"
    " console.error('Content Security Policy violation: ' + e.violatedDirective));"
)


def test_the_progress_page_shows_the_download_once_the_worker_is_done(
    page, live_server, clerk, example_tournament, settings
):
    settings.JOBS_BACKEND = "database"  # the job waits for the worker below
    client = Client()
    client.force_login(clerk)
    progress = print_start(client)
    logged_in(page, live_server.url, clerk)
    problems = []
    page.add_init_script(CSP_LISTENER)
    page.on("console", lambda m: "Security Policy" in m.text and problems.append(m.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(live_server.url + progress)
    expect(page.locator("#druck-fertig")).to_be_hidden()

    work_off()

    link = page.locator("#druck-link")
    expect(link).to_be_visible(timeout=10_000)  # polled once a second
    status = client.get(progress + "stand/").json()
    assert link.get_attribute("href") == status["url"]
    bar = page.locator("#druck-fortschritt")
    expect(bar).to_have_attribute("value", str(status["total"]))
    expect(bar).to_have_attribute("max", str(status["total"]))
    assert page.evaluate("document.activeElement.id") == "druck-link"
    assert problems == []
