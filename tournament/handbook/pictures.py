"""The handbook's pictures: each NAME is shown in the text as `![…](bilder/NAME.png)` and
written to static/handbook/bilder/NAME.png by `make screenshots` (never edited by hand).

`desktop` pictures are taken at 1280×800, `phone` ones at 360 px wide, `pdf` ones are the first
page of the real printout rendered to PNG."""

from __future__ import annotations

PICTURES: dict[str, tuple[str, str]] = {
    # name: (kind, what it shows)
    "uebersicht": ("desktop", "the tournament's dashboard (manage:dashboard)"),
    "einstellungen": ("desktop", "the tournament's settings form (manage:tournament_edit)"),
    "spieler": ("desktop", "the players list (manage:players)"),
    "einlass": ("desktop", "the door (manage:checkin)"),
    "durchgang": ("desktop", "a Durchgang with its draw and printouts (manage:durchgang)"),
    "tisch-links": ("desktop", "the table links of a Durchgang (manage:table_links)"),
    "spielliste": ("desktop", "a table's sheet with the entry line (manage:sheet)"),
    "genehmigungen": ("desktop", "games waiting for approval (manage:approvals)"),
    "korrekturen": ("desktop", "corrections waiting (manage:corrections)"),
    "summen": ("desktop", "entering totals only (manage:totals)"),
    "rangliste": ("desktop", "the public ranking (tournament:ranking)"),
    "leinwand": ("desktop", "the projector view (tournament:projector)"),
    "preise": ("desktop", "the prizes (manage:prizes)"),
    "kartei": ("desktop", "the person register (manage:persons)"),
    "saison": ("desktop", "a season's standings (manage:season_edit)"),
    "handy-eingabe": ("phone", "a table's phone page (tournament:phone_sheet)"),
    "handy-tische": ("phone", "where do I sit (tournament:tables)"),
    "handy-rangliste": ("phone", "the ranking on a phone (tournament:ranking)"),
    "handy-anmeldung": ("phone", "the online registration (tournament:registration)"),
    "pdf-spielliste": ("pdf", "a blank scoresheet (manage:print kind sheets)"),
    "pdf-tischkarten": ("pdf", "the table cards (manage:print kind cards)"),
    "pdf-aushang": ("pdf", "the Hallen-Aushang (manage:hall_notice)"),
    "pdf-unterschrieben": ("pdf", "a signed, closed sheet (manage:sheet_pdf)"),
}
