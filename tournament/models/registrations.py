"""A registration from the public form waiting for its e-mail confirmation.

It holds no place and is no player: only the link in the mail (its key, stored as a SHA-256
hash) makes it one (tournament/checkin/confirmation.py). Unconfirmed, it is deleted
`REGISTRATION_CONFIRM_HOURS` after it was sent.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.tournament import Tournament


class PendingRegistration(models.Model):
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="pending_registrations",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=200)
    club = models.CharField(_("club or place"), max_length=200, blank=True)
    email = models.EmailField(_("e-mail"))
    publish_full_name = models.BooleanField(_("full name on public pages"), default=False)
    language = models.CharField(_("language"), max_length=8)
    key = models.CharField(_("confirmation key (hash)"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("sent at"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("registration waiting for confirmation")
        verbose_name_plural = _("registrations waiting for confirmation")
        ordering = ["created_at"]

    def __str__(self) -> str:
        return self.name
