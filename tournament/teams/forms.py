"""The team ranking's form: its kind, the team size and the teams registered in advance."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import TeamRanking
from tournament.models.teams import TEAM_SIZE_MAX


class TeamsForm(forms.Form):
    kind = forms.ChoiceField(label=_("Team ranking"), choices=TeamRanking.Kind.choices)
    size = forms.IntegerField(
        label=_("Players per team (N)"),
        min_value=1,
        max_value=TEAM_SIZE_MAX,
        help_text=_("A club's best N players count, or a registered team has exactly N players."),
    )
    teams = forms.CharField(
        label=_("Teams registered in advance"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": "Die Asse: 3, 17, 22, 41"}),
        help_text=_(
            "One team a line: its name, a colon and the start numbers of its players. "
            "A player plays in at most one team."
        ),
    )
