"""What happens to a scoresheet after the draw: its history and the corrections asked for.

`SheetEvent` is append-only: every change to a game (entry, edit, deletion, approval, refusal,
sanction, correction) and every signature and closing of the sheet is one row, written by the
services in the same transaction as the change; rows are never changed or deleted.
"""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.draw import Table


def who_field() -> models.ForeignKey[AbstractBaseUser | None, AbstractBaseUser | None]:
    """The user who made a change of the history; the row stays when the user is deleted."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("who"),
    )


class AppendOnlyError(Exception):
    """A history row was about to be changed or deleted: a bug, never a user error."""


class AppendOnlyQuerySet(models.QuerySet):
    """Reads and appends only: a bulk update or delete would bypass the model's `save`/`delete`."""

    def update(self, **kwargs):
        raise AppendOnlyError(f"{self.model.__name__} rows are never changed")

    def delete(self):
        raise AppendOnlyError(f"{self.model.__name__} rows are never deleted")


class AppendOnly(models.Model):
    """A record that is written once and then only read: the history of the tournament."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} rows are never changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError(f"{type(self).__name__} rows are never deleted")


class SheetEvent(AppendOnly):
    class Kind(models.TextChoices):
        ENTERED = "entered", _("entered")
        EDITED = "edited", _("edited")
        DELETED = "deleted", _("deleted")
        RESTORED = "restored", _("restored")
        APPROVED = "approved", _("approved")
        REFUSED = "refused", _("refused and struck")
        STRUCK = "struck", _("struck")
        SANCTIONED = "sanctioned", _("sanction recorded")
        SANCTION_REMOVED = "sanction_removed", _("sanction removed")
        CORRECTION_REQUESTED = "correction_requested", _("correction requested")
        CORRECTED = "corrected", _("correction signed off")
        CORRECTION_REJECTED = "correction_rejected", _("correction rejected")
        SIGNED = "signed", _("signed")
        CLOSED = "closed", _("sheet closed")
        TOTALS = "totals", _("totals entered")
        RECORDING = "recording", _("recording switched")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    number = models.PositiveSmallIntegerField(_("game number"), null=True, blank=True)
    kind = models.CharField(_("what"), max_length=24, choices=Kind.choices)
    user = who_field()
    at = models.DateTimeField(_("when"), auto_now_add=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    reason = models.CharField(_("why"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("history entry")
        verbose_name_plural = _("history")
        ordering = ["table", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.table}: {self.get_kind_display()}"


class Correction(models.Model):
    """A change to a closed scoresheet, in force only once a supervisor signs it off (5.3.4).

    `proposed` holds the game as it should be (the fields of the entry form), or null when the
    game is to be deleted from the sheet.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for sign-off")
        APPLIED = "applied", _("signed off")
        REJECTED = "rejected", _("rejected")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="corrections")
    number = models.PositiveSmallIntegerField(_("game number"))
    proposed = models.JSONField(_("proposed game"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("requested by"),
    )
    requested_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decision_note = models.CharField(_("note"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")
        ordering = ["requested_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"],
                condition=Q(status="pending"),
                name="correction_one_pending_per_game",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="correction_number_min"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, {self.number}: {self.reason}"


class PointTableChange(AppendOnly):
    """A change of the point table after games were recorded: who, when, why, the table before
    and after (dict form of `rules.presets`); every score was recomputed with the new table."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="point_table_changes"
    )
    user = who_field()
    at = models.DateTimeField(_("when"), auto_now_add=True)
    reason = models.TextField(_("reason"))
    before = models.JSONField(_("table before"))
    after = models.JSONField(_("table after"))
    hands_rescored = models.PositiveIntegerField(_("games recomputed"), default=0)

    class Meta:
        verbose_name = _("change of the point table")
        verbose_name_plural = _("changes of the point table")
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.before.get('title')} -> {self.after.get('title')}"
