"""The calendar page's filters (a GET form): organiser, region, place. A value the form does not
know is an error named at its field, and the list stays empty; never a traceback."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament import models
from tournament.calendar.entries import calendar_regions


class CalendarFilterForm(forms.Form):
    veranstalter = forms.ChoiceField(label=_("Organiser"), required=False)
    region = forms.ChoiceField(label=_("Region"), required=False)
    ort = forms.CharField(
        label=_("Venue"),
        required=False,
        max_length=100,
        help_text=_("Part of the venue, e.g. a town."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        organisers = (
            models.Organiser.objects.filter(tournaments__announced=True)
            .distinct()
            .order_by("name")
            .values_list("slug", "name")
        )
        everyone = [("", _("all organisers"))]
        organiser = self.fields["veranstalter"]
        assert isinstance(organiser, forms.ChoiceField)
        organiser.choices = everyone + list(organisers)
        region = self.fields["region"]
        assert isinstance(region, forms.ChoiceField)
        region.choices = [("", _("all regions"))] + [(r, r) for r in calendar_regions()]

    def organiser(self) -> models.Organiser | None:
        """The organiser chosen (after `is_valid`); None: all."""
        slug = self.cleaned_data.get("veranstalter")
        return models.Organiser.objects.filter(slug=slug).first() if slug else None
