"""Players known across tournaments: the organiser (a club or a league) that holds
tournaments, its person register (Spielerkartei) and the record of persons merged.

An `Organiser` owns tournaments and persons; its `staff` (and the supervisors of its
tournaments) keep the register. A `Person` is one human being over many tournaments; a
tournament's `Player` points to it; `PersonApart` holds two persons the matching takes for one
who are two people. What a public page shows of the name is the person's choice
(`Person.Publication`), copied onto each of their players so public pages need no extra query.
"""

# Declared boilerplate (duplicates): field declarations are alike in shape across the models.

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

DEFAULT_ORGANISER_SLUG = "standard"


class Organiser(models.Model):
    """A club or a league: holds tournaments and keeps a person register."""

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    # The public calendar filters by it (tournament/calendar/), e.g. "Oberbayern".
    region = models.CharField(_("region"), max_length=100, blank=True)
    staff = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="organisers",
        verbose_name=_("staff"),
        help_text=_(
            "Users who keep the person register and seasons; those of them who are staff "
            "users create its tournaments."
        ),
    )

    class Meta:
        verbose_name = _("organiser")
        verbose_name_plural = _("organisers")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


def organiser_default() -> Organiser:
    """The organiser of tournaments created without one (a fresh installation has just this)."""
    organiser, _created = Organiser.objects.get_or_create(
        slug=DEFAULT_ORGANISER_SLUG, defaults={"name": "Veranstalter"}
    )
    return organiser


def person_key_new() -> str:
    """The key that names a person in interchange files (stable across files)."""
    return secrets.token_hex(8)


class Person(models.Model):
    class Publication(models.TextChoices):
        FULL = "full", _("full name")
        INITIAL = "initial", _("initial of the family name only")

    organiser = models.ForeignKey(
        Organiser, on_delete=models.PROTECT, related_name="persons", verbose_name=_("organiser")
    )
    name = models.CharField(_("name"), max_length=200)
    club = models.CharField(_("club or place"), max_length=200, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    publication = models.CharField(
        _("name on public pages"),
        max_length=8,
        choices=Publication.choices,
        default=Publication.INITIAL,
        help_text=_(
            "The person's consent: the full name on public pages, or the given name and the "
            "initial of the family name only. Staff pages and signed sheets always show the "
            "full name."
        ),
    )
    key = models.CharField(
        _("key"),
        max_length=64,
        default=person_key_new,
        db_index=True,
        editable=False,
        help_text=_("Names the person in interchange files, the same in every file."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    # Erased at the person's request (DSGVO, tournament/persons/privacy.py): when and by whom,
    # never the name.
    erased_at = models.DateTimeField(_("erased at"), null=True, blank=True)
    erased_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("erased by"),
    )

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("persons")
        ordering = ["name", "club"]
        indexes = [models.Index(fields=["organiser", "name"], name="person_organiser_name")]

    def __str__(self) -> str:
        return f"{self.name}, {self.club}" if self.club else self.name

    @property
    def publishes_full_name(self) -> bool:
        return self.publication == self.Publication.FULL


class PersonMerge(models.Model):
    """The history of the register: `merged` (gone now) was joined into `kept`."""

    organiser = models.ForeignKey(Organiser, on_delete=models.CASCADE, related_name="merges")
    kept = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="merges", verbose_name=_("kept person")
    )
    merged_name = models.CharField(_("merged person"), max_length=200)
    merged_club = models.CharField(_("club of the merged person"), max_length=200, blank=True)
    merged_id = models.PositiveIntegerField(_("number of the merged person"))
    players_moved = models.PositiveIntegerField(_("players moved"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("merged by"),
    )
    at = models.DateTimeField(_("merged at"), auto_now_add=True)

    class Meta:
        verbose_name = _("merge of persons")
        verbose_name_plural = _("merges of persons")
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.merged_name} → {self.kept.name}"


class PersonApart(models.Model):
    """Two persons of one register that the matching takes for one but who are two people:
    the pair is no longer listed among the likely duplicates (`first` has the lower id)."""

    organiser = models.ForeignKey(Organiser, on_delete=models.CASCADE, related_name="apart")
    first = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("kept apart by"),
    )
    at = models.DateTimeField(_("kept apart at"), auto_now_add=True)

    class Meta:
        verbose_name = _("two persons kept apart")
        verbose_name_plural = _("persons kept apart")
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="person_apart_once"),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="person_apart_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_id} ≠ {self.second_id}"


def public_name(name: str, *, full: bool) -> str:
    """The name as a public page shows it: in full, or "Josef H." (the last word is taken as
    the family name; a single word stays as it is)."""
    if full:
        return name
    words = name.split()
    if len(words) < 2:
        return name
    return " ".join(words[:-1]) + f" {words[-1][0]}."
