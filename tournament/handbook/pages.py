"""Which section of the handbook explains which management page: the "?" beside a page's
title (`context.help_link`) leads there. tests/handbook/test_help_links.py checks that every
management page that answers GET has its section here and that every section exists."""

from __future__ import annotations

# URL name (namespace `manage`) → anchor of the handbook's section.
HELP_SECTIONS: dict[str, str] = {
    "tournament_create": "anlegen",
    "dashboard": "anlegen",
    "tournament_edit": "anlegen",
    "point_table": "punktetabelle",
    "players": "spieler",
    "players_import": "spieler-import",
    "players_import_confirm": "spieler-import",
    "player_edit": "spieler",
    "player_substitute": "ersatz",
    "player_withdraw": "ersatz",
    "clerks": "schreiber-zugaenge",
    "clerk_remove": "schreiber-zugaenge",
    "register": "spieler",
    "registration_link": "online-anmeldung",
    "checkin": "einlass",
    "checkin_player": "einlass",
    "checkin_late": "einlass",
    "door_settings": "online-anmeldung",
    "cash": "kasse",
    "durchgaenge": "auslosen",
    "durchgang": "auslosen",
    "draw": "auslosen",
    "swap": "tausch",
    "publish": "auslosen",
    "sheets_print": "drucken",
    "sheets_print_progress": "drucken",
    "table_links": "tisch-links",
    "table_link_change": "tisch-links",
    "server_stand": "serverstand",
    "sheets": "erfassen",
    "sheet": "erfassen",
    "hand_enter": "erfassen",
    "hand": "korrekturen",
    "hand_delete": "korrekturen",
    "hand_restore": "korrekturen",
    "approvals": "genehmigungen",
    "approve": "genehmigungen",
    "line_approve": "genehmigungen",
    "refuse": "genehmigungen",
    "strike": "strafen",
    "sanction": "strafen",
    "correct": "korrekturen",
    "corrections": "korrekturen",
    "correction_decide": "korrekturen",
    "sign": "abschliessen",
    "close": "abschliessen",
    "totals": "summen",
    "totals_save": "summen",
    "table_recording": "summen",
    "ranking_publish": "rangliste",
    "prizes": "preise",
    "prize_delete": "preise",
    "prizes_awarded": "preise",
    "persons": "kartei",
    "person_create": "kartei",
    "person_duplicates": "kartei-doppelte",
    "person_merge": "kartei-doppelte",
    "person": "kartei",
    "person_edit": "kartei",
    "person_erase": "kartei-datenschutz",
    "seasons": "saison",
    "season_create": "saison",
    "season_edit": "saison",
    "season_tournament_remove": "saison",
    "restore": "sicherung",
    "skt_import": "sicherung",
    "job_start": "auftraege",
    "job": "auftraege",
}

# Management addresses that are no page of their own: files, and the answers or pieces of page
# a page's script fetches. They have no "?".
NO_PAGE = {
    "hand_preview",
    "person_search",
    "start_cards",
    "player_start_card",
    "print",
    "sheets_pdf",
    "sheet_pdf",
    "sheets_print_status",
    "export_xlsx",
    "backup",
    "job_status",
    "job_file",
    "hall_notice",
    "person_export",
    "cash_pdf",
    "prizes_pdf",
    "certificates_pdf",
}


def help_anchor(view_name: str) -> str | None:
    namespace, _, name = view_name.rpartition(":")
    if namespace != "manage":
        return None
    return HELP_SECTIONS.get(name)
