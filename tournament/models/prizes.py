"""A tournament's prize list (tournament/prizes/): prizes for places, for every k-th place of a
range (Preisschafkopf), and special prizes decided by a rule."""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.tournament import Tournament


class Prize(models.Model):
    class Rule(models.TextChoices):
        PLACE = "place", _("place")
        MOST_SOLOS = "solos", _("most single-player games won")
        BEST_OF_CLUB = "club", _("best player of a club")
        BEST_NEWCOMER = "newcomer", _("best newcomer")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    rule = models.CharField(
        _("awarded for"), max_length=8, choices=Rule.choices, default=Rule.PLACE
    )
    place_from = models.PositiveIntegerField(_("from place"), null=True, blank=True)
    place_to = models.PositiveIntegerField(_("to place"), null=True, blank=True)
    every = models.PositiveSmallIntegerField(
        _("every n-th place"),
        default=1,
        help_text=_("1: every place of the range; 3: the first, then every third place."),
    )
    club = models.CharField(_("club"), max_length=200, blank=True)
    description = models.CharField(_("prize"), max_length=200)
    amount = models.DecimalField(
        _("prize money (€)"), max_digits=8, decimal_places=2, null=True, blank=True
    )

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ["tournament", "place_from", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__isnull=True) | Q(amount__gte=0), name="prize_amount_min"
            ),
            models.CheckConstraint(condition=Q(every__gte=1), name="prize_every_min"),
        ]

    def __str__(self) -> str:
        return self.description

    def places(self) -> list[int]:
        """The places this prize goes to (none for a special prize)."""
        if self.rule != self.Rule.PLACE or self.place_from is None:
            return []
        last = self.place_to or self.place_from
        return list(range(self.place_from, last + 1, self.every))
