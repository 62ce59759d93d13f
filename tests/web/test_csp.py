"""The Content-Security-Policy: every HTML page carries it, without 'unsafe-inline', and has no
inline script, style element, style attribute or event handler that it would block; PDFs go
without it (Chromium's PDF viewer would break); in Chromium no page logs a violation."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client, RequestFactory
from django.urls import reverse
from django.views.defaults import server_error

from tests.browser import logged_in
from tests.web.helpers import SLUG, routes

pytestmark = pytest.mark.slow

INLINE = {
    "inline script": re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.I),
    "style element": re.compile(r"<style[\s>]", re.I),
    "style attribute": re.compile(r"<[^>]+\sstyle\s*=", re.I),
    "event handler": re.compile(r"<[^>]+\son[a-z]+\s*=", re.I),
    "javascript: link": re.compile(r"""=\s*["']?\s*javascript:""", re.I),
}


def inline_code(html: str) -> list[str]:
    return [kind for kind, pattern in INLINE.items() if pattern.search(html)]


def policy_problems(response) -> list[str]:
    policy = response.get("Content-Security-Policy", "")
    if not policy:
        return ["no Content-Security-Policy"]
    directives = dict(
        (part.split(" ", 1) + [""])[:2] for part in (p.strip() for p in policy.split(";")) if part
    )
    problems = [
        f"{name} allows 'unsafe-inline'"
        for name in directives
        if "'unsafe-inline'" in directives[name]
    ]
    for name, value in (
        ("script-src", "'self'"),
        ("style-src", "'self'"),
        ("object-src", "'none'"),
    ):
        if directives.get(name) != value:
            problems.append(f"{name} is {directives.get(name)!r}")
    return problems


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["anonymous", "clerk", "supervisor"])
def test_every_html_page_has_the_policy_and_no_inline_code_and_pdfs_go_without(world, role):
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(world.users[role])
    problems, html_pages = [], 0
    for name, url in routes(world):
        response = client.get(url)
        content_type = response.get("Content-Type", "")
        if content_type.startswith("text/html"):
            html_pages += 1
            body = response.content.decode()
            for problem in policy_problems(response) + inline_code(body):
                problems.append(f"{role} {url} ({name}, {response.status_code}): {problem}")
        elif "Content-Security-Policy" in response:
            problems.append(f"{url} ({content_type}) carries the policy")
    assert problems == []
    assert html_pages >= 15


@pytest.mark.django_db
def test_the_error_pages_and_the_lockout_page_have_the_policy_and_no_inline_code(client, world):
    responses = [
        client.get("/gibt-es-nicht/"),
        client.get(reverse("manage:dashboard", args=[SLUG])),
    ]
    client.force_login(world.users["clerk"])
    responses.append(client.get(reverse("manage:dashboard", args=[SLUG])))  # 403
    for _ in range(settings.AXES_FAILURE_LIMIT):
        locked = client.post(reverse("login"), {"username": "leitung", "password": "falsch"})
    responses.append(locked)
    assert [r.status_code for r in responses] == [404, 302, 403, 429]
    for response in responses:
        assert policy_problems(response) == []
        assert inline_code(response.content.decode()) == []


def test_the_server_error_page_has_no_inline_code():
    response = server_error(RequestFactory().get("/"))
    html = response.content.decode()
    assert response.status_code == 500 and "Serverfehler" in html
    assert inline_code(html) == []
    assert '<link rel="stylesheet" href="/static/css/error.css">' in html
    assert (settings.BASE_DIR / "static" / "css" / "error.css").is_file()


@pytest.mark.django_db(transaction=True)
def test_chromium_reports_no_policy_violation_on_the_pages_with_scripts_and_charts(
    page,
    live_server,
    world,
):
    logged_in(page, live_server.url, world.users["clerk"])
    messages = []
    page.on("console", lambda message: messages.append(message.text))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " console.error('Content Security Policy violation: ' + e.violatedDirective));"
    )
    sheet = reverse("manage:sheet", args=[SLUG, 1, 2])
    page.goto(live_server.url + sheet)
    assert page.evaluate("document.activeElement.id") == "id_code"  # the external focus script
    page.keyboard.type("r e 1 3 +")
    page.locator("#vorschau").filter(has_text="+").wait_for()  # sheet.js previewed the game
    for url in (
        reverse("tournament:ranking", args=[SLUG]),
        reverse("tournament:statistics", args=[SLUG]),
        reverse("tournament:projector", args=[SLUG]),
        reverse("manage:hand", args=[SLUG, 1, 2, 1]),
    ):
        page.goto(live_server.url + url)
        page.wait_for_load_state()
    violations = [m for m in messages if "Content Security Policy" in m]
    assert violations == []
