"""Erasure and retention reaching the cups (docs/privacy.md, docs/cup.md): the standings rows an
evening sent in as a cup file keeps (`CupEntry.standings`, also when it is withdrawn).

A hosted evening needs nothing here: its rows are its tournament's, erased or anonymised with it.
A row sent in carries no identifier of the register it came from (name, public name, club,
rank, points, counters), so an erased person's rows are found by the one register that can name
them: the sending member's. Erasing a person of organiser X replaces, in every evening X sent in
to any cup, the rows whose name is the person's (or the name of one of their tournament entries,
or a name merged into them), compared as the cup compares names (`matching.key`). Such a row
reads the erased name, loses its club, and keeps its rank, points and counters; its `erased` key
keeps the person's rows one row of the cup table (`person:ID`, the register's erased person,
never a name) without joining them to any other erased person. In the cups the erasure reaches,
the cup organiser's decisions lose the person's names too: a merge or split of the erased rows
(`CupAlias`), a pair kept apart (`CupApart`), and the names in the history (`CupEvent`), which
read the erased name instead (a namesake's line in the same cup too: the history cannot tell
them apart).

A person of a register this server does not hold (an evening run on a laptop) is erased there;
the sending member then erases the row here by hand (`entry_name_erase`, on the cup page), also
in a withdrawn evening, which cannot be sent again.

Retention: an evening sent in and held before the retention limit has every row anonymised as a
tournament's players are ("Spieler N" by its rank, no club), each row its own (`erased`
`entry:ID:N`); the cup's figures stay.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import models
from tournament.persons.matching import key as name_key
from tournament.web.form_errors import ServiceError


class CupPrivacyError(ServiceError):
    """A name of an evening sent in that cannot be erased; `errors` maps "row" to messages."""


def _names(person: models.Person, erased: str) -> set[str]:
    """The person's names, folded: the register's, their tournament entries' and those merged
    into them; not the erased marker."""
    names = {person.name, *person.players.values_list("name", flat=True)}
    names |= set(person.merges.values_list("merged_name", flat=True))
    return {name_key(name) for name in names if name} - {name_key(erased)}


def _rows(
    person: models.Person, wanted: set[str], *, lock: bool = False
) -> Iterator[tuple[models.CupEntry, list[dict[str, Any]]]]:
    """The evenings sent in by the person's organiser, each with the person's rows in it."""
    entries = models.CupEntry.objects.filter(
        member__organiser=person.organiser_id, tournament__isnull=True
    )
    for entry in entries.select_for_update() if lock else entries:
        rows = [
            row
            for row in entry.standings
            if not row.get("erased") and name_key(str(row.get("name", ""))) in wanted
        ]
        if rows:
            yield entry, rows


def cup_rows_count(person: models.Person, erased: str) -> int:
    """How many rows of evenings sent in to a cup an erasure of `person` would replace."""
    wanted = _names(person, erased)
    return sum(len(rows) for _entry, rows in _rows(person, wanted))


def cup_rows_erase(person: models.Person, erased: str) -> int:
    """Replace `person`'s rows in the evenings their organiser sent in to cups (before the
    person's own name is replaced), and their names in those cups' decisions; the number of
    rows changed."""
    wanted = _names(person, erased)
    changed, cups, shown = 0, set(), set()
    for entry, rows in _rows(person, wanted, lock=True):
        for row in rows:
            shown |= {str(row.get("name", "")), str(row.get("public_name", ""))}
            row.update(name=erased, public_name=erased, club="", erased=f"person:{person.pk}")
        changed += len(rows)
        entry.save(update_fields=["standings"])
        cups.add(entry.cup_id)
        models.CupAlias.objects.filter(entry=entry, name_key__in=wanted).delete()
    if cups:
        _decisions_erase(cups, wanted, shown - {""}, erased)
    return changed


def entry_name_erase(*, entry: models.CupEntry, index: int, erased: str, by: Any) -> str:
    """Erase the name of row `index` of an evening sent in (its member's request, for a person
    of another installation's register): the row reads `erased`, without club, and is a row of
    its own in the cup table; rank, points and counters stay; the cup's decisions lose the name
    as on an erasure in the register. The evening's history says a name was erased, not which.
    Returns the name erased."""
    with transaction.atomic():
        entry = models.CupEntry.objects.select_for_update().get(pk=entry.pk)
        if entry.tournament_id is not None:
            raise CupPrivacyError(
                {"row": [_("A hosted evening follows its tournament: erase the person there.")]}
            )
        if not 0 <= index < len(entry.standings) or entry.standings[index].get("erased"):
            raise CupPrivacyError({"row": [_("Choose a name of the evening not erased yet.")]})
        row = entry.standings[index]
        name = str(row.get("name", ""))
        shown = {name, str(row.get("public_name", ""))} - {""}
        row.update(name=erased, public_name=erased, club="", erased=f"entry:{entry.pk}:{index}")
        entry.save(update_fields=["standings"])
        folded = name_key(name)
        models.CupAlias.objects.filter(entry=entry, name_key=folded).delete()
        _decisions_erase({entry.cup_id}, {folded}, shown, erased)
        models.CupEntryEvent.objects.create(
            entry=entry,
            kind=models.CupEntryEvent.Kind.NAME_ERASED,
            by=models.user_recorded(by),
        )
    return name


def _decisions_erase(cups: set[int], wanted: set[str], shown: set[str], erased: str) -> None:
    """The cup organiser's decisions name persons by their folded name (a split one with its
    evening after "~") and the history by the names shown: in the cups the erasure reached,
    pairs kept apart naming the person are deleted (at worst proposed again), and every
    history line reads `erased` for each of the person's names."""
    for pair in models.CupApart.objects.filter(cup__in=cups):
        if {pair.first.split("~")[0], pair.second.split("~")[0]} & wanted:
            pair.delete()
    longest_first = sorted(shown, key=len, reverse=True)
    for event in models.CupEvent.objects.filter(cup__in=cups):
        detail = event.detail
        for name in longest_first:
            detail = detail.replace(name, erased)
        if detail != event.detail:
            event.detail = detail
            event.save(update_fields=["detail"])


def cup_retention_due(limit: datetime.date) -> list[models.CupEntry]:
    """Evenings sent in, held before `limit`, with a row not anonymised yet; oldest first."""
    entries = models.CupEntry.objects.filter(tournament__isnull=True, date__lt=limit)
    entries = entries.select_related("cup", "member__organiser").order_by("date", "pk")
    return [e for e in entries if any(not row.get("erased") for row in e.standings)]


def cup_entry_anonymise(entry: models.CupEntry) -> int:
    """Every row of the evening sent in reads "Spieler N" (its rank), without club; the rows an
    erasure replaced keep their name. Returns the number of rows."""
    for index, row in enumerate(entry.standings):
        if not row.get("erased"):
            name = f"Spieler {row.get('rank', index + 1)}"
            row.update(name=name, public_name=name, club="", erased=f"entry:{entry.pk}:{index}")
    entry.save(update_fields=["standings"])
    return len(entry.standings)
