"""`manage.py export_site DIR`: an organiser's public pages as static files with relative links,
only what is public, replaced whole on the next run; German messages for a bad argument."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.models import Organiser, Tournament
from tournament.ranking.publication import ranking_publish
from tournament.seasons.services import season_save

pytestmark = pytest.mark.django_db


def export(folder: Path, *args: str) -> str:
    out = StringIO()
    call_command("export_site", str(folder), *args, stdout=out)
    return out.getvalue()


def files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def links(page: Path) -> list[str]:
    return re.findall(r'(?:href|src)="([^"]+)"', page.read_text(encoding="utf-8"))


def test_the_public_pages_are_written_with_relative_links_that_resolve(
    published, evenings, tmp_path
):
    folder = tmp_path / "website"
    said = export(folder, "--organiser", published.organiser.slug)
    assert "index.html" in said
    written = files(folder)
    assert {
        "index.html",
        "style.css",
        "turnier/beispielturnier-2026/index.html",
        "turnier/beispielturnier-2026/durchgang-1.html",
        "turnier/beispielturnier-2026/durchgang-2.html",
    } <= written
    for name in written:
        if not name.endswith(".html"):
            continue
        page = folder / name
        for link in links(page):
            assert "://" not in link and not link.startswith("/"), (name, link)
            assert (page.parent / link).resolve().is_file(), (name, link)
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert "Herbstturnier" in index and "Beispielturnier 2026" in index
    ranking = (folder / "turnier/beispielturnier-2026/index.html").read_text(encoding="utf-8")
    assert "Sepp Hofbauer 1" in ranking and "Michl H." in ranking
    assert "Michl Hofbauer" not in ranking
    assert '<meta charset="utf-8">' in ranking


def test_a_draft_and_an_unpublished_ranking_are_absent(example_tournament, evenings, tmp_path):
    folder = tmp_path / "website"
    export(folder)
    written = files(folder)
    assert not any("beispielturnier" in name for name in written)  # not published
    text = "".join((folder / n).read_text(encoding="utf-8") for n in written if n.endswith("html"))
    assert "Geheimturnier" not in text and "geheimturnier" not in text
    assert "Sepp Hofbauer" not in text


def test_a_second_run_removes_what_is_no_longer_public(published, tmp_path):
    folder = tmp_path / "website"
    export(folder)
    assert (folder / "turnier/beispielturnier-2026/index.html").is_file()
    ranking_publish(tournament=published, publication=Tournament.Publication.HIDDEN)
    export(folder)
    assert not (folder / "turnier").exists()
    assert (folder / "index.html").is_file()
    assert not [p for p in tmp_path.iterdir() if p.name != "website"]  # nothing left beside


def test_an_unknown_organiser_is_named(example_tournament, tmp_path):
    with pytest.raises(CommandError, match="--organiser: Es gibt keinen Veranstalter „niemand“"):
        export(tmp_path / "website", "--organiser", "niemand")
    assert not (tmp_path / "website").exists()


def test_several_organisers_ask_for_one(example_tournament, tmp_path):
    Organiser.objects.create(name="Zweiter Verein", slug="zweiter")
    with pytest.raises(CommandError, match="--organiser"):
        export(tmp_path / "website")


def test_a_folder_that_cannot_be_written_is_named(example_tournament, tmp_path):
    (tmp_path / "datei").write_text("x", encoding="utf-8")
    target = tmp_path / "datei" / "website"  # its parent is a file: not even root writes there
    with pytest.raises(CommandError, match="DIR .*kann nicht geschrieben werden"):
        export(target)
    assert (tmp_path / "datei").read_text(encoding="utf-8") == "x"


def test_a_folder_with_other_files_is_not_replaced(example_tournament, tmp_path):
    folder = tmp_path / "homepage"
    folder.mkdir()
    (folder / "impressum.html").write_text("Impressum", encoding="utf-8")
    with pytest.raises(CommandError, match="DIR .*andere Dateien"):
        export(folder)
    assert (folder / "impressum.html").read_text(encoding="utf-8") == "Impressum"


def test_a_file_as_folder_is_named(example_tournament, tmp_path):
    (tmp_path / "datei").write_text("x", encoding="utf-8")
    with pytest.raises(CommandError, match="DIR .*ist eine Datei"):
        export(tmp_path / "datei")


def test_a_season_is_written_with_its_public_table(published, tmp_path):
    season_save(
        organiser=published.organiser,
        name="Jahreswertung 2026",
        slug="jahr-2026",
        tournaments=[published],
    )
    folder = tmp_path / "website"
    export(folder)
    page = folder / "saison/jahr-2026/index.html"
    html = page.read_text(encoding="utf-8")
    assert "Jahreswertung 2026" in html
    assert "Sepp Hofbauer 1" in html and "Michl H." in html and "Michl Hofbauer" not in html
    assert 'href="../../turnier/beispielturnier-2026/index.html"' in html
    assert 'href="saison/jahr-2026/index.html"' in (folder / "index.html").read_text("utf-8")


def test_a_ranking_published_after_durchgang_1_is_exported_so_far(example_tournament, tmp_path):
    ranking_publish(
        tournament=example_tournament, publication=Tournament.Publication.AFTER, after=1
    )
    folder = tmp_path / "website"
    export(folder)
    written = {n for n in files(folder) if n.startswith("turnier/")}
    slug = example_tournament.slug
    assert written == {f"turnier/{slug}/index.html", f"turnier/{slug}/durchgang-1.html"}
    html = (folder / f"turnier/{slug}/index.html").read_text(encoding="utf-8")
    assert "Rangliste nach 1 Durchgang" in html
