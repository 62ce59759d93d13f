"""What a save of a game is given: the game as the clerk writes it (`HandEntry`), the
supervisor's decisions on it (`Supervision`, with its `SanctionInput`), and the fields a change
of a stored game writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scoring.game import GAME_FIELDS, game_values
from tournament import models


@dataclass(frozen=True)
class SanctionInput:
    offender: models.Player
    reason: str
    mistake_by: models.Player | None = None  # 3.4.18: whose mistake the offender revealed after


@dataclass(frozen=True)
class SanctionKeys:
    """The players of a game's sanction as the engine takes them (none: no sanction)."""

    offender_id: int | None = None
    mistake_by_id: int | None = None

    @classmethod
    def of(cls, sanction: models.Sanction | SanctionInput | None) -> SanctionKeys:
        if sanction is None:
            return cls()
        if isinstance(sanction, SanctionInput):
            mistake_by = sanction.mistake_by
            return cls(sanction.offender.pk, mistake_by.pk if mistake_by is not None else None)
        return cls(sanction.offender_id, sanction.mistake_by_id)


@dataclass(frozen=True)
class HandEntry:
    """A game as the clerk writes it on the sheet: without the supervisor's decisions. Its
    fields are `scoring.game.GAME_FIELDS`, typed here as the other forms of a game type them
    (`EntryCode`, `HandFacts`): declared boilerplate, kept equal by
    tests/scoring/test_game_fields.py."""

    contract: str
    declarer: models.Player | None  # None only for a thrown-in deal
    suit: str = ""
    partner: models.Player | None = None
    won: bool | None = None
    schneider: bool = False
    schwarz: bool = False
    tout: bool = False
    augen: int | None = None
    laufende: int | None = None
    kontra: int = 0

    def fields(self) -> dict:
        """The game's fields, as `models.Hand` takes them (players stay the same objects)."""
        return game_values(self)


@dataclass(frozen=True)
class Supervision:
    """The supervisor's decisions on a game: struck (5.2.17), approval, sanction (3.4.17).
    The details of an approval (when, by which user, the note) are written only when given
    (a restored game: `services.restore`); otherwise those stored stay."""

    struck: bool = False
    approved_by: str = ""
    sanction: SanctionInput | None = None
    approved_at: datetime | None = None
    approval_note: str = ""


# What a change of a stored game writes: the game and the supervisor's decisions on it.
STORED_FIELDS = (*GAME_FIELDS, "struck", "approved_by", "approved_by_user", "approved_at")
STORED_FIELDS += ("approval_note",)
# An approval is given for this game: it lapses when one of these changes.
APPROVED_FIELDS = ("contract", "suit", "declarer_id", "tout")
