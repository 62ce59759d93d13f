"""The players of a tournament, with the personal code printed on each one's start card."""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

import secrets
from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.persons import Person, public_name
from tournament.models.tournament import Tournament

#: The characters of a personal code: none that can be read as another (0/O, 1/I/L, 2/Z,
#: 5/S, 6/G, 8/B, Q), so that a code copied from the start card is typed right.
PERSONAL_CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
PERSONAL_CODE_LENGTH = 6


def personal_code_new() -> str:
    """A player's personal code: 23**6, about 150 million codes, drawn by `secrets`."""
    return "".join(secrets.choice(PERSONAL_CODE_ALPHABET) for _i in range(PERSONAL_CODE_LENGTH))


class Payment(models.TextChoices):
    OPEN = "open", _("open")
    CASH = "cash", _("paid in cash")
    FREE = "free", _("free")


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    ident = models.CharField(
        _("player id"),
        max_length=40,
        help_text=_("Identifier in the interchange format, usually the start number."),
    )
    start_number = models.PositiveIntegerField(_("start number"))
    name = models.CharField(_("name"), max_length=200)
    club = models.CharField(_("club"), max_length=200, blank=True)
    person = models.ForeignKey(
        Person,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("person"),
    )
    # The person's publication choice, copied here by `persons.services` whenever it changes,
    # so that public pages show `public_name` without a query more; never the full name when
    # the player asked for the initial only when registering for this tournament.
    publish_full_name = models.BooleanField(_("full name on public pages"), default=True)
    initial_only = models.BooleanField(
        _("initial only, as asked"),
        default=False,
        help_text=_(
            "Asked at the registration: the family name's initial only, whatever the "
            "register holds."
        ),
    )
    replaces = models.OneToOneField(
        "self",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="substitute",
        verbose_name=_("substitute for"),
    )
    withdrawn = models.BooleanField(
        _("withdrawn"), default=False, help_text=_("Withdrawn players are not drawn any more.")
    )
    drawn_lot = models.PositiveSmallIntegerField(
        _("drawn lot"),
        null=True,
        blank=True,
        help_text=_(
            "Position from a physical draw among players equal in every tie-break (1 = best); "
            "used instead of the seeded lot when every player of the tied group has one."
        ),
    )
    # Printed on the player's own start card only (never on a shared printout, a public page
    # or the interchange file): the player confirms the sheet on the table's phone with it.
    personal_code = models.CharField(
        _("personal code"), max_length=12, default=personal_code_new, editable=False
    )

    # The door (tournament/checkin/): on the waiting list since (not drawn while set), checked
    # in by whom and when, and the Startgeld as paid then.
    waiting_since = models.DateTimeField(_("on the waiting list since"), null=True, blank=True)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("checked in by"),
    )
    payment = models.CharField(
        _("Startgeld"), max_length=4, choices=Payment.choices, default=Payment.OPEN
    )
    paid_amount = models.DecimalField(
        _("amount paid (€)"),
        max_digits=7,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0))],
    )
    # The public registration (tournament/checkin/): when the player registered there, the
    # e-mail typed (shown to the staff only), and the hash of the key of the withdrawal link
    # mailed to the player (empty: none, or used).
    registered_online_at = models.DateTimeField(_("registered online at"), null=True, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    withdraw_key = models.CharField(
        _("withdrawal key (hash)"), max_length=64, blank=True, db_index=True, editable=False
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["start_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "ident"], name="player_unique_ident_per_tournament"
            ),
            models.UniqueConstraint(
                fields=["tournament", "start_number"],
                name="player_unique_start_number_per_tournament",
            ),
            models.CheckConstraint(
                condition=~Q(replaces=models.F("id")), name="player_not_replacing_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.start_number} {self.name}"

    @property
    def public_name(self) -> str:
        """The name on public pages, by the person's choice; staff pages show `name`."""
        return public_name(self.name, full=self.publish_full_name)
