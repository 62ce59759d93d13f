"""`{{ seat.signature|signature_text }}`: how a player confirmed the sheet, in words (on paper,
on the phone with the personal code, typed name), on the sheet page and the signed sheet."""

from __future__ import annotations

from django import template

from tournament.sheets.signatures import signature_text

register = template.Library()
register.filter("signature_text", signature_text)
