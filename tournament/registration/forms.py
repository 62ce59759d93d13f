"""Forms of the registration pages: tournament settings, players, the player-list upload, the
clerks."""

# Declared boilerplate (duplicates): form field declarations are alike in shape across the forms.

from __future__ import annotations

import secrets
from typing import cast

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.contracts import PLAYED, Contract
from rules.presets import (
    PRESETS,
)
from rules.rule_sets import RULE_SETS, rule_set
from scoring.seating import games_fit_tables_of_five
from tournament.models import CUSTOM_TABLE, Organiser, Tournament
from tournament.registration.members import clerk_candidates, clerk_namespace, clerk_username
from tournament.registration.player_import import CLUB_LENGTH, NAME_LENGTH
from tournament.scorekeeping.violations import games_per_durchgang_error
from tournament.web.slugs import tournament_slug

#: Settings that change how games are scored or drawn: fixed once the first game is recorded.
RULE_FIELDS = (
    "rule_set",
    "scoring",
    "games_per_durchgang",
    "number_of_durchgaenge",
    "contracts",
    "solo_approval_from",
    "tiebreak",
    "kontra_allowed",
    "laufende_counted",
    "first_game_rule",
    "sie_first_game_allowed",
    "all_pass",
    "thrown_in_counts",
    "separate_clubs",
)


#: The settings declared on the form rather than taken from the model (they keep its defaults).
DECLARED_DEFAULTS = (
    "contracts",
    "games_per_durchgang",
    "number_of_durchgaenge",
    "solo_approval_from",
)


def organiser_field(organisers) -> forms.ModelChoiceField:
    return forms.ModelChoiceField(
        label=_("Organiser"),
        queryset=Organiser.objects.filter(pk__in=[o.pk for o in organisers]).order_by("name"),
        help_text=_(
            "The tournament belongs to this organiser: its person register and seasons. Only "
            "the organisers you serve are offered."
        ),
    )


class TournamentForm(forms.ModelForm):
    contracts = forms.MultipleChoiceField(
        label=_("Allowed contracts"),
        choices=[(c.value, c.value.capitalize()) for c in PLAYED],
        widget=forms.CheckboxSelectMultiple,
    )
    games_per_durchgang = forms.IntegerField(
        label=_("Games per Durchgang"), min_value=1, max_value=200
    )
    number_of_durchgaenge = forms.IntegerField(
        label=_("Number of Durchgänge"), min_value=1, max_value=20
    )
    stock_per_thrown_in = forms.DecimalField(
        label=_("Stock per thrown-in deal (€)"),
        required=False,
        min_value=0,
        max_value=9999,
        max_digits=6,
        decimal_places=2,
        localize=True,
        help_text=_(
            "Reuegeld each player dealt cards pays for a thrown-in deal, e.g. 0,50; empty: none. "
            "Money, never points."
        ),
    )
    solo_approval_from = forms.IntegerField(
        label=_("Approval from single-player game no."),
        min_value=1,
        max_value=200,
        help_text=_("Per table and Durchgang; every Tout and Sie needs approval anyway."),
    )

    class Meta:
        model = Tournament
        fields = (
            "name",
            "date",
            "venue",
            "start_time",
            "announced",
            "slug",
            *RULE_FIELDS,
            "stock_per_thrown_in",
            "deck",
            "recording",
        )
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }
        help_texts = {
            "slug": _("Part of the address; made from name and date when left empty."),
            "kontra_allowed": _("Kontra doubles, Retour quadruples the game's value."),
            "rule_set": _(
                "The rules the tournament is played by. Choosing them fills in the settings they "
                "imply (allowed contracts, first game), unless you set those here; each can be "
                "changed afterwards."
            ),
        }

    def __init__(self, *args, locked: bool = False, organisers=None, **kwargs):
        """`organisers`: a new tournament's choice of organiser (its maker's,
        registration/makers.py); shown as a field only when there are several."""
        super().__init__(*args, **kwargs)
        self.locked = locked
        if organisers and len(organisers) > 1:
            self.fields = {"organiser": organiser_field(organisers), **self.fields}
        self.fields["name"].widget.attrs["autofocus"] = True
        self.fields["slug"].required = False
        # Left out of a submission, the rule set stays what it is (a new tournament: the default).
        self.fields["rule_set"].required = False
        # Left out, all pass stays what it is (a new tournament: the rule set's, see `save`).
        self.fields["all_pass"].required = False
        # Left out, the deck stays what it is (a new tournament: the German deck). It only
        # names the cards, so it can change at any time, games recorded or not.
        self.fields["deck"].required = False
        # Left out, the recording stays what it is; it decides for the tables of later draws.
        self.fields["recording"].required = False
        self.rule_set_before = self.instance.rule_set if self.instance.pk else None
        # The fields declared above lose the model's defaults: a new tournament starts from them.
        for name in DECLARED_DEFAULTS:
            self.initial.setdefault(name, getattr(self.instance, name))
        if self.instance.pk:
            # The address of the public pages stays what was announced.
            self.fields["slug"].disabled = True
            self.fields["slug"].help_text = ""
        if self.instance.scoring != CUSTOM_TABLE:  # a custom table is made on its own page
            scoring = cast(forms.ChoiceField, self.fields["scoring"])
            if isinstance(choices := scoring.choices, list):  # a model field's: always a list
                scoring.choices = [choice for choice in choices if choice[0] != CUSTOM_TABLE]
        if locked:
            for name in RULE_FIELDS:
                self.fields[name].disabled = True

    @staticmethod
    def rule_set_initial(key: str) -> dict[str, object]:
        """The create form's initial values under the rule set `key` (`?regelwerk=`): it shows
        the settings the rule set implies before it is submitted. Nothing for an unknown key."""
        if key not in RULE_SETS:
            return {}
        return {"rule_set": key, **RULE_SETS[key].settings}

    def clean_rule_set(self):
        return self.cleaned_data["rule_set"] or self.instance.rule_set

    def clean_all_pass(self):
        return self.cleaned_data["all_pass"] or self.instance.all_pass

    def clean_recording(self):
        return self.cleaned_data["recording"] or self.instance.recording

    def locked_message(self) -> str:
        """What a save once games are recorded kept: never the rules; the cards and how tables
        are recorded change at any time, and then it says so."""
        if {"deck", "recording"} & set(self.changed_data):
            return gettext(
                "Name, date, venue and how cards and tables are shown and recorded saved. The "
                "rules were not changed: games are recorded."
            )
        return gettext(
            "Name, date and venue saved. The rules were not changed: games are recorded."
        )

    def clean_deck(self):
        return self.cleaned_data["deck"] or self.instance.deck

    def clean_contracts(self):
        contracts = self.cleaned_data["contracts"]
        if self.fields["contracts"].disabled:
            return contracts
        if Contract.RUFSPIEL.value not in contracts:
            raise forms.ValidationError(_("The Rufspiel must stay allowed."))
        return [c.value for c in PLAYED if c.value in contracts]

    def clean_games_per_durchgang(self):
        """Once the players registered need a table of five, only a multiple of 4 lets every
        player play the same number of games (the draw refuses the others too)."""
        games = self.cleaned_data["games_per_durchgang"]
        if self.fields["games_per_durchgang"].disabled or self.instance.pk is None:
            return games
        players = self.instance.players.filter(withdrawn=False).count()
        if players % 4 and not games_fit_tables_of_five(games):
            raise forms.ValidationError(games_per_durchgang_error(games))
        return games

    def clean_number_of_durchgaenge(self):
        number = self.cleaned_data["number_of_durchgaenge"]
        if self.instance.pk:
            drawn = self.instance.durchgaenge.order_by("-number").first()
            if drawn and drawn.number > number:
                raise forms.ValidationError(
                    _("Durchgang %(n)s is drawn already.") % {"n": drawn.number}
                )
        return number

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("slug") and cleaned.get("name") and cleaned.get("date"):
            cleaned["slug"] = tournament_slug(cleaned["name"], cleaned["date"])
        return cleaned

    def save(self, commit=True):
        tournament = self.instance
        if tournament.pk is None:
            tournament.lot_seed = secrets.token_hex(8)
        if tournament.rule_set != self.rule_set_before:
            # The rule set's settings, unless set in this same submission.
            for name, value in rule_set(tournament.rule_set).settings.items():
                # A choice left out (all pass) counts as not set here.
                left_out = name == "all_pass" and not self.data.get(name)
                if name not in self.changed_data or left_out:
                    setattr(tournament, name, value)
        if tournament.scoring != CUSTOM_TABLE and (
            tournament.pk is None or "scoring" in self.changed_data
        ):
            tournament.point_table = None
            table = PRESETS[tournament.scoring]
            if "kontra_allowed" not in self.changed_data:  # the preset's, unless set here
                tournament.kontra_allowed = table.kontra_allowed
            if "laufende_counted" not in self.changed_data:
                tournament.laufende_counted = table.laufende_counted
        return super().save(commit)


class PlayerForm(forms.Form):
    """Keyboard entry at the door: name, Tab, club, Enter."""

    name = forms.CharField(
        label=_("Name"),
        max_length=NAME_LENGTH,
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "off"}),
    )
    club = forms.CharField(
        label=_("Club or place"),
        max_length=CLUB_LENGTH,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "list": "clubs"}),
    )
    start_number = forms.IntegerField(
        label=_("Start number"),
        min_value=1,
        max_value=99999,
        required=False,
        help_text=_("Leave empty for the next free number."),
    )

    def __init__(self, *args, next_number: int | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if next_number is not None:
            self.fields["start_number"].widget.attrs["placeholder"] = next_number


class PlayerEntryForm(PlayerForm):
    """The entry at the door, with the person picked from the register."""

    # Set by the search as you type (person_pick.js) when a person of the register is picked;
    # empty: the register's person of this name and club, or a new one.
    person = forms.IntegerField(required=False, widget=forms.HiddenInput)


class PlayerEditForm(PlayerForm):
    start_number = forms.IntegerField(label=_("Start number"), min_value=1, max_value=99999)


class PlayerListForm(forms.Form):
    file = forms.FileField(
        label=_("Player list (CSV or .xlsx)"),
        help_text=_(
            "A header row with the columns Name, Verein (or Club) and optionally Startnummer."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,.xlsx"}),
    )


class ClerkForm(forms.Form):
    """A clerk: an account the organiser knows (registration/members.py), chosen from the
    list, or a new one with a password. No answer tells whether a name exists elsewhere."""

    user = forms.ModelChoiceField(
        label=_("Account of the organiser"),
        queryset=get_user_model().objects.none(),
        required=False,
        empty_label=_("– a new account –"),
        help_text=_(
            "The organiser's staff and whoever has a role in one of its tournaments; for "
            "someone else, type a new account below."
        ),
    )
    username = forms.CharField(label=_("User name"), max_length=100, required=False)
    password = forms.CharField(
        label=_("Password"),
        required=False,
        widget=forms.PasswordInput,
        help_text=_("Only for a new account."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        choice = cast(forms.ModelChoiceField, self.fields["user"])
        choice.queryset = clerk_candidates(tournament)
        if namespace := clerk_namespace(tournament):
            self.fields["username"].help_text = _(
                "A new account's name ends in %(ending)s, the organiser's short name."
            ) % {"ending": namespace}

    def clean(self):
        data = super().clean()
        user, typed = data.get("user"), data.get("username")
        if self.errors:
            return data
        if user is None and not typed:
            self.add_error("user", _("Choose an account, or type a user name for a new one."))
            return data
        if user is not None:
            if typed:
                self.add_error("username", _("Either an account from the list or a new one."))
            return data
        username = clerk_username(tournament=self.tournament, typed=typed)
        new_user = get_user_model()(username=username)
        try:
            get_user_model()._meta.get_field("username").clean(username, new_user)
        except forms.ValidationError as error:
            self.add_error("username", error)
            return data
        if get_user_model().objects.filter(username=username).exists():
            # Only one of the organiser's own names (members.py): no other organiser's.
            self.add_error(
                "username",
                _(
                    "This user name is taken. If it is an account of the organiser, choose it in "
                    "the list; otherwise type another name."
                ),
            )
            return data
        if not data.get("password"):
            self.add_error("password", _("A new account needs a password."))
        else:
            try:
                # With the new account, so that a password like its user name is refused.
                validate_password(data["password"], user=new_user)
            except forms.ValidationError as error:
                self.add_error("password", error)
        data["username"] = username
        return data
