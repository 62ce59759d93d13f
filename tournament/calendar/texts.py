"""An entry's facts as text, the same on the page's feeds: organiser, Startgeld, places."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.calendar.entries import CalendarEntry
from tournament.scorekeeping.amounts import money


def fee_text(entry: CalendarEntry) -> str:
    """The Startgeld: "10,00 €", or "no Startgeld" for 0."""
    if not entry.entry_fee:
        return _("no Startgeld")
    return money(entry.entry_fee)


def places_text(entry: CalendarEntry) -> str:
    """The places left ("12 places left", "full – waiting list"); nothing without a limit or
    for a tournament past."""
    if entry.places_left is None or not entry.upcoming:
        return ""
    if entry.places_left == 0:
        return _("full – waiting list")
    return _("%(count)s of %(places)s places left") % {
        "count": entry.places_left,
        "places": entry.places,
    }


def entry_facts(entry: CalendarEntry) -> list[str]:
    """The lines a feed's description gives: organiser (and region), Startgeld, places."""
    lines = []
    if entry.organiser_name:
        organiser = entry.organiser_name
        if entry.region:
            organiser = f"{organiser} ({entry.region})"
        lines.append(_("Organiser: %(name)s") % {"name": organiser})
    lines.append(_("Startgeld: %(amount)s") % {"amount": fee_text(entry)})
    if places := places_text(entry):
        lines.append(places)
    return lines
