"""The games of a scoresheet, the sanction that scores a game by its offence, and the score
rows computed from them.

Scores are written once, by `tournament.scorekeeping.scores`, into `HandScore` rows when a game is
saved; standings aggregate those rows in one query.
"""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rules import contracts as rc
from tournament.models.draw import Table
from tournament.models.players import Player
from tournament.models.tournament import Tournament


class Hand(models.Model):
    """One game as written on the scoresheet."""

    # django-stubs type the functional API without the (value, label) pairs Django takes.
    Contract = models.TextChoices(  # type: ignore[call-overload]
        "Contract", [(c.name, (c.value, c.value.capitalize())) for c in rc.Contract]
    )
    Suit = models.TextChoices(  # type: ignore[call-overload]
        "Suit", [(s.name, (s.value, s.value.capitalize())) for s in rc.Suit]
    )

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="hands", db_index=False
    )  # indexed by hand_unique_number_per_table
    number = models.PositiveSmallIntegerField(_("game number"))
    contract = models.CharField(_("contract"), max_length=16, choices=Contract.choices)
    suit = models.CharField(_("suit"), max_length=10, choices=Suit.choices, blank=True)
    # None only for a thrown-in deal (contract zusammengeworfen, 4.1.5 of 2024).
    declarer = models.ForeignKey(
        Player,
        on_delete=models.RESTRICT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("declarer"),
    )
    partner = models.ForeignKey(
        Player,
        on_delete=models.RESTRICT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("partner"),
    )
    won = models.BooleanField(_("won"), null=True, blank=True)
    schneider = models.BooleanField(_("Schneider"), default=False)
    schwarz = models.BooleanField(_("Schwarz"), default=False)
    tout = models.BooleanField(_("Tout"), default=False)
    augen = models.PositiveSmallIntegerField(_("Augen"), null=True, blank=True)
    laufende = models.PositiveSmallIntegerField(_("Laufende"), null=True, blank=True)
    kontra = models.PositiveSmallIntegerField(_("Kontra"), default=0)
    struck = models.BooleanField(_("struck"), default=False)
    needs_approval = models.BooleanField(_("needs approval"), default=False)
    approved_by = models.CharField(_("approved by"), max_length=200, blank=True)
    approved_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("approved by (user)"),
    )
    approved_at = models.DateTimeField(_("approved at"), null=True, blank=True)
    approval_note = models.CharField(
        _("note on the approval"), max_length=300, blank=True, db_default=""
    )
    version = models.PositiveIntegerField(_("version"), default=1)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"], name="hand_unique_number_per_table"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1) & Q(number__lte=250), name="hand_number_range"
            ),
            models.CheckConstraint(
                condition=Q(augen__isnull=True) | Q(augen__lte=120), name="hand_augen_range"
            ),
            models.CheckConstraint(condition=Q(kontra__lte=2), name="hand_kontra_range"),
            models.CheckConstraint(
                condition=Q(schwarz=False) | Q(schneider=True), name="hand_schwarz_needs_schneider"
            ),
            models.CheckConstraint(
                condition=Q(partner__isnull=True) | ~Q(partner=models.F("declarer")),
                name="hand_partner_not_declarer",
            ),
            models.CheckConstraint(
                condition=Q(declarer__isnull=False) | Q(contract=rc.Contract.ZUSAMMENGEWORFEN),
                name="hand_declarer_unless_thrown_in",
            ),
        ]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.number}

    @property
    def thrown_in(self) -> bool:
        """A thrown-in deal (all passed, 4.1.5 of 2024): a line without a game."""
        return self.contract == rc.Contract.ZUSAMMENGEWORFEN

    @property
    def scored(self) -> bool:
        """Whether the game counts: not awaiting an approval (a struck game counts as 0)."""
        return self.struck or not self.needs_approval or bool(self.approved_by)


class Sanction(models.Model):
    """Rule 3.4.17/3.4.18: the game is scored by the offence instead of its result."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="sanction")
    offender = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="+", verbose_name=_("offender")
    )
    # Rule 3.4.18: the offender revealed his cards after this player's mistake; he scores 0.
    mistake_by = models.ForeignKey(
        Player,
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("mistake made by"),
    )
    reason = models.CharField(_("reason"), max_length=300)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")

    def __str__(self) -> str:
        return f"{self.offender}: {self.reason}"


class HandScore(models.Model):
    """One seat's points in one game, and what the game counts for the tie-breaks.

    Written by the service when the game is saved; never edited by hand.
    """

    # hand and tournament are indexed by the unique constraint and the index below.
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="scores")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    durchgang_number = models.PositiveSmallIntegerField()
    points = models.IntegerField(_("points"))
    sie = models.PositiveSmallIntegerField(default=0)
    tout_won = models.PositiveSmallIntegerField(default=0)
    tout_played = models.PositiveSmallIntegerField(default=0)
    solo_won = models.PositiveSmallIntegerField(default=0)
    solo_played = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name = _("score")
        verbose_name_plural = _("scores")
        constraints = [
            models.UniqueConstraint(fields=["hand", "player"], name="handscore_unique_player"),
        ]
        indexes = [
            models.Index(fields=["tournament", "player"], name="handscore_tournament_player"),
        ]

    def __str__(self) -> str:
        return f"{self.hand}: {self.player} {self.points:+d}"
