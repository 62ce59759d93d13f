"""How a player signed a sheet (`Seat.signature`), as stored and in words: on the sheet page,
in its history and on the signed sheet."""

from __future__ import annotations

from django.utils.translation import gettext as _

# The signature column (Seat.signature) when the clerk ticks a paper signature, when a player
# confirmed on the table's phone with the personal code of the start card, and how the phone
# confirmed before personal codes existed (with the start number, which is public). Otherwise it
# holds the
# name the player typed on the clerk's page.
PAPER = "Papier"
PHONE = "Telefon-Code"
PHONE_START_NUMBER = "Telefon"


def signature_text(signature: str) -> str:
    """How a player confirmed the sheet (`Seat.signature`), in words; '' when not at all."""
    if not signature:
        return ""
    if signature == PAPER:
        return _("on paper")
    if signature == PHONE:
        return _("on the phone (personal code)")
    if signature == PHONE_START_NUMBER:
        return _("on the phone (start number)")
    return _("typed: %(name)s") % {"name": signature}
