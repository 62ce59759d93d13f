"""A season (Jahreswertung) groups tournaments of one organiser and ranks persons over them
(tournament/seasons/, the scoring in scoring/season.py). Each tournament's part is kept as
rows (`SeasonResult`), written anew when what its public ranking shows has changed
(tournament/seasons/signals.py), so that the season page mostly reads stored rows."""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.persons import Organiser, Person
from tournament.models.players import Player
from tournament.models.tournament import Tournament


def season_seed() -> str:
    return secrets.token_hex(8)


class Season(models.Model):
    class Kind(models.TextChoices):
        SUM = "sum", _("sum of the points")
        BEST = "best", _("points of the best N tournaments")
        PLACEMENT = "placement", _("placement points")

    organiser = models.ForeignKey(
        Organiser, on_delete=models.PROTECT, related_name="seasons", verbose_name=_("organiser")
    )
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    kind = models.CharField(_("scoring"), max_length=10, choices=Kind.choices, default=Kind.SUM)
    best = models.PositiveSmallIntegerField(
        _("best N tournaments"),
        null=True,
        blank=True,
        help_text=_("Points of the best N count; with placement points optional."),
    )
    placement = models.JSONField(_("placement points"), default=list, blank=True)
    minimum = models.PositiveSmallIntegerField(
        _("minimum tournaments"),
        default=0,
        help_text=_("Fewer tournaments played: listed, but not ranked."),
    )
    lot_seed = models.CharField(_("lot seed"), max_length=64, default=season_seed)
    # A tournament may count in several seasons (the club's year, the district's, a cup series):
    # adding it to one never takes it from another (tournament/seasons/services.py).
    tournaments = models.ManyToManyField(
        Tournament,
        blank=True,
        related_name="seasons",
        verbose_name=_("tournaments"),
    )

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-pk"]

    def __str__(self) -> str:
        return self.name


class SeasonResult(models.Model):
    """A player's result in a tournament of a season, as its public ranking shows it."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="season_results"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    person = models.ForeignKey(
        Person, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    place = models.PositiveIntegerField()
    points = models.IntegerField()
    counters = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="season_result_once")
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.place}. ({self.points})"
