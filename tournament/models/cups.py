"""A cup across clubs (tournament/cups/, docs/cup.md): one organiser's series of evenings hosted
by its member organisers, ranked by the season engine (scoring/season.py).

`Cup` belongs to the cup organiser; `CupMember` names a member organiser and the public key its
installation signs its cup files with; `CupEntry` is one evening counting in the cup, either a
tournament hosted on this server or a result file sent in (its standings stored as rows of the
file); `CupEntryEvent` is the append-only history of an entry (a `CupStep`, as the cup's own
history is); `CupSigningKey` is an organiser's own Ed25519 key that signs its cup files
(tournament/cups/signing.py).
"""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.persons import Organiser
from tournament.models.tournament import Tournament


def cup_seed() -> str:
    return secrets.token_hex(8)


class Cup(models.Model):
    class Kind(models.TextChoices):
        SUM = "sum", _("sum of the points")
        BEST = "best", _("points of the best N tournaments")
        PLACEMENT = "placement", _("placement points")

    organiser = models.ForeignKey(
        Organiser, on_delete=models.PROTECT, related_name="cups", verbose_name=_("organiser")
    )
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    season = models.CharField(_("cup season"), max_length=40, help_text=_("e.g. 2026 or 2026/27"))
    kind = models.CharField(_("scoring"), max_length=10, choices=Kind.choices, default=Kind.SUM)
    best = models.PositiveSmallIntegerField(_("best N evenings"), null=True, blank=True)
    placement = models.JSONField(_("placement points"), default=list, blank=True)
    minimum = models.PositiveSmallIntegerField(
        _("minimum evenings"),
        default=0,
        help_text=_("Fewer evenings played: listed, but not ranked."),
    )
    lot_seed = models.CharField(_("lot seed"), max_length=64, default=cup_seed)
    team_size = models.PositiveSmallIntegerField(
        _("players per club in the team table"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
        help_text=_("A club's best N players of each evening count for its team points."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("cup")
        verbose_name_plural = _("cups")
        ordering = ["-pk"]

    def __str__(self) -> str:
        return self.name


class CupMember(models.Model):
    """A member organiser of a cup and the public key of its installation (registered once by
    the cup organiser; empty until then)."""

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="members")
    organiser = models.ForeignKey(
        Organiser, on_delete=models.PROTECT, related_name="cup_memberships"
    )
    public_key = models.CharField(_("public key"), max_length=64, blank=True)
    key_registered_at = models.DateTimeField(_("key registered at"), null=True, blank=True)
    key_registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("key registered by"),
    )

    class Meta:
        verbose_name = _("cup member")
        verbose_name_plural = _("cup members")
        ordering = ["organiser__name"]
        constraints = [models.UniqueConstraint(fields=["cup", "organiser"], name="cup_member_once")]

    def __str__(self) -> str:
        return f"{self.cup_id}: {self.organiser_id}"


class CupEntry(models.Model):
    """One evening of a member counting in a cup: a tournament hosted here (`tournament`), or a
    result file sent in (`standings`: the file's rows, each with name, public_name, club, rank,
    points and the tie-break counters of rule 5.4.2)."""

    class State(models.TextChoices):
        ACTIVE = "active", _("counts")
        WITHDRAWN = "withdrawn", _("withdrawn")

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="entries")
    member = models.ForeignKey(CupMember, on_delete=models.PROTECT, related_name="entries")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="cup_entries"
    )
    # An uploaded evening: the slug the file names it by on its own installation.
    source_slug = models.CharField(_("evening in the file"), max_length=120, blank=True)
    name = models.CharField(_("evening"), max_length=200)
    date = models.DateField(_("date"))
    standings = models.JSONField(_("standings"), default=list, blank=True)
    digest = models.CharField(_("SHA-256 of the file"), max_length=64, blank=True)
    signed_at = models.DateTimeField(_("signed at"), null=True, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.ACTIVE)
    withdraw_reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("added at"), auto_now_add=True)

    class Meta:
        verbose_name = _("cup evening")
        verbose_name_plural = _("cup evenings")
        ordering = ["date", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["cup", "tournament"],
                condition=models.Q(tournament__isnull=False),
                name="cup_entry_tournament_once",
            ),
            models.UniqueConstraint(
                fields=["cup", "member", "source_slug"],
                condition=models.Q(tournament__isnull=True),
                name="cup_entry_upload_once",
            ),
            models.CheckConstraint(
                condition=models.Q(tournament__isnull=False) | ~models.Q(source_slug=""),
                name="cup_entry_hosted_or_uploaded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def hosted(self) -> bool:
        return self.tournament_id is not None


class CupStep(models.Model):
    """When and by whom one step of a cup's history was taken (an evening's or the cup's own:
    `CupEntryEvent`, `CupEvent`); append-only, in the order taken."""

    at = models.DateTimeField(_("when"), auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )

    class Meta:
        abstract = True
        ordering = ["at", "pk"]


class CupEntryEvent(CupStep):
    """The history of a cup evening, append-only: added, file sent in or replaced, withdrawn, a
    name erased at its member's request (the name itself is not kept)."""

    class Kind(models.TextChoices):
        ADDED = "added", _("added")
        UPLOADED = "uploaded", _("file sent in")
        REPLACED = "replaced", _("file replaced")
        WITHDRAWN = "withdrawn", _("withdrawn")
        NAME_ERASED = "erased", _("a name erased")

    entry = models.ForeignKey(CupEntry, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(_("what"), max_length=10, choices=Kind.choices)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    digest = models.CharField(_("SHA-256 of the file"), max_length=64, blank=True)
    signed_at = models.DateTimeField(_("signed at"), null=True, blank=True)

    class Meta(CupStep.Meta):
        verbose_name = _("change of a cup evening")
        verbose_name_plural = _("changes of cup evenings")

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.kind}"


class CupSigningKey(models.Model):
    """An organiser's Ed25519 key for its cup files: made once (`manage.py cup_key` or its
    page), the private half never shown, never in a backup or the admin."""

    organiser = models.OneToOneField(
        Organiser, on_delete=models.CASCADE, related_name="cup_signing_key"
    )
    private_key = models.CharField(max_length=64, editable=False)  # base64 of the raw 32 bytes
    public_key = models.CharField(max_length=64, editable=False)  # base64 of the raw 32 bytes
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("cup signing key")
        verbose_name_plural = _("cup signing keys")

    def __str__(self) -> str:
        return f"cup key of organiser {self.organiser_id}"
