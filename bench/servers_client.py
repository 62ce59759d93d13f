"""What `bench/servers.py` talks to its servers with: a browser's cookie jar used against both
app servers (the session lives in the database, so a login on A holds on B), and a probe of
the local Redis server (its protocol's PING, so no client library is needed)."""

from __future__ import annotations

import http.cookiejar
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from pathlib import Path

#: Parts of a page that differ from one request to the next without anything having changed.
VOLATILE = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


class Client:
    """One browser: a cookie jar, sent to whichever server a request goes to."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def wait_up(self, log: Path) -> None:
        for _ in range(600):
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=5).close()
                return
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)
        raise RuntimeError(f"{self.base} did not answer; see {log}:\n{log.read_text()[-2000:]}")

    def get(self, url: str) -> tuple[int, bytes]:
        try:
            with self.opener.open(url, timeout=120) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def page(self, url: str) -> bytes:
        """The page without its per-request tokens: equal while nothing changed."""
        status, body = self.get(url)
        if status != 200:
            raise RuntimeError(f"{url} answered {status}")
        return VOLATILE.sub(b"", body)

    def download(self, url: str) -> tuple[str, bytes]:
        with self.opener.open(url, timeout=120) as response:
            return response.headers.get_content_type(), response.read()

    def post(self, url: str, fields: Mapping[str, str | int]) -> str:
        """POST a form with the CSRF token of the cookie; the address the answer landed on."""
        token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields}).encode()
        with self.opener.open(url, body, timeout=120) as response:
            response.read()
            return response.geturl()

    def login(self, username: str, password: str, after: str) -> None:
        self.get(self.base + "/accounts/login/")
        fields = {"username": username, "password": password, "next": after}
        landed = self.post(self.base + "/accounts/login/", fields)
        if not landed.endswith(after):
            raise RuntimeError(f"{username} is not logged in: {landed}")


def redis_answers(host: str = "127.0.0.1", port: int = 6379) -> bool:
    """True when a Redis server answers PING there."""
    try:
        with socket.create_connection((host, port), timeout=1) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(16).startswith(b"+PONG")
    except OSError:
        return False
