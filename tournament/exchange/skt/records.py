"""A SchafkopfTurnier database as plain data, as `reader` reads it and the importer stores it."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from tournament.web.names import name_normal


@dataclass(frozen=True)
class Address:
    id: int
    nachname: str
    vorname: str
    wohnort: str
    email: str = ""
    telefon: str = ""

    @property
    def name(self) -> str:
        """The name as the register writes it: given name first."""
        return name_normal(f"{self.vorname.strip()} {self.nachname.strip()}")


@dataclass(frozen=True)
class Participant:
    tp_id: int
    player_no: int
    address_id: int


@dataclass(frozen=True)
class Score:
    row: int
    points: int
    soli: int


@dataclass(frozen=True)
class Table:
    """A drawn table of four: the tp_ids on seats A–D, and their results (None: not entered)."""

    number: int
    seats: tuple[int, ...]  # 0: a seat nobody holds (refused by the checks)
    scores: tuple[Score, ...] | None


@dataclass(frozen=True)
class Round:
    number: int
    draw_seed: str
    drawn_at: datetime.datetime | None
    tables: tuple[Table, ...]


@dataclass(frozen=True)
class Tournament:
    id: int
    title: str
    date: datetime.date
    location: str
    closed: bool
    participants: tuple[Participant, ...]
    rounds: tuple[Round, ...]


@dataclass(frozen=True)
class Database:
    addresses: dict[int, Address]
    tournaments: tuple[Tournament, ...]
