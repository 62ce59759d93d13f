"""The cup's persons: which names of the evenings are one person across clubs.

By default a name is the person of its folded name (`tournament.persons.matching.key`). The
cup organiser confirms a **merge** of two cup persons that the register's matching proposes
(`duplicates_likely`: nicknames, word order, typing slips, in the same club or without one), or
any two it picks; **splits** a person's evening off (two different people of the same name); and
**keeps apart** two persons the matching proposes as one (the proposal is not shown again; a
split keeps its two persons apart too). Each decision is stored per name and evening
(`CupAlias`) or per pair (`CupApart`) and in the cup's history (`CupEvent`); the table follows
at once. Only the names, clubs and results the evenings carry are used, never a member's
register.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import models
from tournament.cups.table import cup_appearances, cup_evenings
from tournament.persons import matching
from tournament.web.form_errors import ServiceError


class CupPersonError(ServiceError):
    """A merge or split refused; `errors` maps "__all__" to translated messages."""


@dataclass
class Appearance:
    evening: models.CupEntry
    name: str
    name_key: str
    club: str
    rank: int
    points: int


@dataclass
class CupPerson:
    key: str
    name: str
    appearances: list[Appearance] = field(default_factory=list)

    @property
    def clubs(self) -> list[str]:
        return sorted({a.club for a in self.appearances if a.club})

    @property
    def evenings(self) -> set[int]:
        return {a.evening.pk for a in self.appearances}


def cup_persons(cup: models.Cup) -> dict[str, CupPerson]:
    """Every cup person with its names in the evenings that count, by name."""
    evenings = cup_evenings(cup)
    persons: dict[str, CupPerson] = {}
    for index, row, folded, person in cup_appearances(cup, evenings):
        holder = persons.setdefault(person, CupPerson(key=person, name=row["name"]))
        holder.appearances.append(
            Appearance(
                evening=evenings[index],
                name=row["name"],
                name_key=folded,
                club=row.get("club", ""),
                rank=row["rank"],
                points=row["points"],
            )
        )
    return dict(sorted(persons.items(), key=lambda item: matching.key(item[1].name)))


def kept_apart(cup: models.Cup) -> set[tuple[str, str]]:
    """The pairs of cup persons the cup organiser keeps apart, each ordered."""
    return set(cup.apart.values_list("first", "second"))


def merges_proposed(
    persons: dict[str, CupPerson], apart: set[tuple[str, str]] | None = None
) -> list[tuple[CupPerson, CupPerson]]:
    """Pairs of cup persons probably one person (the register's matching, on each person's
    first name and club), never two who played the same evening nor two kept `apart`."""
    listed = list(persons.values())
    entries = [
        matching.Entry(id=i, name=p.name, club=(p.clubs or [""])[0]) for i, p in enumerate(listed)
    ]
    apart = apart or set()
    pairs = []
    for a, b in matching.duplicates_likely(entries):
        first, second = listed[a.id], listed[b.id]
        if first.evenings & second.evenings or _pair(first.key, second.key) in apart:
            continue
        pairs.append((first, second))
    return pairs


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def _keep_apart(cup: models.Cup, a: str, b: str) -> None:
    first, second = _pair(a, b)
    models.CupApart.objects.get_or_create(cup=cup, first=first, second=second)


def persons_keep_apart(*, cup: models.Cup, first: str, second: str, by: Any) -> None:
    """`first` and `second` are two people: their merge is no longer proposed. The table does
    not change (they are two rows already); a merge by hand stays possible."""
    persons = cup_persons(cup)
    a, b = _person(persons, first), _person(persons, second)
    if a.key == b.key:
        raise CupPersonError({"__all__": [_("Choose two different persons.")]})
    with transaction.atomic():
        _keep_apart(cup, a.key, b.key)
        models.CupEvent.objects.create(
            cup=cup,
            kind=models.CupEvent.Kind.APART,
            by=by,
            detail=_("%(a)s and %(b)s are two people: not proposed again")
            % {"a": a.name, "b": b.name},
        )


def _person(persons: dict[str, CupPerson], key: str) -> CupPerson:
    if key not in persons:
        raise CupPersonError({"__all__": [_("This person is not in the cup table (any more).")]})
    return persons[key]


def persons_merge(*, cup: models.Cup, keep: str, other: str, by: Any) -> CupPerson:
    """`other`'s names become `keep`'s in every evening; refused for one person or for two who
    played the same evening."""
    persons = cup_persons(cup)
    kept, merged = _person(persons, keep), _person(persons, other)
    if kept.key == merged.key:
        raise CupPersonError({"__all__": [_("Choose two different persons.")]})
    if kept.evenings & merged.evenings:
        raise CupPersonError(
            {
                "__all__": [
                    _("%(a)s and %(b)s played the same evening: they are two people.")
                    % {"a": kept.name, "b": merged.name}
                ]
            }
        )
    with transaction.atomic():
        for appearance in merged.appearances:
            models.CupAlias.objects.update_or_create(
                cup=cup,
                entry=appearance.evening,
                name_key=appearance.name_key,
                defaults={"person": kept.key},
            )
        models.CupEvent.objects.create(
            cup=cup,
            kind=models.CupEvent.Kind.MERGED,
            by=by,
            detail=_("%(other)s (%(evenings)s) merged into %(keep)s")
            % {
                "other": merged.name,
                "evenings": ", ".join(a.evening.name for a in merged.appearances),
                "keep": kept.name,
            },
        )
    return kept


def person_split(*, cup: models.Cup, person: str, evening: int, by: Any) -> str:
    """The person's name in `evening` becomes a person of its own; refused when the person
    played that evening only."""
    persons = cup_persons(cup)
    holder = _person(persons, person)
    moved = [a for a in holder.appearances if a.evening.pk == evening]
    if not moved or len(holder.evenings) < 2:
        raise CupPersonError(
            {"__all__": [_("Choose one of several evenings of this person to split off.")]}
        )
    new_key = f"{moved[0].name_key}~{evening}"
    with transaction.atomic():
        _keep_apart(cup, holder.key, new_key)
        for appearance in moved:
            models.CupAlias.objects.update_or_create(
                cup=cup,
                entry=appearance.evening,
                name_key=appearance.name_key,
                defaults={"person": new_key},
            )
        models.CupEvent.objects.create(
            cup=cup,
            kind=models.CupEvent.Kind.SPLIT,
            by=by,
            detail=_("%(name)s of %(evening)s split off from %(person)s")
            % {"name": moved[0].name, "evening": moved[0].evening.name, "person": holder.name},
        )
    return new_key
