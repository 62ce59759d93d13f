"""What belongs to this installation rather than to a tournament: the secret that signs its
backups (tournament/exchange/backup/signature.py). It lives in the database, so that every app
server and task worker of the installation signs alike, and a new secret key of Django's does
not make the installation's own backups foreign."""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _


def installation_secret_new() -> str:
    return secrets.token_hex(32)


class InstallationKey(models.Model):
    """One row: made on first use, never shown, never in a backup."""

    secret = models.CharField(max_length=64, default=installation_secret_new, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("installation key")
        verbose_name_plural = _("installation keys")

    def __str__(self) -> str:
        return f"installation key of {self.created_at:%Y-%m-%d}"
