"""The prize list filled with names: place prizes by the final ranking (its tie-breaks and lot
decide between players level on points), then the special prizes, each to the best placed
player who meets its rule and has no prize yet; and the prize money paid out."""

# Declared boilerplate (duplicates): checking a form's values and raising the feature's
# ServiceError is alike in shape in every service.

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import models
from tournament.persons.services import organiser_of
from tournament.ranking.standings import Standing, standings_compute
from tournament.web.form_errors import ServiceError

Rule = models.Prize.Rule


class PrizeError(ServiceError):
    """A user error; `errors` maps a form field (or "__all__") to translated messages."""


@dataclass(frozen=True)
class Award:
    prize: models.Prize
    place: int | None  # the prize's place; for a special prize the winner's place
    standing: Standing | None  # None: nobody (fewer players than places, nobody qualifies)


def prizes_final(tournament: models.Tournament) -> bool:
    """Whether the last Durchgang is drawn and every one of its scoresheets closed."""
    last = tournament.durchgaenge.filter(number=tournament.number_of_durchgaenge).first()
    return last is not None and not last.tables.filter(closed_at__isnull=True).exists()


def _newcomers(tournament: models.Tournament, standings: list[Standing]) -> set[int]:
    """Players whose person played no earlier tournament of the organiser (a player without a
    person is unknown to the register, so a newcomer)."""
    persons = {s.player.person_id for s in standings if s.player.person_id}
    veterans = set(
        models.Player.objects.filter(
            person_id__in=persons,
            tournament__organiser=organiser_of(tournament),
            tournament__date__lt=tournament.date,
        ).values_list("person_id", flat=True)
    )
    return {s.player.pk for s in standings if s.player.person_id not in veterans}


def _special(
    prize: models.Prize, ranked: list[Standing], awarded: set[int], newcomers: set[int]
) -> Standing | None:
    candidates: Iterable[Standing] = (s for s in ranked if s.player.pk not in awarded)
    if prize.rule == Rule.BEST_OF_CLUB:
        club = prize.club.casefold().strip()
        return next((s for s in candidates if s.player.club.casefold().strip() == club), None)
    if prize.rule == Rule.BEST_NEWCOMER:
        return next((s for s in candidates if s.player.pk in newcomers), None)
    if prize.rule == Rule.MOST_SOLOS:
        best, most = None, 0
        for s in candidates:  # in ranking order: of those with as many, the better placed
            won = s.totals.solo_won + s.totals.sie
            if won > most:
                best, most = s, won
        return best
    return None


def prizes_awarded(tournament: models.Tournament) -> list[Award]:
    """Every prize with its winner, place prizes first (by place), then the special ones."""
    prizes = list(models.Prize.objects.filter(tournament=tournament).order_by("place_from", "pk"))
    ranked = [s for s in standings_compute(tournament) if not s.player.withdrawn]
    place_of = {s.player.pk: index for index, s in enumerate(ranked, start=1)}
    awards: list[Award] = []
    awarded: set[int] = set()
    for prize in prizes:
        for place in prize.places():
            standing = ranked[place - 1] if place <= len(ranked) else None
            awards.append(Award(prize=prize, place=place, standing=standing))
            if standing:
                awarded.add(standing.player.pk)
    awards.sort(key=lambda a: a.place or 0)
    newcomers = _newcomers(tournament, ranked)
    for prize in prizes:
        if prize.rule != Rule.PLACE:
            winner = _special(prize, ranked, awarded, newcomers)
            if winner:
                awarded.add(winner.player.pk)
            awards.append(
                Award(
                    prize=prize,
                    place=place_of[winner.player.pk] if winner else None,
                    standing=winner,
                )
            )
    return awards


def prizes_out_total(tournament: models.Tournament) -> Decimal:
    """The prize money of every prize that has a winner (one query without prize money)."""
    if not models.Prize.objects.filter(tournament=tournament, amount__gt=0).exists():
        return Decimal(0)
    return sum(
        (a.prize.amount for a in prizes_awarded(tournament) if a.standing and a.prize.amount),
        Decimal(0),
    )


def _checked(values: dict[str, Any]) -> dict[str, Any]:
    errors: dict[str, list[str]] = {}
    rule = values.get("rule")
    if rule == Rule.PLACE:
        first, last = values.get("place_from"), values.get("place_to")
        if not first:
            errors["place_from"] = [_("Enter the place (1 or more).")]
        elif last is not None and last < first:
            errors["place_to"] = [_("The last place cannot come before the first.")]
        values["club"] = ""
    else:
        values["place_from"] = values["place_to"] = None
        values["every"] = 1
        if rule == Rule.BEST_OF_CLUB and not values.get("club", "").strip():
            errors["club"] = [_("Enter the club whose best player wins this prize.")]
    if values.get("amount") is not None and values["amount"] < 0:
        errors["amount"] = [_("Prize money cannot be negative.")]
    if errors:
        raise PrizeError(errors)
    return values


def prize_add(
    *,
    tournament: models.Tournament,
    description: str,
    rule: str = Rule.PLACE,
    place_from: int | None = None,
    place_to: int | None = None,
    every: int = 1,
    club: str = "",
    amount: Decimal | None = None,
) -> models.Prize:
    values = {
        "rule": rule,
        "place_from": place_from,
        "place_to": place_to,
        "every": every,
        "club": club,
        "description": description,
        "amount": amount,
    }
    with transaction.atomic():
        return models.Prize.objects.create(tournament=tournament, **_checked(values))


def prize_delete(*, prize: models.Prize) -> None:
    prize.delete()
