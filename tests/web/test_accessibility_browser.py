"""Every page of the site checked by axe-core (axe-playwright-python bundles it) against
WCAG 2.1 A and AA, in a real browser at the width of a laptop (1280 px) and of a phone (360 px).

The pages are those of the access walk (tests/web/test_access_walk.py): every URL pattern
filled from its played tournament, each asked by the least role that sees it (the public pages
by an anonymous visitor, a clerk's pages by the clerk and by the supervisor, whose pages show
more, the supervisor's by him, the staff's by a staff user), and kept when it answers an HTML
page (no PDF, spreadsheet, JSON or redirect). The table's phone page is checked before its PIN
and after. One test per width (so two workers share the walk), one tab for all its pages:
axe runs only the rules of the WCAG tags. A violation names its rule and the elements it found.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.walk_helpers import (
    ACCESS,
    CLERK,
    KEEPER,
    PUBLIC,
    STAFF,
    SUPERVISOR,
    USER,
    url_patterns,
    user_create,
)
from tests.web.walk_world import url_kwargs

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
WIDTHS = {1280: 800, 360: 740}
# Who asks for each role's pages (the access walk's users; `staff` is made here).
VIEWERS = {PUBLIC: ("anonymous",), USER: ("supervisor",), STAFF: ("staff",)}
VIEWERS |= {CLERK: ("clerk", "supervisor"), SUPERVISOR: ("supervisor",), KEEPER: ("supervisor",)}


def html_pages(client: Client, urls: list[str]) -> list[str]:
    """The URLs that answer `client` with an HTML page."""
    pages = []
    for url in urls:
        response = client.get(url)
        if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
            pages.append(url)
    return pages


def viewers(world) -> dict[str, tuple[Client, list[str]]]:
    """Per viewer: a client logged in as him (the phone's: with the table's PIN typed) and the
    HTML pages he is to be shown."""
    users = {**world.users, "staff": user_create("personal", is_staff=True)}
    urls: dict[str, list[str]] = {}
    for name, arguments in sorted(url_patterns(), key=lambda item: str(item[0])):
        if ACCESS[name] not in VIEWERS or name == "logout":
            continue
        url = reverse(name, kwargs=url_kwargs(name, arguments, world))
        for viewer in VIEWERS[ACCESS[name]]:
            urls.setdefault(viewer, []).append(url)
    found = {}
    for viewer, wanted in urls.items():
        client = Client()
        if viewer != "anonymous":
            client.force_login(users[viewer])
        found[viewer] = (client, html_pages(client, wanted))
    phone = Client()
    sheet = reverse("tournament:phone_sheet", args=[world.link.token])
    assert phone.post(sheet, {"pin": world.link.pin}).status_code == 302
    found["phone"] = (phone, [sheet])
    return found


# Every table shown at 360 px (a phone's width, where most are wider than the window) is in a
# region the keyboard reaches (tabindex 0) to scroll it, named by its heading (one piece of
# markup for all: tournament/templatetags/regions.py).
UNREACHABLE_TABLES = """() => Array.from(document.querySelectorAll("table"))
  .filter((table) => table.offsetParent !== null)
  .filter((table) => {
    const region = table.closest('[role="region"][tabindex="0"][aria-labelledby]');
    const label = region && document.getElementById(region.getAttribute("aria-labelledby"));
    return !(label && label.textContent.trim());
  })
  .map((table) => table.className || table.outerHTML.slice(0, 60))"""


def violations_of(page, axe) -> list[str]:
    results = axe.run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    found = []
    for violation in results.response["violations"]:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        found.append(f"{violation['id']} ({violation['help']}): {', '.join(targets[:5])}")
    return found


@pytest.mark.parametrize("width", WIDTHS)  # two tests: each width on a worker of its own
def test_every_page_meets_wcag_21_aa_at_both_widths(browser, live_server, world, width):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    checked = viewers(world)
    assert len(checked["anonymous"][1]) >= 10 and len(checked["supervisor"][1]) >= 30
    problems = []
    # The page's Content-Security-Policy would refuse axe's script injected into it.
    context = browser.new_context(
        viewport={"width": width, "height": WIDTHS[width]}, locale="de-DE", bypass_csp=True
    )
    page = context.new_page()
    for viewer, (client, urls) in checked.items():
        context.clear_cookies()
        if "sessionid" in client.cookies:
            cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value}
            context.add_cookies([{**cookie, "url": live_server.url}])
        for url in urls:
            page.goto(live_server.url + url)
            for violation in violations_of(page, axe):
                problems.append(f"{width} px, {viewer}, {url}: {violation}")
            for table in page.evaluate(UNREACHABLE_TABLES) if width == 360 else []:
                problems.append(f"{width} px, {viewer}, {url}: table {table} not in a region")
    context.close()
    assert problems == [], "\n".join(problems)
