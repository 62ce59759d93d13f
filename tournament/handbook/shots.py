"""Taking the handbook's pictures from a running app (`make screenshots`): Debian's chromium
driven by Playwright (never a browser of Playwright's own), logged in as the demo supervisor for
the management pages and the printouts, a phone of its own (no login) for the players' pages;
a printout's first page made a PNG by pdftoppm.

Nothing here touches the database: Playwright's sync API runs an event loop, beside which
Django refuses the ORM. The addresses come ready from `scene.Scene`."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tournament.handbook.pictures import DESKTOP_SIZE, PDF_DPI, PHONE_SCALE, PHONE_SIZE, Picture
from tournament.system.chromium import CHROMIUM
from tournament.system.chromium import FLAGS as BROWSER_FLAGS

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Response

PDFTOPPM = "/usr/bin/pdftoppm"
FLAGS = [*BROWSER_FLAGS, "--hide-scrollbars"]
SETTLE_MS = 400  # after the page's load: its scripts' first drawing, the web fonts


class ShotError(Exception):
    """A picture could not be taken: the page answered with an error or a login."""


@dataclass(frozen=True)
class Shot:
    name: str
    picture: Picture
    address: str  # the path on the app, from the scene


@dataclass(frozen=True)
class Login:
    username: str
    password: str
    pin: str  # of the phone page's table


def shots_take(
    base_url: str, shots: list[Shot], out: Path, login: Login, report: Callable[[str], Any]
) -> None:
    """Write each shot to `out`/NAME.png; `report` hears of each file written."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            width, height = DESKTOP_SIZE
            desk = browser.new_context(
                viewport={"width": width, "height": height}, locale="de-DE", base_url=base_url
            )
            _login(desk.new_page(), login)
            width, height = PHONE_SIZE
            phone = browser.new_context(
                viewport={"width": width, "height": height},
                device_scale_factor=PHONE_SCALE,
                is_mobile=True,
                has_touch=True,
                locale="de-DE",
                base_url=base_url,
            )
            for shot in shots:
                target = out / f"{shot.name}.png"
                if shot.picture.kind == "pdf":
                    _printout(desk, shot, target)
                else:
                    context = desk if shot.picture.kind == "desktop" else phone
                    _screenshot(context, shot, target, login)
                report(f"{target} ({target.stat().st_size // 1024} KB)")
        finally:
            browser.close()


def _login(page: Page, login: Login) -> None:
    page.goto("/accounts/login/")
    page.fill("input[name=username]", login.username)
    page.fill("input[name=password]", login.password)
    page.locator("form:has(input[name=password]) [type=submit]").click()
    page.wait_for_load_state()
    if "/accounts/login/" in page.url:
        raise ShotError(f"The login as {login.username} failed: is this the demo's database?")
    page.close()


def _checked(response: Response | None, shot: Shot, url: str) -> None:
    if response is None or response.status != 200:
        status = response.status if response is not None else "no answer"
        raise ShotError(f"{shot.name}: {shot.address} answered {status}")
    if "/accounts/login/" in url:
        raise ShotError(f"{shot.name}: {shot.address} asked for a login")


def _screenshot(context: BrowserContext, shot: Shot, target: Path, login: Login) -> None:
    page = context.new_page()
    try:
        response = page.goto(shot.address)
        if page.locator("input[name=pin]").count():  # a table's phone page asks its PIN first
            page.fill("input[name=pin]", login.pin)
            with page.expect_navigation():
                page.locator("form:has(input[name=pin]) [type=submit]").click()
            response = page.goto(shot.address)
        page.wait_for_load_state()
        _checked(response, shot, page.url)
        if shot.picture.press:
            page.locator(shot.picture.press).click()
            page.wait_for_load_state()
        page.wait_for_timeout(SETTLE_MS)
        options: dict[str, Any] = {"path": str(target), "animations": "disabled", "caret": "hide"}
        if shot.picture.height:
            whole = page.evaluate("document.documentElement.scrollHeight")
            width, window = PHONE_SIZE if shot.picture.kind == "phone" else DESKTOP_SIZE
            height = max(window, min(whole, shot.picture.height))
            options.update(full_page=True, clip={"x": 0, "y": 0, "width": width, "height": height})
        page.screenshot(**options)
    finally:
        page.close()


def _printout(context: BrowserContext, shot: Shot, target: Path) -> None:
    response = context.request.get(shot.address)
    if response.status != 200 or response.headers.get("content-type") != "application/pdf":
        raise ShotError(f"{shot.name}: {shot.address} answered {response.status}, no PDF")
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "printout.pdf"
        pdf.write_bytes(response.body())
        stem = Path(folder) / "page"
        subprocess.run(
            [PDFTOPPM, "-png", "-r", str(PDF_DPI), "-f", "1", "-l", "1", "-singlefile", pdf, stem],
            check=True,
            capture_output=True,
        )
        target.write_bytes(stem.with_suffix(".png").read_bytes())
