"""The supervisor's form of the ranking's publication."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournament import models


class PublishForm(forms.Form):
    publication = forms.ChoiceField(
        label=gettext_lazy("Ranking"), choices=models.Tournament.Publication.choices
    )
    after = forms.IntegerField(label=gettext_lazy("after Durchgang"), min_value=1, required=False)
