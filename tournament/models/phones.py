"""The players' phones at a table: the table's link with its PIN, which phone keeps
the sheet (5.3.1), and the receipt of every entry a phone sent, so that an entry sent again
after a lost connection is stored once."""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.draw import Table


class TableLink(models.Model):
    """The link of one table's scoresheet for the players' phones: an unguessable `token` in
    the address and a short `pin` printed beside it. Valid until revoked or reissued, and only
    while the sheet is open. `keeper` is the phone of the scorekeeper (the others only read);
    wrong PINs and wrong personal codes (the players' confirmations) are counted to slow down
    guessing."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="links")
    token = models.CharField(_("token"), max_length=32, unique=True)
    pin = models.CharField(_("PIN"), max_length=6)
    issued_at = models.DateTimeField(_("issued"), auto_now_add=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("issued by"),
    )
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    keeper = models.CharField(_("scorekeeper's phone"), max_length=32, blank=True, default="")
    keeper_since = models.DateTimeField(_("scorekeeper since"), null=True, blank=True)
    pin_failures = models.PositiveSmallIntegerField(_("wrong PINs"), default=0)
    pin_failed_at = models.DateTimeField(_("last wrong PIN"), null=True, blank=True)
    code_failures = models.PositiveSmallIntegerField(_("wrong personal codes"), default=0)
    code_failed_at = models.DateTimeField(_("last wrong personal code"), null=True, blank=True)

    class Meta:
        verbose_name = _("table link")
        verbose_name_plural = _("table links")
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(revoked_at__isnull=True),
                name="tablelink_one_valid_per_table",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.token[:6]}…"


class PhoneEntry(models.Model):
    """The answer to one entry a phone sent, under the phone's own `key` for it: sent again
    (the connection broke before the answer arrived), it gets the same answer and nothing is
    stored twice. `resent`: the phone sent the game again because this server lacked it
    (a server replaced by one restored from a copy without the last saves), and it was
    written then."""

    class Outcome(models.TextChoices):
        SAVED = "saved", _("saved")
        CONFLICT = "conflict", _("conflict")
        REFUSED = "refused", _("refused")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="phone_entries")
    key = models.CharField(_("key"), max_length=64)
    number = models.PositiveSmallIntegerField(_("game number"))
    code = models.CharField(_("game code"), max_length=60)
    phone = models.CharField(_("phone"), max_length=32, blank=True)
    outcome = models.CharField(_("outcome"), max_length=12, choices=Outcome.choices)
    message = models.TextField(_("message"), blank=True)
    received_at = models.DateTimeField(_("received"), auto_now_add=True)
    resent = models.BooleanField(_("sent again after a change of server"), default=False)

    class Meta:
        verbose_name = _("entry from a phone")
        verbose_name_plural = _("entries from phones")
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], name="phoneentry_key_once_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.number} ({self.outcome})"
