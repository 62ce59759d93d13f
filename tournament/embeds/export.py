"""The static export of an organiser's public pages (`manage.py export_site DIR`): for a club
whose website is a plain webspace and whose laptop is never online. Its calendar of announced
tournaments (index.html), each published ranking (the last Durchgang published and each one
before it, as published), its seasons' public tables; plain HTML with relative links and the one
stylesheet they need, UTF-8.

Only what is public: a draft is left out, a ranking not published is left out, names as the
public ranking shows them. Written into a new folder beside DIR and then put in DIR's place, so
that DIR is never half-written and whatever is no longer public is gone after the next run. DIR
holds the export alone: a folder with other files (no mark of an earlier export) is refused.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from tournament import models
from tournament.calendar.entries import CalendarEntry, calendar_entries
from tournament.embeds.services import ranking_public
from tournament.seasons.services import season_standings
from tournament.web.form_errors import ServiceError

#: The file that marks a folder as written by this export (and so as one it may replace).
MARK = ".schafkopf-export"
STYLESHEET = "tournament/embeds/embed.css"
TEMPLATES = "tournament/embeds/export/"


class ExportError(ServiceError):
    """The export cannot be written; `errors` names the argument. Nothing was changed."""


@dataclass
class Written:
    """What an export wrote: the folder and its files (relative paths)."""

    folder: Path
    files: list[str] = field(default_factory=list)


def ranking_page(slug: str, after: int | None = None) -> str:
    """The path of a tournament's ranking in the export (the last one published: None)."""
    if after is None:
        return f"turnier/{slug}/index.html"
    return f"turnier/{slug}/durchgang-{after}.html"


def season_page(slug: str) -> str:
    return f"saison/{slug}/index.html"


def _up(path: str) -> str:
    """The way back from `path` to the export's top folder: "" or "../../"."""
    return "../" * path.count("/")


class _Site:
    def __init__(self, root: Path, organiser: models.Organiser):
        self.root, self.organiser = root, organiser
        self.files: list[str] = []

    def write(self, path: str, template: str, context: dict) -> None:
        context = {"organiser": self.organiser, "up": _up(path), **context}
        html = render_to_string(TEMPLATES + template, context)
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
        self.files.append(path)


def _entries(organiser: models.Organiser) -> tuple[list[CalendarEntry], list[CalendarEntry]]:
    return (
        calendar_entries(organiser=organiser, when="upcoming"),
        calendar_entries(organiser=organiser, when="past"),
    )


def _rankings(site: _Site, entries: list[CalendarEntry]) -> set[str]:
    """Each published ranking of the announced tournaments; the slugs of those written."""
    written = set()
    tournaments = models.Tournament.objects.in_bulk(
        [e.slug for e in entries if e.ranking_published], field_name="slug"
    )
    for slug, tournament in tournaments.items():
        ranking = ranking_public(tournament)
        if ranking is None:
            continue
        pages = [(n, ranking_page(slug, n)) for n in range(1, ranking.published + 1)]
        for after in [None, *range(1, ranking.published + 1)]:
            path = ranking_page(slug, after)
            last = after in (None, ranking.published)  # the final page and the last Durchgang's
            shown = ranking if last else ranking_public(tournament, after=after)
            context = {"tournament": tournament, "ranking": shown, "pages": pages, "here": path}
            site.write(path, "ranking.html", context)
        written.add(slug)
    return written


def _seasons(site: _Site, exported: set[str]) -> list[tuple[models.Season, str]]:
    """The organiser's seasons, each a page of its public table."""
    listed = []
    for season in site.organiser.seasons.order_by("name"):
        tournaments, rows = season_standings(season)
        path = season_page(season.slug)
        shown = [
            (t, ranking_page(t.slug) if t.slug in exported else "")
            for t in tournaments
            if t.announced
        ]
        context = {"season": season, "tournaments": tournaments, "shown": shown, "rows": rows}
        site.write(path, "season.html", context)
        listed.append((season, path))
    return listed


def _build(root: Path, organiser: models.Organiser) -> list[str]:
    site = _Site(root, organiser)
    upcoming, past = _entries(organiser)
    exported = _rankings(site, upcoming + past)
    seasons = _seasons(site, exported)
    context = {"upcoming": upcoming, "past": past, "exported": exported, "seasons": seasons}
    site.write("index.html", "index.html", context)
    stylesheet = finders.find(STYLESHEET)
    shutil.copyfile(str(stylesheet), root / "style.css")
    (root / MARK).write_text(organiser.slug + "\n", encoding="utf-8")
    return sorted([*site.files, "style.css"])


def _checked_folder(folder: Path) -> None:
    """DIR may be written: it is new, empty or an earlier export; its parent exists or can be
    made and takes files. Raises ExportError naming DIR."""
    if folder.exists() and not folder.is_dir():
        raise ExportError({"DIR": [_("DIR “%(dir)s” is a file, not a folder.") % {"dir": folder}]})
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARK).exists():
        message = _(
            "DIR “%(dir)s” holds other files and no earlier export: the export replaces its "
            "folder whole, so name a folder of its own (new or empty)."
        )
        raise ExportError({"DIR": [message % {"dir": folder}]})


def site_export(folder: Path, organiser: models.Organiser) -> Written:
    """Write the organiser's public pages into `folder`, replacing an earlier export whole.
    Raises ExportError (nothing written) when the folder cannot take it."""
    folder = folder.expanduser().absolute()
    _checked_folder(folder)
    unwritable = _("DIR “%(dir)s” cannot be written: %(reason)s")
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        build = Path(tempfile.mkdtemp(prefix=f".{folder.name}-neu-", dir=folder.parent))
    except OSError as error:
        reason = error.strerror or str(error)
        raise ExportError({"DIR": [unwritable % {"dir": folder, "reason": reason}]}) from error
    try:
        with translation.override(settings.LANGUAGE_CODE):
            files = _build(build, organiser)
        build.chmod(0o755)
        _replace(folder, build)
    except OSError as error:
        shutil.rmtree(build, ignore_errors=True)
        reason = error.strerror or str(error)
        raise ExportError({"DIR": [unwritable % {"dir": folder, "reason": reason}]}) from error
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise
    return Written(folder, files)


def _replace(folder: Path, build: Path) -> None:
    """Put the new export in the folder's place: the old one moved aside first, removed last."""
    if not folder.exists():
        build.rename(folder)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{folder.name}-alt-", dir=folder.parent))
    old.rmdir()
    folder.rename(old)
    try:
        build.rename(folder)
    except OSError:
        old.rename(folder)
        raise
    shutil.rmtree(old, ignore_errors=True)
