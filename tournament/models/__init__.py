"""The tournament data model: what the scoresheets hold, and the scores computed from them.

`core` holds tournaments, players, the draw, games and their scores; `sheets` what happens to a
scoresheet after the draw (its append-only history, corrections); `phones` the players' phones
at a table (links, scorekeeper, entries received).
"""

from tournament.models.core import (
    CUSTOM_TABLE,
    Durchgang,
    Hand,
    HandScore,
    Membership,
    Player,
    Sanction,
    Seat,
    SeatSwap,
    Table,
    Tournament,
    default_contracts,
)
from tournament.models.phones import PhoneEntry, TableLink
from tournament.models.sheets import (
    AppendOnlyError,
    Correction,
    PointTableChange,
    SheetEvent,
)

__all__ = [
    "CUSTOM_TABLE",
    "AppendOnlyError",
    "Correction",
    "Durchgang",
    "Hand",
    "HandScore",
    "Membership",
    "Player",
    "PhoneEntry",
    "PointTableChange",
    "Sanction",
    "Seat",
    "SeatSwap",
    "SheetEvent",
    "Table",
    "TableLink",
    "Tournament",
    "default_contracts",
]
