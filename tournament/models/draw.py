"""The draw: the Durchgänge of a tournament, their tables and who sits where, and the swaps
made after the draw. A seat also keeps its player's totals of the sheet."""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.players import Player
from tournament.models.tournament import Tournament


class Durchgang(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="durchgaenge")
    number = models.PositiveSmallIntegerField(_("number"))
    draw_seed = models.CharField(_("draw seed"), max_length=64, blank=True)
    published = models.BooleanField(
        _("published"),
        default=False,
        help_text=_("The table assignments can be seen without login."),
    )
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)

    class Meta:
        verbose_name = _("Durchgang")
        verbose_name_plural = _("Durchgänge")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="durchgang_unique_number_per_tournament"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="durchgang_number_min"),
        ]

    def __str__(self) -> str:
        return _("Durchgang %(number)s") % {"number": self.number}


class Table(models.Model):
    durchgang = models.ForeignKey(Durchgang, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table number"))
    seat_count = models.PositiveSmallIntegerField(_("seats"), default=4)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("closed by"),
    )
    # Every game (the default), or only the totals of the paper Spielliste (tournament/totals/):
    # then the seats' totals are typed, not computed, and the table holds no games.
    recording = models.CharField(
        _("recorded as"),
        max_length=8,
        choices=Tournament.Recording.choices,
        default=Tournament.Recording.GAMES,
        db_default=Tournament.Recording.GAMES,
    )
    totals_at = models.DateTimeField(_("totals entered at"), null=True, blank=True)
    totals_version = models.PositiveIntegerField(default=0, db_default=0)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["durchgang", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["durchgang", "number"], name="table_unique_number_per_durchgang"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_min"),
            models.CheckConstraint(
                condition=Q(seat_count__in=[4, 5]), name="table_four_or_five_seats"
            ),
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    @property
    def by_totals(self) -> bool:
        return self.recording == Tournament.Recording.TOTALS

    @property
    def closed(self) -> bool:
        """A closed scoresheet changes only by a correction the supervisor signs off (5.3.4)."""
        return self.closed_at is not None


class Seat(models.Model):
    # Both indexed by the unique constraints below.
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", db_index=False)
    durchgang = models.ForeignKey(
        Durchgang, on_delete=models.CASCADE, related_name="seats", db_index=False
    )
    position = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="seats", verbose_name=_("player")
    )
    # The sheet's totals of this player (scoring.scoresheet.seat_totals), kept by the service
    # layer with the scores of the sheet, so that the standings add up a few rows per player.
    points = models.IntegerField(_("points"), default=0, db_default=0)
    plus = models.IntegerField(default=0, db_default=0)
    minus = models.IntegerField(default=0, db_default=0)
    sie = models.PositiveSmallIntegerField(default=0, db_default=0)
    tout_won = models.PositiveSmallIntegerField(default=0, db_default=0)
    tout_played = models.PositiveSmallIntegerField(default=0, db_default=0)
    solo_won = models.PositiveSmallIntegerField(default=0, db_default=0)
    solo_played = models.PositiveSmallIntegerField(default=0, db_default=0)
    # The player's confirmation of the sheet (5.3.2): a paper signature ticked by the clerk, or
    # the name typed by the player at the table.
    signed_at = models.DateTimeField(_("signed at"), null=True, blank=True)
    signature = models.CharField(_("signature"), max_length=200, blank=True, db_default="")
    signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("signature recorded by"),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"], name="seat_unique_position_per_table"
            ),
            models.UniqueConstraint(
                fields=["durchgang", "player"], name="seat_unique_player_per_durchgang"
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1) & Q(position__lte=5), name="seat_position_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} / {self.position}: {self.player}"


class SeatSwap(models.Model):
    """A manual swap of two players after the draw, recorded with who and why."""

    durchgang = models.ForeignKey(Durchgang, on_delete=models.CASCADE, related_name="swaps")
    first = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="+", verbose_name=_("player")
    )
    second = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="+", verbose_name=_("swapped with")
    )
    reason = models.CharField(_("reason"), max_length=300)
    swapped_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("swapped by"),
    )
    swapped_at = models.DateTimeField(_("swapped at"), auto_now_add=True)

    class Meta:
        verbose_name = _("seat swap")
        verbose_name_plural = _("seat swaps")
        ordering = ["swapped_at"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(first=models.F("second")), name="seatswap_two_players"
            )
        ]

    def __str__(self) -> str:
        return f"{self.first} ↔ {self.second}"
