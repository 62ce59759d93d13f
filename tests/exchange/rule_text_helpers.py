"""One game in an interchange document at a table of four, for the rule-text cases."""

from __future__ import annotations

from typing import Any

SEATS = ["1", "2", "3", "4"]
WHERE = "durchgaenge[0].tables[0].hands[0]"


def document(tournament: dict[str, Any], hand: dict[str, Any]) -> dict[str, Any]:
    head = {"slug": "regeltext", "name": "Regeltext", "date": "2026-11-28"} | tournament
    game = {"approved_by": "Turnierleitung"} | hand
    return {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": head,
        "players": [{"id": p, "name": f"Spieler {p}"} for p in SEATS],
        "durchgaenge": [{"number": 1, "tables": [{"number": 1, "seats": SEATS, "hands": [game]}]}],
    }
