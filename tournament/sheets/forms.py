"""Forms of the scoresheet: the one-line game entry, the supervisor's decisions, signatures and
corrections. They read input; the services decide."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import cast

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.contracts import Contract
from scoring.entry_code import CodeError, code_parse
from scoring.game import game_values
from tournament import models
from tournament.scorekeeping.deck import deck_phrase
from tournament.scorekeeping.violations import player_label
from tournament.sheets.services.decisions import decided_message
from tournament.sheets.services.hands import HandEntry

CODE_MESSAGES = {
    "empty": _("Type the game, e.g. “r e 1 3 +”."),
    "contract_unknown": _(
        "“%(token)s” is no contract: r, s, w, fw, g, fg, sie or z (Rufspiel, Solo, Wenz, "
        "Farbwenz, Geier, Farbgeier, Sie, zusammengeworfen)."
    ),
    "seat_expected": _("The declarer's seat is missing (a number from 1 to %(max)s)."),
    "seat_range": _("“%(token)s” is no seat at this table (1 to %(max)s)."),
    "partner_expected": _("A Rufspiel needs the partner's seat after the declarer's."),
    "token_unknown": _(
        "“%(token)s” cannot be read: + won, - lost, sn Schneider, sw Schwarz, t Tout, a<number> "
        "Augen, l<number> Laufende, k Stoß, kk Retour."
    ),
}


def code_message(error: CodeError, seats: int) -> str:
    if error.code == "suit_expected":  # the letters and names of the tournament's deck
        return deck_phrase("suit_expected")
    params = {"token": error.token, "max": seats, **error.params}
    return str(CODE_MESSAGES[error.code] % params)


def game_from_code(code: str, seats: list[models.Seat]) -> HandEntry:
    """The game a code line means at a table with these seats; raises `CodeError`."""
    entry = code_parse(code, seats=len(seats))
    player = {s.position: s.player for s in seats}
    return HandEntry(**game_values(entry, player=player.__getitem__, players_as="_seat"))


#: The largest version a game can have (the column is a 32-bit integer on PostgreSQL).
VERSION_MAX = 2**31 - 1


def version_parse(value, *, min_value: int) -> int | None:
    """A version as posted (form or JSON): a whole number from `min_value` on, else None.
    Never a bool, a float or a number with a sign, blanks or thousands of digits."""
    if isinstance(value, str) and value.isascii() and value.isdecimal() and len(value) <= 10:
        value = int(value)
    if type(value) is not int or not min_value <= value <= VERSION_MAX:
        return None
    return value


class VersionField(forms.Field):
    """The version of the game the user loaded (optimistic locking): None when it is missing
    or garbled, which `VersionedForm` refuses as a whole."""

    widget = forms.HiddenInput

    def __init__(self, *, min_value: int, **kwargs):
        super().__init__(required=False, **kwargs)
        self.min_value = min_value

    def to_python(self, value):
        return version_parse(value, min_value=self.min_value)


VERSION_MISSING = _(
    "The form came without the version of the game it was loaded with: nothing was saved. "
    "Reload the page and try again."
)


class VersionedForm(forms.Form):
    """A change of a game: refused (nothing stored) without a valid `version`, so that a
    change made on an outdated page can never overwrite what somebody else stored."""

    version = VersionField(min_value=1)

    def clean(self):
        data = super().clean()
        if data.get("version") is None:
            raise forms.ValidationError(VERSION_MISSING, code="version")
        return data


class HandDeleteForm(VersionedForm):
    """Deleting a game: the version the user saw on the confirmation, and why (required: the
    history keeps it, and the supervisor may restore the game from there)."""

    reason = forms.CharField(
        label=_("Reason"),
        max_length=300,
        error_messages={"required": _("Reason: say why the game is deleted.")},
        help_text=_("E.g. entered twice, wrong table."),
    )

    def clean_reason(self):
        reason = self.cleaned_data["reason"].strip()
        if not reason:
            raise forms.ValidationError(_("Reason: say why the game is deleted."), "required")
        return reason


@dataclass(frozen=True)
class EntryConflict:
    """What the entry line shows after a conflict (sheets/conflict.py): the stored game beside
    the typed one."""

    number: int
    seen: int  # the version of the stored game shown (0: it was deleted meanwhile)
    stored_code: str  # "" when deleted
    stored_text: str
    changed_by: str  # who changed it last, "" when unknown
    changed_at: datetime | None
    typed_code: str
    typed_text: str

    @property
    def choose_message(self) -> str:
        return choice_missing_message(self.number)


def choice_missing_message(number: int) -> str:
    """What the line says to a plain Enter after a conflict."""
    return _("Choose first: “Save my entry (overwrites game %(n)s)” or “Keep the stored game”.") % {
        "n": number
    }


class EntryForm(VersionedForm):
    """One game in one line: its number, the code, and the version the clerk saw (0: a new
    game)."""

    number = forms.IntegerField(label=_("Game"), min_value=1)
    code = forms.CharField(label=_("Game code"), max_length=60, required=False)
    version = VersionField(min_value=0)
    conflict: EntryConflict | None = None  # another save came first (sheets/conflict.py)

    def __init__(self, *args, seats: list[models.Seat], games: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats
        limit = MaxValueValidator(games, _("This sheet has games 1 to %(limit_value)s."))
        limit.code = "number_range"  # as the rules' check says it: the handbook explains it
        self.fields["number"].validators.append(limit)

    def clean(self):
        data = super().clean()
        if "code" in data:
            try:
                data["game"] = game_from_code(data["code"], self.seats)
            except CodeError as error:
                message = code_message(error, len(self.seats))
                self.add_error("code", forms.ValidationError(message, code=error.code))
        return data


def entry_initial(rows: list, wanted: int | None) -> dict:
    """The entry line of a sheet with these rows (tournament/sheets/display.py): game `wanted`
    to change it, else the first game not yet entered."""
    if wanted is not None and 1 <= wanted <= len(rows) and rows[wanted - 1].hand:
        row = rows[wanted - 1]
        return {"number": wanted, "code": row.code, "version": row.hand.version}
    free = [r.number for r in rows if r.hand is None]
    return {"number": free[0] if free else len(rows), "version": 0}


def entry_decided(decided: list[models.Hand], entry: EntryForm) -> str:
    """Why the game loaded into the (unsent) entry line cannot be changed there, or ''."""
    number = None if entry.is_bound else entry.initial.get("number")
    return next((decided_message(h) for h in decided if h.number == number), "")


class NoteForm(VersionedForm):
    """An approval or refusal: an optional note, the version the supervisor saw."""

    note = forms.CharField(label=_("Note"), max_length=300, required=False)


SOLO_TOUT_CONDITIONS = (
    _("At least 3 Laufende"),
    _("The other cards are Aces or Ace/Ten of a side suit"),
)
#: After the Unter (Bube) condition, which names cards in the tournament's deck.
WENZ_OTHER_CARDS = _(
    "The other cards are at least Ace/Ten, or Ace/Ten and a third card of the same suit"
)


def tout_conditions(hand: models.Hand) -> tuple:
    """The conditions of rule 5.2.14 the supervisor checks before allowing a Tout."""
    if not hand.tout:
        return ()
    if hand.contract == Contract.SOLO:
        return SOLO_TOUT_CONDITIONS
    return (deck_phrase("wenz_tout_trumps"), WENZ_OTHER_CARDS)


class ApprovalForm(NoteForm):
    def __init__(self, *args, hand: models.Hand, **kwargs):
        super().__init__(*args, **kwargs)
        for index, condition in enumerate(tout_conditions(hand)):
            # Checked on the server, named in words (the form has `novalidate`): the
            # supervisor reads which condition is missing, not a browser's tooltip.
            missing = gettext("Rule 5.2.14: not confirmed yet: %(condition)s") % {
                "condition": condition
            }
            self.fields[f"condition_{index}"] = forms.BooleanField(
                label=condition, error_messages={"required": missing}
            )


class StrikeForm(VersionedForm):
    reason = forms.CharField(label=_("Reason"), max_length=300)

    def __init__(self, *args, **kwargs):
        # Ids of its own: the game's page shows it beside the sanction form (both have `reason`).
        kwargs.setdefault("auto_id", "streichen_%s")
        super().__init__(*args, **kwargs)


class PlayerChoiceField(forms.ModelChoiceField):
    """A player of the table, named as people know them: "Nr. 9 Michael Schmid"."""

    def label_from_instance(self, obj) -> str:
        return player_label(obj.start_number, obj.name)


class SanctionForm(VersionedForm):
    offender = PlayerChoiceField(
        queryset=models.Player.objects.none(), label=_("Offender"), required=False
    )
    reason = forms.CharField(
        label=_("Offence"),
        max_length=300,
        required=False,
        help_text=_("E.g. revoke, playing out of turn, information, revealed cards."),
    )
    mistake_by = PlayerChoiceField(
        queryset=models.Player.objects.none(),
        label=_("Mistake made by (rule 3.4.18)"),
        required=False,
        help_text=_(
            "Only when the offender revealed his cards after another player's mistake: "
            "that player scores 0."
        ),
    )

    def __init__(self, *args, table: models.Table, **kwargs):
        kwargs.setdefault("auto_id", "strafe_%s")  # beside the strike form on the game's page
        super().__init__(*args, **kwargs)
        offender = cast(PlayerChoiceField, self.fields["offender"])
        offender.queryset = models.Player.objects.filter(seats__table=table).order_by(
            "seats__position"
        )
        offender.empty_label = _("— no sanction —")
        mistake_by = cast(PlayerChoiceField, self.fields["mistake_by"])
        mistake_by.queryset = offender.queryset
        mistake_by.empty_label = _("— nobody —")


class SignForm(forms.Form):
    seat = forms.IntegerField(min_value=1, max_value=5, widget=forms.HiddenInput)
    signature = forms.CharField(
        label=_("Name typed by the player"),
        max_length=200,
        required=False,
    )
    paper = forms.BooleanField(label=_("signed on paper only"), required=False)


class CorrectionForm(forms.Form):
    """A correction: the game as it should be, or, chosen on purpose, its deletion. An empty
    code never deletes a game: without the choice "Delete the game" it is an error."""

    number = forms.IntegerField(label=_("Game"), min_value=1)
    code = forms.CharField(
        label=_("Game code"),
        max_length=60,
        required=False,
        help_text=_("The game as it should be."),
    )
    delete = forms.BooleanField(
        label=_("Delete the game"),
        required=False,
        help_text=_("Instead of a game code: the game is taken off the sheet."),
    )
    reason = forms.CharField(label=_("Reason"), max_length=300)

    def __init__(self, *args, seats: list[models.Seat], **kwargs):
        # Ids of its own: on an open sheet it stands beside the entry line (`id_code`).
        kwargs["auto_id"] = "korrektur_%s"
        super().__init__(*args, **kwargs)
        self.seats = seats

    def clean(self):
        data = super().clean()
        data["game"] = None
        if "code" not in data:  # too long: its error is there already
            return data
        code = data["code"].strip()
        if data.get("delete"):
            if code:
                self.add_error(
                    "code",
                    _(
                        "Game code: leave it empty when the game is to be deleted, or take "
                        "back the choice “Delete the game”."
                    ),
                )
        elif not code:
            self.add_error(
                "code",
                _(
                    "Game code: type the game as it should be. To delete the game, choose "
                    "“Delete the game”."
                ),
            )
        else:
            try:
                data["game"] = game_from_code(code, self.seats)
            except CodeError as error:
                self.add_error("code", code_message(error, len(self.seats)))
        return data


class SignOffForm(VersionedForm):
    """Signing a correction off: the version of the game the supervisor saw beside the
    proposal (0: the game is missing), so that a game changed since is not overwritten."""

    version = VersionField(min_value=0)
