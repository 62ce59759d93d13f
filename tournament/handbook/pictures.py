"""The handbook's pictures: each NAME is shown in the text as `![…](bilder/NAME.png)` and
written to static/handbook/bilder/NAME.png by `make screenshots` (tournament/handbook/shots.py;
never edited by hand).

`desktop` pictures are taken at 1280×800 (taller where the page needs it), `phone` ones at
360 px wide (at twice the pixels), `pdf` ones are the first page of the real printout rendered
to PNG. Each names the page it shows by its URL name; its arguments are words of the demo scene
(`scene.Scene.values`), a literal one written `=value`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["desktop", "phone", "pdf"]

DESKTOP_SIZE = (1280, 800)
PHONE_SIZE = (360, 740)
PHONE_SCALE = 2
PDF_DPI = 60  # pdftoppm's resolution: an A4 page is 496 px wide (702 lying)


@dataclass(frozen=True)
class Picture:
    kind: Kind
    page: str  # URL name
    args: tuple[str, ...]  # the scene's words (`slug`, `durchgang`, …), or `=literal`
    shows: str
    height: int = 0  # desktop/phone: the whole page down to this height (CSS px); 0: the window
    press: str = ""  # a button (CSS selector) pressed first, as the person there would


PICTURES: dict[str, Picture] = {
    "uebersicht": Picture("desktop", "manage:dashboard", ("slug",), "the tournament's dashboard"),
    "einstellungen": Picture(
        "desktop", "manage:tournament_edit", ("slug",), "the tournament's settings form"
    ),
    "spieler": Picture("desktop", "manage:players", ("slug",), "the players list"),
    "einlass": Picture(
        "desktop", "manage:checkin", ("next",), "the door of the next tournament, some checked in"
    ),
    "durchgang": Picture(
        "desktop",
        "manage:durchgang",
        ("slug", "durchgang"),
        "a Durchgang with its draw and printouts",
        height=1200,
    ),
    "tisch-links": Picture(
        "desktop", "manage:table_links", ("slug", "durchgang"), "the table links of a Durchgang"
    ),
    "spielliste": Picture(
        "desktop",
        "manage:sheet",
        ("slug", "durchgang", "open_table"),
        "a table's sheet with the entry line",
        height=1200,
    ),
    "genehmigungen": Picture("desktop", "manage:approvals", ("slug",), "a game waiting (a Tout)"),
    "korrekturen": Picture(
        "desktop", "manage:corrections", ("slug",), "a correction of a closed sheet waiting"
    ),
    "summen": Picture(
        "desktop", "manage:totals", ("slug", "durchgang"), "entering totals only (one table)"
    ),
    "rangliste": Picture("desktop", "tournament:ranking", ("slug",), "the public ranking"),
    "leinwand": Picture("desktop", "tournament:projector", ("slug",), "the projector view"),
    "preise": Picture("desktop", "manage:prizes", ("slug",), "the prizes"),
    "kartei": Picture("desktop", "manage:persons", ("organiser",), "the person register"),
    "saison": Picture(
        "desktop",
        "manage:season_edit",
        ("organiser", "season"),
        "a season: its tournaments and how it scores (its standings: the public page)",
        height=1500,
    ),
    "handy-eingabe": Picture(
        "phone",
        "tournament:phone_sheet",
        ("token",),
        "a table's phone page: PIN given, the sheet kept, a game to enter",
        press="button[name=claim]",
    ),
    "handy-tische": Picture(
        "phone", "tournament:tables", ("slug", "durchgang"), "where do I sit", height=1100
    ),
    "handy-rangliste": Picture(
        "phone", "tournament:ranking", ("slug",), "the ranking on a phone", height=1100
    ),
    "handy-anmeldung": Picture(
        "phone", "tournament:registration", ("next",), "the next tournament's online registration"
    ),
    "pdf-spielliste": Picture(
        "pdf", "manage:print", ("slug", "durchgang", "=spiellisten"), "a blank scoresheet"
    ),
    "pdf-tischkarten": Picture(
        "pdf", "manage:print", ("slug", "durchgang", "=tischkarten"), "the table cards"
    ),
    "pdf-aushang": Picture("pdf", "manage:hall_notice", ("slug",), "the Hallen-Aushang"),
    "pdf-unterschrieben": Picture(
        "pdf",
        "manage:sheet_pdf",
        ("slug", "durchgang", "closed_table"),
        "a signed, closed sheet",
    ),
}


def picture_width(picture: Picture) -> int | None:
    """The PNG's width in pixels; None for a printout (its page's own width at PDF_DPI)."""
    if picture.kind == "desktop":
        return DESKTOP_SIZE[0]
    if picture.kind == "phone":
        return PHONE_SIZE[0] * PHONE_SCALE
    return None
