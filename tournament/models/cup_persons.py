"""The cup's persons and its final (tournament/cups/, docs/cup.md).

`CupAlias` says which cup-level person one name of one evening is, where the cup organiser
decided otherwise than the folded name (a merge or a split); `CupApart` two cup persons the
matching proposes as one that the cup organiser keeps apart; `CupEvent` is the cup's own
append-only history (merges, splits, the qualification, declines, replacements, the start
list); `CupFinal` holds how many qualify and the final's tournament; `CupQualifier` is one
person invited to the final (or who declined).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.cups import Cup, CupEntry, CupStep
from tournament.models.players import Player
from tournament.models.tournament import Tournament


class CupAlias(models.Model):
    """The name `name_key` (folded, tournament/persons/matching.py `key`) in the evening
    `entry` belongs to the cup person `person` (by default a name is the person of its key)."""

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="aliases")
    entry = models.ForeignKey(CupEntry, on_delete=models.CASCADE, related_name="aliases")
    name_key = models.CharField(_("name"), max_length=200)
    person = models.CharField(_("cup person"), max_length=220)

    class Meta:
        verbose_name = _("cup person of a name")
        verbose_name_plural = _("cup persons of names")
        constraints = [models.UniqueConstraint(fields=["entry", "name_key"], name="cup_alias_once")]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.name_key} → {self.person}"


class CupApart(models.Model):
    """The cup persons `first` and `second` (`first` < `second`) are two people: the matching's
    proposal to merge them is not shown again (dismissed, or one split off from the other)."""

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="apart")
    first = models.CharField(_("cup person"), max_length=220)
    second = models.CharField(_("other cup person"), max_length=220)

    class Meta:
        verbose_name = _("two cup persons kept apart")
        verbose_name_plural = _("cup persons kept apart")
        constraints = [
            models.UniqueConstraint(fields=["cup", "first", "second"], name="cup_apart_once"),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="cup_apart_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.cup_id}: {self.first} ≠ {self.second}"


class CupEvent(CupStep):
    """The cup's history beside its evenings': persons merged or split, the final's steps."""

    class Kind(models.TextChoices):
        MERGED = "merged", _("persons merged")
        SPLIT = "split", _("person split")
        APART = "apart", _("kept apart")
        QUALIFIED = "qualified", _("qualified")
        DECLINED = "declined", _("declined")
        INVITED = "invited", _("replacement invited")
        START_LIST = "startlist", _("start list made")

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(_("what"), max_length=10, choices=Kind.choices)
    detail = models.CharField(_("details"), max_length=500)

    class Meta(CupStep.Meta):
        verbose_name = _("change of a cup")
        verbose_name_plural = _("changes of cups")

    def __str__(self) -> str:
        return f"{self.cup_id}: {self.kind}"


class CupFinal(models.Model):
    """How many qualify for the cup's final, and the final's tournament once its start list is
    made."""

    cup = models.OneToOneField(Cup, on_delete=models.CASCADE, related_name="final")
    overall = models.PositiveSmallIntegerField(_("best N of the cup table"), default=0)
    per_evening = models.PositiveSmallIntegerField(_("best N of each evening"), default=0)
    fixed_at = models.DateTimeField(_("qualification fixed at"), null=True, blank=True)
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("final"),
    )

    class Meta:
        verbose_name = _("cup final")
        verbose_name_plural = _("cup finals")

    def __str__(self) -> str:
        return f"final of cup {self.cup_id}"


class CupQualifier(models.Model):
    """One person of the cup table invited to the final (`position`: its place in the start
    list), or who declined."""

    class State(models.TextChoices):
        INVITED = "invited", _("invited")
        DECLINED = "declined", _("declined")

    final = models.ForeignKey(CupFinal, on_delete=models.CASCADE, related_name="qualifiers")
    person = models.CharField(_("cup person"), max_length=220)
    name = models.CharField(_("name"), max_length=200)
    club = models.CharField(_("club"), max_length=200, blank=True)
    reason = models.CharField(_("qualified by"), max_length=200)
    position = models.PositiveSmallIntegerField(_("position"))
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.INVITED
    )
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("qualified player")
        verbose_name_plural = _("qualified players")
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["final", "person"], name="cup_qualifier_once")
        ]

    def __str__(self) -> str:
        return f"{self.final_id}: {self.name}"
