"""`make hall` for real: `manage.py hall` (what the make target runs after migrate and
collectstatic) starts gunicorn on a second loopback address, 127.0.0.2, standing in for the
laptop's address in the hall's WLAN (Linux answers on all of 127/8 without root). The phones'
side is played by urllib: the public ranking, the supervisor's Hallen-Aushang and table card,
and the table's phone link read off that card, all through that address.

The server reads this test's database (committed: a transactional test) and the test settings
(their only difference that matters here: the fast password hasher of the test users).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from tests.pdfs import pdf_text
from tests.waiting import until
from tournament.models import Durchgang, Tournament
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = "127.0.0.2"
SLUG = "beispielturnier-2026"
START = 90.0  # seconds at most until the server answers (a busy machine starts Django slowly)


def free_port() -> int:
    """A port free on 127.0.0.2; the test skips where that address cannot be bound."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as trial:
        try:
            trial.bind((ADDRESS, 0))
        except OSError as error:
            pytest.skip(f"cannot listen on {ADDRESS} here: {error}")
        return trial.getsockname()[1]


@pytest.fixture
def hall(example_tournament, supervisor, server_database_url):
    """The tournament as on the evening: tables of Durchgang 1 published, the ranking live, a
    phone link for table 1; then `manage.py hall` on 127.0.0.2 with a free port."""
    Durchgang.objects.filter(tournament=example_tournament, number=1).update(published=True)
    Tournament.objects.filter(pk=example_tournament.pk).update(
        ranking_publication=Tournament.Publication.LIVE
    )
    table = Durchgang.objects.get(tournament=example_tournament, number=1).tables.get(number=1)
    link = table_link_issue(table=table, user=supervisor)
    port = free_port()
    environment = dict(
        os.environ,
        HALL_ADDRESS=ADDRESS,
        HALL_PORT=str(port),
        DATABASE_URL=server_database_url,
        WEB_CONCURRENCY="1",
        GUNICORN_CMD_ARGS="--no-control-socket",  # none shared with another gunicorn
        PYTHONUNBUFFERED="1",
    )
    environment.pop("SITE_URL", None)
    environment.pop("DJANGO_ALLOWED_HOSTS", None)
    server = subprocess.Popen(
        [sys.executable, "manage.py", "hall"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    site = f"http://{ADDRESS}:{port}"
    try:
        wait_until_answering(server, site)
        yield site, link
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        output, _ = server.communicate(timeout=60)
        print(output.decode(errors="replace"))  # shown when the test fails


def wait_until_answering(server: subprocess.Popen, site: str) -> None:
    def answers() -> bool:
        if server.poll() is not None:
            pytest.fail(f"the server stopped: {server.stdout.read().decode(errors='replace')}")
        try:
            with urllib.request.urlopen(f"{site}/healthz", timeout=5) as answer:
                return answer.status == 200
        except OSError:
            return False

    if not until(answers, timeout=START, interval=0.3):
        pytest.fail("the server did not answer")


def fetch(opener, url: str, data: dict | None = None) -> tuple[int, bytes]:
    body = urlencode(data).encode() if data is not None else None
    try:
        with opener.open(url, data=body, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.mark.slow
def test_the_hall_reaches_ranking_notice_and_table_link_on_the_laptops_address(hall):
    site, link = hall
    phone = urllib.request.build_opener()  # no cookies: a player's phone

    status, ranking = fetch(phone, f"{site}/turnier/{SLUG}/")
    assert status == 200
    page = ranking.decode()
    assert "Beispielturnier 2026" in page and "Sepp Hofbauer" in page
    assert f"{site}/turnier/{SLUG}/" in fetch(phone, f"{site}/turnier/{SLUG}/leinwand/")[1].decode()

    # Only the hall's address (and the laptop's own) is allowed: another name is refused.
    stranger = urllib.request.Request(f"{site}/turnier/{SLUG}/", headers={"Host": "evil.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(stranger, timeout=60)
    assert refused.value.code == 400

    # The supervisor logs in through the same address and prints.
    supervisor = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    login = f"{site}{reverse('login')}"
    form = fetch(supervisor, login)[1].decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    credentials = {"csrfmiddlewaretoken": token, "username": "leitung", "password": "geheim-12345"}
    status, _ = fetch(supervisor, login, credentials)
    assert status == 200  # redirected to the first page, logged in

    status, notice = fetch(supervisor, f"{site}{reverse('manage:hall_notice', args=[SLUG])}")
    assert status == 200
    text = pdf_text(notice)
    assert f"{site}/turnier/{SLUG}/" in text and "Tische und Rangliste auf dem Handy" in text

    cards = fetch(supervisor, f"{site}{reverse('manage:print', args=[SLUG, 1, 'tischkarten'])}")
    printed = re.findall(r"http://\S+/tisch/\S+/", pdf_text(cards[1]))
    assert printed == [f"{site}/tisch/{link.token}/"]

    # The phone opens the printed link: table 1's PIN form.
    status, sheet = fetch(phone, printed[0])
    assert status == 200
    assert "Tisch 1" in sheet.decode() and "PIN" in sheet.decode()
