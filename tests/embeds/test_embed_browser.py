"""The snippet in a page of another site: a plain HTML page served from another origin (another
host and port than the app's live server) frames the ranking and the calendar with the snippet
the management page gives. The frame shows the ranking's names, no Content-Security-Policy
complaint reaches the console, and the embed fits a 360 px phone and a 600 px frame."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.test import override_settings

from tournament.embeds.snippets import calendar_snippet, ranking_snippet

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

#: How far the page reaches beyond its width, in pixels.
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


class ClubSite:
    """The club's own website: one page on 127.0.0.1 (the live server is on localhost: another
    origin and another site) holding the given HTML."""

    def __init__(self, body: str):
        html = (
            '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>SK Vohenstrauß'
            f"</title></head><body><h1>Unser Verein</h1><div>{body}</div></body></html>"
        ).encode()

        class Page(BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(html)))
                self.end_headers()
                self.wfile.write(html)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def csp_complaints(page) -> list[str]:
    complaints: list[str] = []
    page.on(
        "console",
        lambda message: (
            complaints.append(message.text)
            if message.type == "error" or "Content Security Policy" in message.text
            else None
        ),
    )
    return complaints


def test_the_snippet_shows_the_ranking_in_a_frame_of_another_site(
    browser, live_server, published, evenings, tmp_path
):
    from playwright.sync_api import expect

    assert "localhost" in live_server.url
    with override_settings(SITE_URL=live_server.url):
        ranking = ranking_snippet(None, published)
        calendar = calendar_snippet(None, published.organiser)
    context = browser.new_context(viewport={"width": 700, "height": 1400}, locale="de-DE")
    page = context.new_page()
    complaints = csp_complaints(page)
    with ClubSite(ranking.code.replace('width="100%"', 'width="600"') + calendar.code) as site:
        page.goto(site.url)
        frame = page.frame_locator("iframe").first
        expect(frame.get_by_role("cell", name="Sepp Hofbauer 1")).to_be_visible()
        expect(frame.get_by_role("cell", name="Michl H.", exact=True)).to_be_visible()
        expect(frame.get_by_text("Rangliste nach 2 Durchgängen")).to_be_visible()
        other = page.frame_locator("iframe").nth(1)
        expect(other.get_by_text("Herbstturnier", exact=True)).to_be_visible()
        expect(other.get_by_role("link", name="Anmelden – Herbstturnier")).to_have_attribute(
            "target", "_blank"
        )
        page.screenshot(path=str(tmp_path / "verein-600.png"), full_page=True)
    assert not complaints, complaints
    context.close()


def test_the_embed_fits_a_phone(browser, live_server, published, evenings, tmp_path):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="de-DE")
    page = context.new_page()
    for name, path in [
        ("rangliste", f"/turnier/{published.slug}/einbetten/rangliste/"),
        ("kalender", f"/kalender/{published.organiser.slug}/einbetten/"),
    ]:
        page.goto(live_server.url + path)
        assert page.evaluate(OVERFLOW) <= 0, name
        page.screenshot(path=str(tmp_path / f"{name}-360.png"), full_page=True)
    context.close()
