"""The form of a season: name, scoring preset, its numbers, and the tournaments it groups."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Season, Tournament


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

    def __init__(self, *args, organiser, **kwargs):
        super().__init__(*args, **kwargs)
        tournaments = self.fields["tournaments"]
        assert isinstance(tournaments, forms.ModelMultipleChoiceField)
        tournaments.queryset = Tournament.objects.filter(organiser=organiser).order_by("-date")
        if self.instance.pk:
            self.initial["tournaments"] = list(self.instance.tournaments.all())
            self.initial["placement_text"] = "-".join(map(str, self.instance.placement))
            self.fields["slug"].disabled = True
