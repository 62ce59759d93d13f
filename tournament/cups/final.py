"""The cup's final: who qualifies (scoring/qualification.py on the cup table), fixing that
list, declines replaced by the next in the table, and the final's start list made in one of the
cup organiser's tournaments by the registration's own service. Every step is in the cup's
history (`CupEvent`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.qualification import qualified, replacement
from tournament import models
from tournament.cups.table import cup_appearances, cup_table
from tournament.persons.services import organiser_of
from tournament.registration.services import player_create
from tournament.web.form_errors import ServiceError

Kind = models.CupEvent.Kind


class CupFinalError(ServiceError):
    """A step of the final refused; `errors` maps a field or "__all__" to messages."""


@dataclass(frozen=True)
class Candidate:
    person: str
    name: str
    club: str
    rank: int | None
    position: int  # in the cup table
    reason: str


def final_of(cup: models.Cup) -> models.CupFinal:
    """The cup's final settings (unsaved defaults when none are stored yet)."""
    found = models.CupFinal.objects.filter(cup=cup).select_related("tournament").first()
    return found or models.CupFinal(cup=cup)


def candidates(cup: models.Cup, final: models.CupFinal) -> list[Candidate]:
    """Who qualifies by the cup table as it is now, in its order."""
    evenings, rows = cup_table(cup)
    table = [(row.standing.person, row.standing.rank) for row in rows]
    by_evening: list[list[tuple[str, int]]] = [[] for _evening in evenings]
    for index, appearance, _folded, person in cup_appearances(cup, evenings):
        by_evening[index].append((person, appearance["rank"]))
    for places in by_evening:
        places.sort(key=lambda item: item[1])
    found = qualified(table, by_evening, overall=final.overall, per_evening=final.per_evening)
    position = {row.standing.person: i for i, row in enumerate(rows)}
    shown = {row.standing.person: row for row in rows}
    listed = []
    for q in found:
        row = shown[q.person]
        if q.evening is None:
            reason = _("cup table, place %(place)s") % {"place": q.place}
        else:
            reason = _("%(evening)s, place %(place)s") % {
                "evening": evenings[q.evening].name,
                "place": q.place,
            }
        listed.append(
            Candidate(q.person, row.name, row.club, row.standing.rank, position[q.person], reason)
        )
    return listed


def final_settings(*, cup: models.Cup, overall: int, per_evening: int) -> models.CupFinal:
    final = final_of(cup)
    if final.fixed_at is not None:
        raise CupFinalError({"__all__": [_("The qualification is fixed already.")]})
    if not overall and not per_evening:
        raise CupFinalError({"overall": [_("Enter how many qualify.")]})
    final.overall, final.per_evening = overall, per_evening
    final.save()
    return final


def qualification_fix(*, cup: models.Cup, by: Any) -> list[models.CupQualifier]:
    """Store who qualifies now; later changes of the table no longer change the list."""
    final = final_of(cup)
    if final.pk is None or not (final.overall or final.per_evening):
        raise CupFinalError({"__all__": [_("Enter how many qualify first.")]})
    if final.fixed_at is not None:
        raise CupFinalError({"__all__": [_("The qualification is fixed already.")]})
    found = candidates(cup, final)
    if not found:
        raise CupFinalError({"__all__": [_("The cup table has nobody who qualifies yet.")]})
    with transaction.atomic():
        final.fixed_at = timezone.now()
        final.save(update_fields=["fixed_at"])
        stored = [
            models.CupQualifier.objects.create(
                final=final,
                person=c.person,
                name=c.name,
                club=c.club,
                reason=c.reason,
                position=c.position,
            )
            for c in found
        ]
        models.CupEvent.objects.create(
            cup=cup,
            kind=Kind.QUALIFIED,
            by=by,
            detail=_("%(count)s qualified: %(names)s")
            % {"count": len(stored), "names": ", ".join(q.name for q in stored)},
        )
    return stored


def qualifier_decline(*, qualifier: models.CupQualifier, by: Any) -> models.CupQualifier | None:
    """The qualifier declines; the next ranked person of the cup table not on the list is
    invited instead (None when there is nobody left)."""
    final = qualifier.final
    if final.tournament_id is not None:
        raise CupFinalError(
            {"__all__": [_("The start list is made: withdraw the player in the final.")]}
        )
    if qualifier.state != models.CupQualifier.State.INVITED:
        raise CupFinalError(
            {"__all__": [_("%(name)s declined already.") % {"name": qualifier.name}]}
        )
    _evenings, rows = cup_table(final.cup)
    listed = set(final.qualifiers.values_list("person", flat=True))
    found = replacement([(r.standing.person, r.standing.rank) for r in rows], listed)
    invited = None
    with transaction.atomic():
        qualifier.state = models.CupQualifier.State.DECLINED
        qualifier.save(update_fields=["state"])
        models.CupEvent.objects.create(
            cup=final.cup,
            kind=Kind.DECLINED,
            by=by,
            detail=_("%(name)s declined") % {"name": qualifier.name},
        )
        if found is not None:
            person, rank = found
            row = next(r for r in rows if r.standing.person == person)
            invited = models.CupQualifier.objects.create(
                final=final,
                person=person,
                name=row.name,
                club=row.club,
                reason=_("replaces %(name)s (cup table, place %(place)s)")
                % {"name": qualifier.name, "place": rank},
                position=[r.standing.person for r in rows].index(person),
            )
            models.CupEvent.objects.create(
                cup=final.cup,
                kind=Kind.INVITED,
                by=by,
                detail=_("%(name)s (cup table, place %(place)s) invited for %(declined)s")
                % {"name": row.name, "place": rank, "declined": qualifier.name},
            )
    return invited


def start_list_make(
    *, cup: models.Cup, tournament: models.Tournament, by: Any
) -> list[models.Player]:
    """Register the invited in `tournament` (the cup organiser's, without players yet) with
    start numbers 1, 2, … in the order of the cup table."""
    final = final_of(cup)
    if final.fixed_at is None:
        raise CupFinalError({"__all__": [_("Fix the qualification first.")]})
    if final.tournament_id is not None:
        raise CupFinalError({"__all__": [_("The start list is made already.")]})
    if organiser_of(tournament).pk != cup.organiser_id:
        raise CupFinalError({"tournament": [_("Choose a tournament of the cup organiser.")]})
    if tournament.players.exists():
        raise CupFinalError({"tournament": [_("Choose a tournament without players yet.")]})
    invited = list(final.qualifiers.filter(state=models.CupQualifier.State.INVITED))
    with transaction.atomic():
        players = []
        for number, qualifier in enumerate(invited, start=1):
            player = player_create(
                tournament=tournament, name=qualifier.name, club=qualifier.club, start_number=number
            )
            qualifier.player = player
            qualifier.save(update_fields=["player"])
            players.append(player)
        final.tournament = tournament
        final.save(update_fields=["tournament"])
        models.CupEvent.objects.create(
            cup=cup,
            kind=Kind.START_LIST,
            by=by,
            detail=_("start list of %(tournament)s made: %(count)s players")
            % {"tournament": tournament.name, "count": len(players)},
        )
    return players
