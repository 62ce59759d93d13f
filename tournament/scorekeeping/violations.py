"""Translated messages for the rule violations the engine reports (`scoring.hand.Violation`),
and for the games per Durchgang a table of five cannot play (`games_per_durchgang_error`)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.hand import Violation
from scoring.seating import nearest_fitting_games
from tournament.scorekeeping.deck import deck_phrase, suit_word

MESSAGES = {
    "number_range": _("Game number %(number)s is not on this sheet (1 to %(max)s)."),
    "contract_not_allowed": _("The contract %(contract)s is not allowed in this tournament."),
    "suit_missing": _("A %(contract)s needs a suit."),
    "suit_not_allowed": _("A %(contract)s cannot name the suit %(suit)s."),
    "not_seated": _("Player %(player)s does not sit at this table."),
    "sits_out": _("Player %(player)s deals game %(number)s and sits out."),
    "partner_is_declarer": _("The partner cannot be the declarer."),
    "partner_not_allowed": _("Only a Rufspiel has a partner."),
    "tout_not_allowed": _("A %(contract)s cannot be played Tout."),
    "sie_first_game": _("A Sie does not count in the first game (rule 2.9.1) and is refused."),
    "mistake_by_without_offender": _(
        "Who made the mistake (rule 3.4.18) is given only with the offender who revealed his "
        "cards after it."
    ),
    "mistake_by_is_offender": _(
        "The offender cannot be the one who made the mistake (rule 3.4.18): the offender is the "
        "player who revealed his cards after another player's mistake."
    ),
    "sie_sanctioned": _("A Sie is laid down, not played: it cannot be sanctioned."),
    "won_missing": _("Say whether the declaring side won or lost."),
    "schwarz_without_schneider": _("Schwarz is always Schneider too."),
    "augen_range": _("Augen must be between 0 and 120, not %(augen)s."),
    "augen_contradicts_won": _("%(augen)s Augen contradict the result won/lost."),
    "augen_contradicts_schneider": _("%(augen)s Augen contradict the Schneider given."),
    "augen_contradicts_schwarz": _("%(augen)s Augen contradict Schwarz."),
    "kontra_range": _("Kontra must be 0 (none), 1 (Stoß) or 2 (Retour), not %(kontra)s."),
    "kontra_not_allowed": _("Kontra (Stoß) is not allowed in this tournament (rule 5.2.4)."),
    "sie_kontra": _(
        "A Sie is laid open at once (rule 2.9.2): no Stoß can be given on it (rule 3.3.2)."
    ),
    "sie_augen": _("A Sie takes all 120 Augen, not %(augen)s."),
    "laufende_range": _("Laufende must be between 0 and 14, not %(laufende)s."),
    "laufende_bound": _(
        "A %(contract)s has at most %(max)s Laufende (rule 6.2.2 of 2024), not %(laufende)s."
    ),
    "approval_missing": _("This game needs the supervisor's approval (rules 5.2.14, 5.2.16)."),
    "declarer_missing": _("The declarer is missing."),
    "thrown_in_not_recorded": _(
        "Line %(number)s: this tournament records no thrown-in deals: when everybody passes, "
        "the same dealer deals again (rule 5.2.5)."
    ),
    "thrown_in_field": _("A thrown-in deal has no declarer, partner, suit or result."),
    "line_beyond_sheet": _(
        "Line %(number)s would then lie beyond the end of the sheet (1 to %(max)s): change or "
        "delete the lines at the end first."
    ),
}

#: The messages naming a player, for a player named as "No. 9 Michael Schmid" (`player_label`).
NAMED_MESSAGES = {
    "not_seated": _("%(player)s does not sit at this table."),
    "sits_out": _("%(player)s deals game %(number)s and sits out."),
}


def player_label(start_number: int, name: str) -> str:
    """A player as people know them: "Nr. 9 Michael Schmid"."""
    return gettext("No. %(number)s %(name)s") % {"number": start_number, "name": name}


def violation_message(violation: Violation, names: Mapping[str, str] | None = None) -> str:
    """The violation in words. `names` maps the engine's player keys to how players are named
    (`player_label`); without it a player stays the key the caller gave the engine (an imported
    file's id, which is what the file's author knows)."""
    params = dict(violation.params)
    if violation.code == "partner_missing":  # "the called Sau" or "the called Ace"
        return deck_phrase("partner_missing")
    if isinstance(value := params.get("contract"), str):  # as on the sheet: "Farbwenz"
        params["contract"] = value.capitalize()
    if isinstance(value := params.get("suit"), str):  # in the tournament's deck: "Herz"
        params["suit"] = suit_word(value)
    player = params.get("player")
    if names is not None and violation.code in NAMED_MESSAGES and str(player) in names:
        params["player"] = names[str(player)]
        return str(NAMED_MESSAGES[violation.code] % params)
    return str(MESSAGES[violation.code] % params)


def games_per_durchgang_error(games: int) -> str:
    """Why `games` per Durchgang cannot be played once a table of five is needed (every player
    plays the same number of games only with a multiple of 4), naming the nearest that can."""
    choices = nearest_fitting_games(games)
    if len(choices) == 1:
        message = gettext(
            "%(games)s games per Durchgang do not work out at tables of five: choose %(upper)s."
        )
        return message % {"games": games, "upper": choices[0]}
    message = gettext(
        "%(games)s games per Durchgang do not work out at tables of five: choose %(lower)s or "
        "%(upper)s."
    )
    return message % {"games": games, "lower": choices[0], "upper": choices[1]}
