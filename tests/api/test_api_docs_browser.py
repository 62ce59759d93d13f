"""The API's docs page (Swagger UI) works in a hall without internet: every file it loads comes
from this server, at a phone's width and a desktop's."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [360, 1280])
def test_the_docs_page_shows_every_operation_from_this_server_alone(live_server, page, width):
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + "/api/v1/docs")
    page.wait_for_selector(".opblock")
    shown = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/v1/turniere/{slug}/wertung/" in [text.replace("\u200b", "") for text in shown]
    here = urlsplit(live_server.url).netloc
    assert requested
    assert all(urlsplit(url).netloc == here for url in requested if url.startswith("http")), (
        requested
    )
