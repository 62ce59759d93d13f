from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Player


class DrawForm(forms.Form):
    seed = forms.CharField(
        label=_("Seed"),
        max_length=64,
        required=False,
        help_text=_("Leave empty for a new random seed; give a recorded seed to repeat a draw."),
    )


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Swap with"))
    reason = forms.CharField(label=_("Reason"), max_length=300)

    def __init__(self, *args, durchgang, **kwargs):
        super().__init__(*args, **kwargs)
        seated = Player.objects.filter(seats__durchgang=durchgang).order_by("name")
        self.fields["first"].queryset = seated
        self.fields["second"].queryset = seated
