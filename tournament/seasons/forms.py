"""The form of a season: name, scoring preset, its numbers, and the tournaments it adds."""

# Declared boilerplate (duplicates): form field declarations are alike in shape across the forms.

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Organiser, Season, Tournament


class SeasonForm(forms.ModelForm):
    placement_text = forms.CharField(
        label=_("Placement points"),
        required=False,
        help_text=_("Points by place, e.g. 25-20-16-13-11-10-9-8-7-6-5-4-3-2-1."),
    )
    tournaments = forms.ModelMultipleChoiceField(
        label=_("Tournaments"),
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Season
        fields = ("name", "slug", "kind", "best", "minimum")

    def __init__(self, *args: Any, organiser: Organiser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        tournaments = self.fields["tournaments"]
        assert isinstance(tournaments, forms.ModelMultipleChoiceField)
        queryset = Tournament.objects.filter(organiser=organiser).order_by("-date")
        if self.instance.pk:
            # Only adds: the tournaments in the season are listed apart, each taken out by its
            # own confirmed action (SeasonTournamentRemoveView), never by an unticked box.
            queryset = queryset.exclude(seasons=self.instance)
            tournaments.label = _("Add tournaments")
            tournaments.help_text = (
                _("Ticked tournaments are added; they stay in their other seasons too.")
                if queryset.exists()
                else _("Every tournament of the organiser is in this season already.")
            )
            self.initial["placement_text"] = "-".join(map(str, self.instance.placement))
            self.fields["slug"].disabled = True
        else:
            tournaments.help_text = _("A tournament may count in several seasons.")
        tournaments.queryset = queryset
