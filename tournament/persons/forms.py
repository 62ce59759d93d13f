"""Forms of the person register: a person's entry and the choice of two persons to merge."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Person


class PersonForm(forms.Form):
    """Checked once more by the service (`persons.services._checked`), which names the field."""

    name = forms.CharField(label=_("Name"), max_length=200)
    club = forms.CharField(label=_("Club or place"), max_length=200, required=False)
    email = forms.CharField(label=_("E-mail"), max_length=254, required=False)
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)
    publication = forms.ChoiceField(
        label=_("Name on public pages"),
        choices=Person.Publication.choices,
        initial=Person.Publication.INITIAL,
        widget=forms.RadioSelect,
        help_text=_(
            "Full name only with the person's consent; otherwise public pages show the given "
            "name and the initial of the family name."
        ),
    )


class MergeForm(forms.Form):
    kept = forms.IntegerField(widget=forms.HiddenInput)
    merged = forms.IntegerField(widget=forms.HiddenInput)
