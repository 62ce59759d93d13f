"""The phone page's script is a set of small ES modules (static/tournament/phones/, and the
shared static/tournament/web/fetch_json.js): the page loads main.js as a module and preloads,
under the names main.js imports them by, every module it needs, so that a slow network fetches
them at once; no module is left out or left over."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.templatetags.static import static

from tests.phones.helpers import phone, url

pytestmark = pytest.mark.django_db

STATIC = Path(__file__).resolve().parents[2] / "static"
MODULES = STATIC / "tournament" / "phones"
IMPORT = re.compile(r'^import [^;]+ from "(\.\.?/[\w/-]+\.js)";$', re.M)


def imported(name: str, seen: set[str]) -> set[str]:
    """The modules `name` imports, directly or through others (paths under static/, such as
    tournament/phones/draft.js or the shared tournament/web/fetch_json.js)."""
    for module in IMPORT.findall((STATIC / name).read_text(encoding="utf-8")):
        path = posixpath.normpath(posixpath.join(posixpath.dirname(name), module))
        if path not in seen:
            seen.add(path)
            imported(path, seen)
    return seen


def test_main_needs_every_other_module_and_each_is_small():
    files = {f"tournament/phones/{path.name}" for path in MODULES.glob("*.js")}
    needed = imported("tournament/phones/main.js", set())
    assert needed == files - {"tournament/phones/main.js"} | {"tournament/web/fetch_json.js"}
    for name in files | needed:
        lines = (STATIC / name).read_text(encoding="utf-8").splitlines()
        assert len(lines) < 200, name
        assert not any(re.match(r"\s*window\.\w+\s*=", line) for line in lines), name


def test_the_page_loads_main_as_a_module_and_preloads_what_it_imports(link):
    html = phone(link).get(url("phone_sheet", link)).content.decode()
    main = static("tournament/phones/main.js")
    assert f'<script type="module" src="{main}"></script>' in html
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', html))
    needed = imported("tournament/phones/main.js", set())
    assert preloaded == {settings.STATIC_URL + name for name in needed}  # not hashed names
