"""The form adding a prize to the list."""

# Declared boilerplate (duplicates): form field declarations are alike in shape across the forms.

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Prize


class PrizeForm(forms.ModelForm):
    amount = forms.DecimalField(
        label=_("Prize money (€)"),
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=2,
        localize=True,
        help_text=_("Empty for goods; money counts in the cash summary."),
    )

    class Meta:
        model = Prize
        fields = ("rule", "place_from", "place_to", "every", "club", "description", "amount")
        help_texts = {
            "place_to": _("Empty: the first place only. 4 to 10: each of these places."),
            "club": _("Only for the best player of a club."),
        }

    def clean(self) -> dict[str, Any]:
        values = super().clean() or {}
        first, last = values.get("place_from"), values.get("place_to")
        if first and last is not None and last < first:
            self.add_error("place_to", _("The last place cannot come before the first."))
        return values
