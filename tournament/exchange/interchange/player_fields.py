"""The `players` of an interchange file: id, name, club, the player replaced, and the optional
`person` key that names the same person across files (docs/interchange-format.md)."""

# Declared boilerplate (duplicates): reading, checking and storing one field after another is alike
# in shape for every field.

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.exchange.interchange.document import DocPlayer
from tournament.exchange.interchange.fields import MISSING, FieldReader
from tournament.web.names import name_normal, name_problem

PERSON_KEY_LENGTH = 64


def read_players(r: FieldReader, data: dict) -> list[DocPlayer]:
    items = r.take(data, "players", "list", "", required=True)
    players: list[DocPlayer] = []
    for i, obj in enumerate(items if items is not MISSING else []):
        p = f"players[{i}]"
        if not r.is_kind(obj, "object"):
            r.problems.add(p, r.kind_message("object"))
            continue
        ident = r.ident(obj, "id", p, required=True)
        name = r.take(obj, "name", "text", p, required=True)
        name = name if name is MISSING else name_normal(name)  # as every name enters
        if name is not MISSING and not name:
            r.problems.add(f"{p}.name", _("must not be empty"))
        elif name is not MISSING and (problem := name_problem(name, field=_("Name"))):
            r.problems.add(f"{p}.name", problem)
        club = r.take(obj, "club", "text", p)
        replaces = r.ident(obj, "replaces", p)
        person = r.take(obj, "person", "text", p)
        if person is not MISSING and not 1 <= len(person) <= PERSON_KEY_LENGTH:
            r.problems.add(f"{p}.person", _("must be 1 to 64 characters"))
            person = MISSING
        if ident is MISSING or name is MISSING:
            continue
        if ident == "" or len(ident) > 40:
            r.problems.add(f"{p}.id", _("must be 1 to 40 characters"))
            continue
        players.append(
            DocPlayer(
                id=ident,
                name=name,
                club=club if club is not MISSING else "",
                replaces=replaces if replaces is not MISSING else None,
                person=person if person is not MISSING else None,
            )
        )
    return players
