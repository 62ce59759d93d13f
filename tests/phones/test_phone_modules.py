"""The phone page's script is a set of small ES modules (static/tournament/phones/): the page
loads main.js as a module and preloads, under the names main.js imports them by, every module
it needs, so that a slow network fetches them at once; no module is left out or left over."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.templatetags.static import static

from tests.phones.helpers import phone, url

pytestmark = pytest.mark.django_db

MODULES = Path(__file__).resolve().parents[2] / "static" / "tournament" / "phones"
IMPORT = re.compile(r'^import [^;]+ from "\./([\w-]+\.js)";$', re.M)


def imported(name: str, seen: set[str]) -> set[str]:
    """The modules `name` imports, directly or through others."""
    for module in IMPORT.findall((MODULES / name).read_text(encoding="utf-8")):
        if module not in seen:
            seen.add(module)
            imported(module, seen)
    return seen


def test_main_needs_every_other_module_and_each_is_small():
    files = {path.name for path in MODULES.glob("*.js")}
    assert imported("main.js", set()) == files - {"main.js"}
    for name in files:
        lines = (MODULES / name).read_text(encoding="utf-8").splitlines()
        assert len(lines) < 200, name
        assert not any(re.match(r"\s*window\.\w+\s*=", line) for line in lines), name


def test_the_page_loads_main_as_a_module_and_preloads_what_it_imports(link):
    html = phone(link).get(url("phone_sheet", link)).content.decode()
    main = static("tournament/phones/main.js")
    assert f'<script type="module" src="{main}"></script>' in html
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', html))
    base = main.rsplit("/", 1)[0] + "/"
    assert preloaded == {base + name for name in imported("main.js", set())}
