"""The handbook's text holds together: every page it names exists, every link inside it lands
on a heading, every anchor is given once."""

from __future__ import annotations

import re

from django.urls import NoReverseMatch, get_resolver

from tournament.handbook.book import CHAPTERS_DIR, anchors, chapters, page_names

LINK = re.compile(r"\]\((#[^)]*|/[^)]*)\)")


def url_names() -> set[str]:
    names = set()
    resolver = get_resolver()
    for namespace, (_prefix, inner) in resolver.namespace_dict.items():
        names |= {f"{namespace}:{key}" for key in inner.reverse_dict if isinstance(key, str)}
    return names


def test_the_chapters_come_in_order_for_their_three_readers():
    titles = [chapter.title for chapter in chapters()]
    assert titles[0] == "Das Handbuch"
    for reader in ("Für die Turnierleitung", "Für den Schreiber", "Für die Spieler"):
        assert reader in titles
    assert "Auf einem Windows-Laptop" in titles


def test_every_page_the_handbook_names_exists():
    named = page_names()
    assert len(named) >= 10, "the handbook names the pages it explains"
    assert named - url_names() == set()


def test_a_page_that_is_gone_is_reported(tmp_path, monkeypatch):
    (tmp_path / "01-probe.md").write_text(
        "# Probe {#probe}\n\nAuf der Seite [Alt](seite:manage:gibt_es_nicht).\n", encoding="utf-8"
    )
    monkeypatch.setattr("tournament.handbook.book.CHAPTERS_DIR", tmp_path)
    assert page_names() - url_names() == {"manage:gibt_es_nicht"}


def test_every_link_inside_the_handbook_lands():
    known = anchors()
    for path in sorted(CHAPTERS_DIR.glob("*.md")):
        for target in LINK.findall(path.read_text(encoding="utf-8")):
            if target.startswith("#"):
                assert target[1:] in known, f"{path.name}: {target}"
            else:
                try:
                    get_resolver().resolve(target.split("#")[0])
                except Exception as error:  # Resolver404
                    raise AssertionError(f"{path.name}: {target}") from error
                if "#" in target:
                    assert target.split("#")[1] in known, f"{path.name}: {target}"


def test_every_anchor_is_given_once():
    given = [section.anchor for chapter in chapters() for section in chapter.sections]
    assert len(given) == len(set(given))
    assert all(re.fullmatch(r"[a-z0-9-]+", anchor) for anchor in given)


def test_no_heading_is_left_without_its_own_anchor():
    """A heading without `{#…}` would get an anchor made of its words, which changes with
    them: the "?" of a page would then lead nowhere."""
    for path in sorted(CHAPTERS_DIR.glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.match(r"#{1,3} ", line):
                assert re.search(r"\{#[a-z0-9-]+\}\s*$", line), f"{path.name}: {line}"


def test_unused_url_name_lookup_fails_plainly():
    try:
        get_resolver().reverse("manage:gibt_es_nicht")
    except NoReverseMatch:
        return
    raise AssertionError("reverse found a page that does not exist")
