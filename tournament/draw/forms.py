from django import forms
from django.forms.models import ModelChoiceIterator
from django.utils.translation import gettext_lazy as _

from tournament.models import Player
from tournament.web.collation import german_sort_key


class GermanOrderIterator(ModelChoiceIterator):
    """The players in the German order of their names (DIN 5007-1), which SQL cannot give."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        players = sorted(self.queryset, key=lambda p: (german_sort_key(p.name), p.start_number))
        for player in players:
            yield self.choice(player)


class PlayerChoiceField(forms.ModelChoiceField):
    iterator = GermanOrderIterator


class DrawForm(forms.Form):
    seed = forms.CharField(
        label=_("Seed"),
        max_length=64,
        required=False,
        help_text=_("Leave empty for a new random seed; give a recorded seed to repeat a draw."),
    )


class SwapForm(forms.Form):
    first = PlayerChoiceField(queryset=Player.objects.none(), label=_("Player"))
    second = PlayerChoiceField(queryset=Player.objects.none(), label=_("Swap with"))
    reason = forms.CharField(label=_("Reason"), max_length=300)

    def __init__(self, *args, durchgang, **kwargs):
        super().__init__(*args, **kwargs)
        seated = Player.objects.filter(seats__durchgang=durchgang)
        self.fields["first"].queryset = seated
        self.fields["second"].queryset = seated
