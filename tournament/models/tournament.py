"""A tournament, its settings (point table, Durchgänge, contracts, tie-break, publication) and
the staff's roles in it."""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rules import contracts as rc
from rules.decks import DEFAULT_DECK
from rules.decks import Deck as RuleDeck
from rules.presets import (
    DEFAULT_PRESET,
    PRESETS,
)
from rules.rule_sets import ALL_PASS_REDEAL, ALL_PASS_THROWN_IN, DEFAULT_RULE_SET, RULE_SETS
from rules.tiebreaks import CHAINS, DEFAULT_CHAIN
from tournament.models.persons import organiser_default

CUSTOM_TABLE = "custom"  # `scoring` of a tournament with its own table in `point_table`


def default_contracts() -> list[str]:
    return [c.value for c in rc.DEFAULT_CONTRACTS]


class Tournament(models.Model):
    class Status(models.TextChoices):
        PREPARATION = "preparation", _("In preparation")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Publication(models.TextChoices):
        HIDDEN = "hidden", _("not published")
        AFTER = "after", _("published after a Durchgang")
        LIVE = "live", _("published live")

    class AllPass(models.TextChoices):
        REDEAL = ALL_PASS_REDEAL, _("the same dealer deals again (5.2.5 of 2007)")
        THROWN_IN = ALL_PASS_THROWN_IN, _("thrown in and recorded (4.1.5 of 2024)")

    class Recording(models.TextChoices):
        GAMES = "games", _("every game")
        TOTALS = "totals", _("totals per table (Summenliste)")

    class Deck(models.TextChoices):
        GERMAN = RuleDeck.GERMAN.value, _("German suits")
        FRENCH = RuleDeck.FRENCH.value, _("French suits")

    class TieBreak(models.TextChoices):
        CASCADE = "5.4.2", _("Rule 5.4.2: Sie, Touts won, Touts, solos won, solos")
        SOLOS = "solos", _("Points, then single-player games")
        LOT = "lot", _("Lot only")

    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    name = models.CharField(_("name"), max_length=200)
    organiser = models.ForeignKey(
        "tournament.Organiser",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("organiser"),
    )
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    # The public calendar (tournament/calendar/): when play starts, and whether the tournament is
    # announced there (its feeds, the API and the embeds list only announced tournaments).
    start_time = models.TimeField(_("start"), null=True, blank=True)
    announced = models.BooleanField(
        _("in the public calendar"),
        default=True,
        help_text=_(
            "Listed in the public calendar, its feeds, the API and the club website's embeds. "
            "Off: a draft, seen only by the staff there."
        ),
    )
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
    rule_set = models.CharField(
        _("rule set"),
        max_length=40,
        default=DEFAULT_RULE_SET,
        choices=[(key, rules.title) for key, rules in RULE_SETS.items()],
        help_text=_(
            "The rules the tournament is played by. Choosing them fills in the settings they "
            "imply (first game), unless you set those here; each can be changed afterwards."
        ),
    )
    games_per_durchgang = models.PositiveSmallIntegerField(_("games per Durchgang"), default=32)
    # How the tables of a new draw record their sheets (tournament/totals/): every game, or only
    # each player's totals of the Durchgang; the supervisor switches a table until its first entry.
    recording = models.CharField(
        _("how tables are recorded"),
        max_length=8,
        choices=Recording.choices,
        default=Recording.GAMES,
        help_text=_(
            "Every game, or the totals of each table's paper Spielliste. Each table can be "
            "switched until its first entry."
        ),
    )
    number_of_durchgaenge = models.PositiveSmallIntegerField(_("number of Durchgänge"), default=2)
    contracts = models.JSONField(_("allowed contracts"), default=default_contracts)
    kontra_allowed = models.BooleanField(_("Kontra allowed"), default=False)
    laufende_counted = models.BooleanField(_("Laufende counted"), default=False)
    first_game_rule = models.BooleanField(
        _("first-game rule"),
        default=True,
        help_text=_(
            "Rule 5.2.15: in the first game of a sheet a Tout or Schwarz single-player game "
            "counts as a simple game."
        ),
    )
    sie_first_game_allowed = models.BooleanField(
        _("Sie in the first game allowed"),
        default=False,
        help_text=_(
            "The 2024 rules let a Sie count in the first game of a sheet; rule 2.9.1 of 2007 "
            "refuses it there."
        ),
    )
    all_pass = models.CharField(
        _("all pass"),
        max_length=10,
        choices=AllPass.choices,
        default=ALL_PASS_REDEAL,
        help_text=_("What happens when everybody passes (“alle weiter”)."),
    )
    thrown_in_counts = models.BooleanField(
        _("a thrown-in deal counts as a game"),
        default=True,
        help_text=_(
            "A thrown-in deal takes one of the Durchgang's games; otherwise the sheet gets one "
            "line more for each."
        ),
    )
    stock_per_thrown_in = models.DecimalField(
        _("Stock per thrown-in deal (€)"),
        max_digits=6,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_(
            "Reuegeld each player dealt cards pays for a thrown-in deal, e.g. 0,50; empty: none. "
            "Money, never points."
        ),
    )
    deck = models.CharField(
        _("cards"),
        max_length=10,
        choices=Deck.choices,
        default=DEFAULT_DECK.value,
        help_text=_(
            "How pages, printouts, phones and exports name the cards; the French deck says "
            "Clubs, Spades, Hearts, Diamonds, Queen, Jack and Ace. Games and points are the same."
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
    # Since when the public sees the ranking (tournament/ranking/publication.py): set when it
    # is made public from hidden, kept while it stays public (after another Durchgang, live),
    # cleared when it is withdrawn. The calendar's Atom feed of rankings goes by it.
    ranking_published_at = models.DateTimeField(
        _("ranking public since"), null=True, blank=True, editable=False
    )
    # The door (tournament/checkin/): Startgeld, check-in, the public registration form.
    entry_fee = models.DecimalField(
        _("Startgeld (€)"),
        max_digits=7,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0))],
        help_text=_("Paid at the check-in, in cash or marked free; 0: no Startgeld."),
    )
    check_in = models.BooleanField(
        _("check-in at the door"),
        default=False,
        help_text=_(
            "On: only players checked in at the door are drawn. Off: every registered player is."
        ),
    )
    registration_open = models.BooleanField(
        _("public registration open"),
        default=False,
        help_text=_("Players register themselves on the tournament's public page until the draw."),
    )
    registration_limit = models.PositiveIntegerField(
        _("places"),
        null=True,
        blank=True,
        help_text=_("Registrations beyond this go onto the waiting list; empty: no limit."),
    )
    registration_reserved = models.PositiveIntegerField(
        _("last places only through the Turnierleitung"),
        default=0,
        help_text=_(
            "Of the places, this many last ones are not given by the public form: past the "
            "others, registrations go onto the waiting list, and the Turnierleitung gives these "
            "places (a player on the waiting list checked in at the door takes a free one). "
            "0: all places by the form."
        ),
    )
    # Its seasons: `Season.tournaments` (related name `seasons`; a tournament may count in
    # several). The `generation` its season results were written at (tournament/seasons/
    # services.py), shared by all its seasons.
    season_generation = models.PositiveBigIntegerField(null=True, blank=True, editable=False)
    # Past its retention (tournament/persons/privacy.py): names replaced, results untouched.
    anonymised_at = models.DateTimeField(_("anonymised at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Counts the changes of what the public pages show; part of their cache key. Only ever
    # raised in SQL by `scorekeeping.changes.public_pages_changed`, never written by `save()`.
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
                condition=Q(stock_per_thrown_in__isnull=True) | Q(stock_per_thrown_in__gte=0),
                name="tournament_stock_per_thrown_in_min",
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
        if self._state.adding and self.organiser_id is None:
            self.organiser = organiser_default()
        full = kwargs.get("update_fields") is None and not kwargs.get("force_insert")
        if full and not self._state.adding:
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name != "generation"
            ]
        super().save(*args, **kwargs)

    def ranking_public_until(self, played: int) -> int | None:
        """The last of `played` Durchgänge whose ranking the public sees; None: not published.
        The one answer the ranking pages, the seasons and the day's steps go by."""
        if self.ranking_publication == self.Publication.LIVE:
            return played
        if self.ranking_publication == self.Publication.AFTER:
            return min(self.ranking_published_after or 0, played)
        return None

    @property
    def records_thrown_in(self) -> bool:
        """Thrown-in deals are lines of the sheet (4.1.5 of 2024)."""
        return self.all_pass == ALL_PASS_THROWN_IN

    @property
    def stock_cents(self) -> int:
        """The Stock per thrown-in deal in cents (0: none, or nothing recorded)."""
        if not self.records_thrown_in or self.stock_per_thrown_in is None:
            return 0
        return int(self.stock_per_thrown_in * 100)

    @property
    def chain(self) -> tuple[str, ...]:
        return CHAINS[self.tiebreak]

    @property
    def settings_locked(self) -> bool:
        """Settings may not change once the first game (or a table's totals) is recorded."""
        # Through the reverse relations: draw.py and hands.py import this module.
        return (
            self.durchgaenge.filter(tables__hands__isnull=False).exists()
            or self.durchgaenge.filter(tables__totals_at__isnull=False).exists()
        )


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
