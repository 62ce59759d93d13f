"""Forms of the door: the door's settings, a late arrival, and the public registration."""

# Declared boilerplate (duplicates): form field declarations are alike in shape across the forms.

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.models import Payment, Tournament
from tournament.registration.player_import import CLUB_LENGTH, NAME_LENGTH
from tournament.web.names import name_clean


class DoorSettingsForm(forms.ModelForm):
    entry_fee = forms.DecimalField(
        label=_("Startgeld (€)"),
        min_value=0,
        max_value=99999,
        max_digits=7,
        decimal_places=2,
        localize=True,
        help_text=_("Paid at the check-in, in cash or marked free; 0: no Startgeld."),
    )

    class Meta:
        model = Tournament
        fields = (
            "entry_fee",
            "check_in",
            "registration_open",
            "registration_limit",
            "registration_reserved",
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration_reserved"].required = False  # empty: 0, all by the form

    def clean(self) -> dict[str, Any]:
        values = super().clean() or self.cleaned_data
        if "registration_reserved" in values:
            values["registration_reserved"] = values["registration_reserved"] or 0
        reserved, limit = values.get("registration_reserved"), values.get("registration_limit")
        if reserved and limit is None:
            message = gettext("Enter the number of places first: these are the last of them.")
            self.add_error("registration_reserved", message)
        elif reserved and limit is not None and reserved > limit:
            message = gettext("At most as many as there are places (%(limit)s).")
            self.add_error("registration_reserved", message % {"limit": limit})
        return values


class LateArrivalForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_LENGTH)
    club = forms.CharField(label=_("Club"), max_length=CLUB_LENGTH, required=False)
    payment = forms.ChoiceField(label=_("Startgeld"), choices=Payment.choices, initial=Payment.CASH)


class RegistrationForm(forms.Form):
    name = forms.CharField(label=_("First and family name"), max_length=NAME_LENGTH)
    club = forms.CharField(label=_("Club or place"), max_length=CLUB_LENGTH, required=False)
    email = forms.EmailField(
        label=_("E-mail"),
        required=False,
        help_text=_("Only for the tournament's organiser, never shown."),
    )
    full_name_public = forms.TypedChoiceField(
        label=_("Your name on the public ranking"),
        choices=[
            ("0", _("First name and initial of the family name (Josef H.)")),
            ("1", _("Full name (Josef Huber)")),
        ],
        coerce=lambda value: value == "1",
        initial="0",
        widget=forms.RadioSelect,
    )
    # Left empty by people; filled by the robots that fill every field.
    website = forms.CharField(required=False, label=_("Leave empty"))

    def __init__(self, *args: Any, mail: bool = False, **kwargs: Any) -> None:
        """`mail`: the registration is confirmed by e-mail, so the address is needed."""
        super().__init__(*args, **kwargs)
        if mail:
            email = self.fields["email"]
            email.required = True
            email.help_text = _(
                "You get a mail with a link: the registration counts once you confirm it. "
                "Only for the tournament's organiser, never shown."
            )

    def clean_name(self) -> str:
        name = name_clean(" ".join(self.cleaned_data["name"].split()), field=_("Name"))
        if not name:
            raise forms.ValidationError(_("Enter your name."))
        return name
