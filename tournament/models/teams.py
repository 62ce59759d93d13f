"""Team rankings of a tournament (Mannschaftswertung, docs/teams.md).

`TeamRanking` holds the tournament's choice: none, a club's best N players, or teams of N
registered in advance; `Team` is a registered team with its name, `TeamMember` one of its
players (a player in at most one team of the tournament).
"""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.players import Player
from tournament.models.tournament import Tournament

TEAM_SIZE_MAX = 20


class TeamRanking(models.Model):
    class Kind(models.TextChoices):
        NONE = "none", _("no team ranking")
        CLUB = "club", _("a club's best N players")
        REGISTERED = "registered", _("teams registered in advance")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="team_ranking"
    )
    kind = models.CharField(
        _("team ranking"), max_length=12, choices=Kind.choices, default=Kind.NONE
    )
    size = models.PositiveSmallIntegerField(
        _("players per team"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(TEAM_SIZE_MAX)],
    )

    class Meta:
        verbose_name = _("team ranking")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(size__gte=1, size__lte=TEAM_SIZE_MAX),
                name="teamranking_size_range",
            )
        ]

    def __str__(self) -> str:
        return self.get_kind_display()


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team name"), max_length=100)

    class Meta:
        verbose_name = _("team")
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="team_membership", verbose_name=_("player")
    )

    class Meta:
        verbose_name = _("team member")

    def __str__(self) -> str:
        return f"{self.team_id}: {self.player_id}"
