"""What a cup file holds (docs/cup.md, *The cup file*): the evening's final standings as its own
installation ranks them, with the whole tournament in the interchange format beside them, and
the time it was signed. Written here for a finished tournament (`cup_file`), read back into an
`Evening` (`evening_read`) with every problem named in German by its place in the file.

A standings row, as the cup stores it: name (in full), public_name (as the evening's public
ranking shows it: the person's choice), club, rank, points and the tie-break counters of rule
5.4.2 in its order (`counters`).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from rules.tiebreaks import COUNTERS
from tournament import models
from tournament.cups.signing import CupFileError, envelope_sign, signing_key
from tournament.exchange.interchange.writer import tournament_document
from tournament.models.persons import public_name
from tournament.ranking.standings import standings_compute, standings_played
from tournament.ranking.standings_export import standing_record

PAYLOAD = "schafkopf-pokal-ergebnis"
VERSION = 1
MAX_NAME = 200


@dataclass(frozen=True)
class Evening:
    slug: str
    name: str
    date: dt.date
    signed_at: dt.datetime
    standings: list[dict[str, Any]]


def tournament_finished(tournament: models.Tournament) -> bool:
    """Finished for the cup: marked finished, or every planned Durchgang has games."""
    if tournament.status == models.Tournament.Status.FINISHED:
        return True
    return standings_played(tournament) >= tournament.number_of_durchgaenge


def tournament_rows(
    tournament: models.Tournament, after: int, *, ids: bool = False
) -> list[dict[str, Any]]:
    """The standings rows after Durchgang `after`, as the cup stores them; with `ids` (the cup
    table of a hosted evening, never a file) also the player's and the person's ids."""
    rows = []
    for standing in standings_compute(tournament, after=after):
        record = standing_record(standing)
        extra = {"ids": (standing.player.pk, standing.player.person_id)} if ids else {}
        rows.append(
            {
                **extra,
                "name": record["name"],
                "public_name": public_name(record["name"], full=standing.player.publish_full_name),
                "club": record["club"],
                "rank": record["rank"],
                "points": record["points"],
                "counters": [record[name] for name in COUNTERS],
            }
        )
    return rows


def cup_file(tournament: models.Tournament, *, now: dt.datetime | None = None) -> bytes:
    """The signed cup file of a finished tournament; CupFileError (German) when it cannot be
    made: the tournament not finished, or its organiser without a key yet."""
    organiser = tournament.organiser or models.organiser_default()
    key = signing_key(organiser)
    if key is None:
        raise CupFileError(
            _("%(organiser)s has no cup key yet: create it on the page “Cup key”.")
            % {"organiser": organiser.name}
        )
    if not tournament_finished(tournament):
        raise CupFileError(
            _("%(tournament)s is not finished: only a finished tournament is sent to a cup.")
            % {"tournament": tournament.name}
        )
    payload = {
        "format": PAYLOAD,
        "version": VERSION,
        "signed_at": (now or timezone.now()).astimezone(dt.UTC).isoformat(),
        "organiser": {"name": organiser.name, "slug": organiser.slug},
        "evening": {
            "slug": tournament.slug,
            "name": tournament.name,
            "date": tournament.date.isoformat(),
        },
        "standings": tournament_rows(tournament, tournament.number_of_durchgaenge),
        "tournament": tournament_document(tournament),
    }
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    return envelope_sign(data, key)


def _text(value: Any, place: str, problems: list[str], *, limit: int = MAX_NAME) -> str:
    if not isinstance(value, str) or len(value) > limit:
        problems.append(
            _("%(place)s: no text of at most %(limit)s characters")
            % {"place": place, "limit": limit}
        )
        return ""
    return value.strip()


def _number(value: Any, place: str, problems: list[str]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
        problems.append(_("%(place)s: no whole number") % {"place": place})
        return 0
    return value


def _row(raw: Any, place: str, problems: list[str]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        problems.append(_("%(place)s: no standings row") % {"place": place})
        return {}
    name = _text(raw.get("name"), f"{place}.name", problems)
    if not name and f"{place}.name" not in " ".join(problems):
        problems.append(_("%(place)s: the name is empty") % {"place": f"{place}.name"})
    counters = raw.get("counters")
    if not isinstance(counters, list) or len(counters) != len(COUNTERS):
        problems.append(
            _("%(place)s: %(count)s tie-break counters expected")
            % {"place": f"{place}.counters", "count": len(COUNTERS)}
        )
        counters = [0] * len(COUNTERS)
    return {
        "name": name,
        "public_name": _text(raw.get("public_name", ""), f"{place}.public_name", problems) or name,
        "club": _text(raw.get("club", ""), f"{place}.club", problems),
        "rank": _number(raw.get("rank"), f"{place}.rank", problems),
        "points": _number(raw.get("points"), f"{place}.points", problems),
        "counters": [
            _number(c, f"{place}.counters[{i}]", problems) for i, c in enumerate(counters)
        ],
    }


def evening_read(payload: bytes) -> Evening:
    """The evening a verified payload holds; CupFileError naming up to five problems."""
    try:
        content = json.loads(payload)
    except ValueError:
        content = None
    if not isinstance(content, dict) or content.get("format") != PAYLOAD:
        raise CupFileError(_("The cup file holds no result of an evening."))
    if content.get("version") != VERSION:
        raise CupFileError(
            _("The cup file has version %(version)s; this installation reads version 1.")
            % {"version": content.get("version")}
        )
    problems: list[str] = []
    found = content.get("evening")
    evening: dict[str, Any] = found if isinstance(found, dict) else {}
    slug = _text(evening.get("slug"), "evening.slug", problems, limit=120)
    name = _text(evening.get("name"), "evening.name", problems)
    try:
        date = dt.date.fromisoformat(str(evening.get("date")))
    except ValueError:
        problems.append(_("%(place)s: no date") % {"place": "evening.date"})
        date = dt.date.min
    try:
        signed_at = dt.datetime.fromisoformat(str(content.get("signed_at")))
    except ValueError:
        signed_at = None
    if signed_at is None or signed_at.tzinfo is None:
        problems.append(_("%(place)s: no time of signing") % {"place": "signed_at"})
        signed_at = dt.datetime.min.replace(tzinfo=dt.UTC)
    raw_rows = content.get("standings")
    if not isinstance(raw_rows, list) or not raw_rows:
        problems.append(_("%(place)s: no standings") % {"place": "standings"})
        raw_rows = []
    rows = [_row(raw, f"standings[{i}]", problems) for i, raw in enumerate(raw_rows)]
    ranks = sorted(r.get("rank", 0) for r in rows)
    if rows and ranks != list(range(1, len(rows) + 1)):
        problems.append(_("standings: the ranks do not run 1, 2, 3 … without gaps"))
    if problems:
        raise CupFileError(
            _("The cup file is not readable: %(problems)s") % {"problems": "; ".join(problems[:5])}
        )
    rows.sort(key=lambda r: r["rank"])
    return Evening(slug=slug, name=name, date=date, signed_at=signed_at, standings=rows)
