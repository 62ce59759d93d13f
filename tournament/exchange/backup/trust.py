"""What a restore takes from a backup besides the tournament's own data: the organiser, the
user accounts named in its history, the roles, and the links of its players to persons.

The administrator's restore (`manage.py restore`, into an empty database) takes everything the
backup says (`Trust.everything`). The supervisor's restore through the web takes tournament
data only (`Trust.tournament_only`): the organiser of the tournament it replaces, no account,
organiser or person made, the roles of now kept and only those of the backup added that the
restoring supervisor ticked and that belong to staff of that organiser, players linked only to
persons of that organiser's register (docs/security.md, *Trust boundaries*).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model

from tournament import models


@dataclass(frozen=True)
class Trust:
    #: the organiser the tournament goes into; None: the one the backup names (made if missing)
    organiser: models.Organiser | None
    #: user name → id, for the names in the history; a name not here is dropped (no user)
    users: dict[str, int]
    #: the roles made, as (user id, role); None: those of the backup
    memberships: Sequence[tuple[int, str]] | None
    #: a person key the organiser's register does not know makes a person (administrator only)
    persons_create: bool

    @classmethod
    def everything(cls, users: dict[str, int]) -> Trust:
        return cls(organiser=None, users=users, memberships=None, persons_create=True)

    @classmethod
    def tournament_only(
        cls,
        organiser: models.Organiser,
        users: dict[str, int],
        memberships: Sequence[tuple[int, str]],
    ) -> Trust:
        return cls(organiser=organiser, users=users, memberships=memberships, persons_create=False)


def users_existing(names: Sequence[Any]) -> dict[str, int]:
    """User name → id of the accounts this installation has among `names`; none is made."""
    wanted = [name for name in names if isinstance(name, str)]
    model = get_user_model()
    return dict(model.objects.filter(username__in=wanted).values_list("username", "pk"))


def history_user_names(history: Any) -> list[str]:
    records = history.get("users", []) if isinstance(history, dict) else []
    if not isinstance(records, list):
        return []
    return [r["username"] for r in records if isinstance(r, dict) and "username" in r]


def persons_for_keys(
    organiser: models.Organiser,
    players: Sequence[tuple[str | None, str, str, bool]],
    *,
    create: bool,
) -> dict[str, models.Person]:
    """Person key → the person of `organiser`'s register with that key (not erased); with
    `create`, a person made from the player (key, name, club, full name public) for a key the
    register does not know. Keys of another organiser's persons are never followed."""
    keys = {key for key, _name, _club, _full in players if key}
    known = {
        person.key: person
        for person in organiser.persons.filter(key__in=keys, erased_at__isnull=True)
    }
    if create:
        for key, name, club, full in players:
            if key and key not in known:
                publication = models.Person.Publication
                known[key] = models.Person.objects.create(
                    organiser=organiser,
                    name=name,
                    club=club,
                    key=key,
                    publication=publication.FULL if full else publication.INITIAL,
                )
    return known


def users_ensure(records: list[dict]) -> dict[str, int]:
    """Username → id of the accounts a backup's history names (the administrator's restore);
    users missing here are created inactive, without a usable password."""
    model = get_user_model()
    by_name: dict[str, dict] = {}
    for record in records:
        if isinstance(record, dict) and isinstance(record.get("username"), str):
            by_name.setdefault(record["username"], record)
    ids = dict(model.objects.filter(username__in=by_name).values_list("username", "pk"))
    for name, record in by_name.items():
        if name in ids:
            continue
        user = model(
            username=name,
            is_active=False,
            **{k: str(record.get(k) or "") for k in ("first_name", "last_name", "email")},
        )
        user.set_unusable_password()
        user.save()
        ids[name] = user.pk
    return ids
