"""The forms of a cup: its settings, a member, a member's key, a hosted tournament, a file sent
in, and the reason of a withdrawal."""

# Declared boilerplate (duplicates): form field declarations are alike in shape across the forms.

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Cup, Organiser, Tournament

CUP_FILE_MAX_BYTES = 20_000_000


class CupForm(forms.ModelForm):
    placement_text = forms.CharField(
        label=_("Placement points"),
        required=False,
        help_text=_("Points by place, e.g. 25-20-16-13-11-10-9-8-7-6-5-4-3-2-1."),
    )

    class Meta:
        model = Cup
        fields = ("name", "slug", "season", "kind", "best", "minimum", "team_size")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["placement_text"] = "-".join(map(str, self.instance.placement))
            self.fields["slug"].disabled = True
        self.fields["team_size"].required = False  # left out: the cup keeps its team size


class MemberForm(forms.Form):
    organiser = forms.ModelChoiceField(label=_("Member"), queryset=Organiser.objects.none())

    def __init__(self, *args: Any, cup: Cup, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["organiser"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Organiser.objects.exclude(cup_memberships__cup=cup).order_by("name")


class KeyForm(forms.Form):
    key = forms.CharField(
        label=_("Public key of the member"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("The code its page “Cup key” shows (44 characters), or the key file below."),
    )
    key_file = forms.FileField(label=_("or its key file"), required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("key_file")
        if upload is not None:
            data["key"] = upload.read(10_000).decode("utf-8", "replace")
        if not (data.get("key") or "").strip():
            raise forms.ValidationError(_("Enter the code or choose the key file."))
        return data


class TournamentAddForm(forms.Form):
    tournament = forms.ModelChoiceField(label=_("Tournament"), queryset=Tournament.objects.none())

    def __init__(self, *args: Any, cup: Cup, organiser: Organiser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["tournament"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = (
            Tournament.objects.filter(organiser=organiser)
            .exclude(cup_entries__cup=cup)
            .order_by("-date")
        )


class UploadForm(forms.Form):
    file = forms.FileField(
        label=_("Cup file"),
        help_text=_("The file “…-pokal.json” the club's installation exported."),
    )


class WithdrawForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)


class NameEraseForm(forms.Form):
    """One name of an evening sent in, to be erased (its rows not erased yet)."""

    row = forms.TypedChoiceField(label=_("Name"), coerce=int)

    def __init__(self, *args: Any, entry: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.TypedChoiceField, self.fields["row"]).choices = [("", "—")] + [
            (index, f"{row.get('rank', index + 1)}. {row.get('name', '')}")
            for index, row in enumerate(entry.standings)
            if not row.get("erased")
        ]
