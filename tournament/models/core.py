"""The tournament data model: what the scoresheets hold, and the scores computed from them.

Scores are written once, by `tournament.core.scores`, into `HandScore` rows when a game is
saved; standings aggregate those rows in one query.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rules import contracts as rc
from rules.presets import (
    DEFAULT_PRESET,
    PRESETS,
)
from rules.tiebreaks import CHAINS, DEFAULT_CHAIN

CUSTOM_TABLE = "custom"  # `scoring` of a tournament with its own table in `point_table`


def default_contracts() -> list[str]:
    return [c.value for c in rc.DEFAULT_CONTRACTS]


#: The characters of a personal code: none that can be read as another (0/O, 1/I/L, 2/Z,
#: 5/S, 6/G, 8/B, Q), so that a code copied from the start card is typed right.
PERSONAL_CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
PERSONAL_CODE_LENGTH = 6


def personal_code_new() -> str:
    """A player's personal code: 23**6, about 150 million codes, drawn by `secrets`."""
    return "".join(secrets.choice(PERSONAL_CODE_ALPHABET) for _i in range(PERSONAL_CODE_LENGTH))


class Tournament(models.Model):
    class Status(models.TextChoices):
        PREPARATION = "preparation", _("In preparation")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Publication(models.TextChoices):
        HIDDEN = "hidden", _("not published")
        AFTER = "after", _("published after a Durchgang")
        LIVE = "live", _("published live")

    class TieBreak(models.TextChoices):
        CASCADE = "5.4.2", _("Rule 5.4.2: Sie, Touts won, Touts, solos won, solos")
        SOLOS = "solos", _("Points, then single-player games")
        LOT = "lot", _("Lot only")

    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    scoring = models.CharField(
        _("point table"),
        max_length=40,
        default=DEFAULT_PRESET,
        choices=[(key, table.title) for key, table in PRESETS.items()]
        + [(CUSTOM_TABLE, _("Custom point table"))],
    )
    point_table = models.JSONField(
        _("custom point table"),
        null=True,
        blank=True,
        help_text=_("The values of a custom point table (rules.presets dict form)."),
    )
    games_per_durchgang = models.PositiveSmallIntegerField(_("games per Durchgang"), default=32)
    number_of_durchgaenge = models.PositiveSmallIntegerField(_("number of Durchgänge"), default=2)
    contracts = models.JSONField(_("allowed contracts"), default=default_contracts)
    kontra_allowed = models.BooleanField(_("Kontra allowed"), default=False)
    laufende_counted = models.BooleanField(_("Laufende counted"), default=False)
    first_game_rule = models.BooleanField(
        _("first-game rule"),
        default=True,
        help_text=_(
            "Rule 5.2.15: in the first game of a sheet a Tout or Schwarz single-player game "
            "counts as a simple game, and a Sie is refused."
        ),
    )
    solo_approval_from = models.PositiveSmallIntegerField(
        _("approval from single-player game no."), default=5
    )
    tiebreak = models.CharField(
        _("tie-break"), max_length=10, choices=TieBreak.choices, default=DEFAULT_CHAIN
    )
    lot_seed = models.CharField(
        _("lot seed"),
        max_length=64,
        help_text=_("Recorded seed of the lot that separates players equal in every tie-break."),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.PREPARATION
    )
    separate_clubs = models.BooleanField(
        _("keep clubs apart"),
        default=False,
        help_text=_("The draw also tries to keep players of the same club apart."),
    )
    ranking_publication = models.CharField(
        _("ranking"),
        max_length=8,
        choices=Publication.choices,
        default=Publication.HIDDEN,
        help_text=_("Who sees the ranking: the staff only, everybody after a Durchgang, or live."),
    )
    ranking_published_after = models.PositiveSmallIntegerField(
        _("ranking published after Durchgang"), null=True, blank=True
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Counts the changes of what the public pages show; part of their cache key. Only ever
    # raised in SQL by `services.public_cache.public_pages_changed`, never written by `save()`.
    generation = models.PositiveBigIntegerField(_("generation of the public pages"), default=0)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(games_per_durchgang__gte=1) & Q(games_per_durchgang__lte=200),
                name="tournament_games_per_durchgang_range",
            ),
            models.CheckConstraint(
                condition=Q(number_of_durchgaenge__gte=1) & Q(number_of_durchgaenge__lte=20),
                name="tournament_number_of_durchgaenge_range",
            ),
            models.CheckConstraint(
                condition=Q(solo_approval_from__gte=1), name="tournament_solo_approval_from_min"
            ),
            models.CheckConstraint(
                condition=~Q(ranking_publication="after") | Q(ranking_published_after__gte=1),
                name="tournament_ranking_published_after_a_durchgang",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        """A full save of a tournament loaded earlier leaves `generation` alone: writing back
        the value it was loaded with would undo a change counted since, and serve stale pages."""
        full = kwargs.get("update_fields") is None and not kwargs.get("force_insert")
        if full and not self._state.adding:
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name != "generation"
            ]
        super().save(*args, **kwargs)

    @property
    def chain(self) -> tuple[str, ...]:
        return CHAINS[self.tiebreak]

    @property
    def settings_locked(self) -> bool:
        """Settings may not change once the first game is recorded."""
        return Hand.objects.filter(table__durchgang__tournament=self).exists()


class Membership(models.Model):
    """A user's role in one tournament."""

    class Role(models.TextChoices):
        SUPERVISOR = "supervisor", _("Supervisor")
        CLERK = "clerk", _("Clerk")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], name="membership_unique_user_per_tournament"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()})"


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
    # The player's confirmation of the sheet (5.3.2): a paper signature ticked by the clerk, or
    # the name typed by the player at the table.
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


class Hand(models.Model):
    """One game as written on the scoresheet."""

    # django-stubs type the functional API without the (value, label) pairs Django takes.
    Contract = models.TextChoices(  # type: ignore[call-overload]
        "Contract", [(c.name, (c.value, c.value.capitalize())) for c in rc.Contract]
    )
    Suit = models.TextChoices("Suit", [(s.name, (s.value, s.value.capitalize())) for s in rc.Suit])  # type: ignore[call-overload]

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="hands", db_index=False
    )  # indexed by hand_unique_number_per_table
    number = models.PositiveSmallIntegerField(_("game number"))
    contract = models.CharField(_("contract"), max_length=12, choices=Contract.choices)
    suit = models.CharField(_("suit"), max_length=10, choices=Suit.choices, blank=True)
    declarer = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="+", verbose_name=_("declarer")
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
        ]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.number}

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
