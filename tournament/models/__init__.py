"""The tournament data model: what the scoresheets hold, and the scores computed from them.

`tournament` holds tournaments with their settings and the staff's roles; `players` the players;
`draw` the Durchgänge, tables and seats; `hands` the games, sanctions and score rows; `sheets`
what happens to a scoresheet after the draw (its append-only history, corrections); `phones` the
players' phones at a table (links, scorekeeper, entries received); `jobs` the background
jobs (print jobs, exports, restores); `persons` the organisers and their person register;
`registrations` the public registrations waiting for their e-mail
confirmation; `installation` the secret that signs this installation's backups; `cups` the cups
across clubs, their members, evenings and signing keys; `teams` the team rankings; `users` who
a stored step names as the one who took it.
"""

from tournament.models.cup_persons import CupAlias, CupApart, CupEvent, CupFinal, CupQualifier
from tournament.models.cups import Cup, CupEntry, CupEntryEvent, CupMember, CupSigningKey
from tournament.models.draw import Durchgang, Seat, SeatSwap, Table
from tournament.models.hands import Hand, HandScore, Sanction
from tournament.models.installation import InstallationKey
from tournament.models.jobs import Job, WorkerSign
from tournament.models.persons import (
    Organiser,
    Person,
    PersonApart,
    PersonMerge,
    organiser_default,
)
from tournament.models.phones import PhoneEntry, TableLink
from tournament.models.players import Payment, Player
from tournament.models.prizes import Prize
from tournament.models.registrations import PendingRegistration
from tournament.models.seasons import Season, SeasonResult
from tournament.models.sheets import (
    AppendOnlyError,
    Correction,
    PointTableChange,
    SheetEvent,
)
from tournament.models.teams import Team, TeamMember, TeamRanking
from tournament.models.tournament import CUSTOM_TABLE, Membership, Tournament, default_contracts
from tournament.models.users import user_recorded

__all__ = [
    "CUSTOM_TABLE",
    "AppendOnlyError",
    "Correction",
    "Cup",
    "CupAlias",
    "CupApart",
    "CupEntry",
    "CupEntryEvent",
    "CupEvent",
    "CupFinal",
    "CupMember",
    "CupQualifier",
    "CupSigningKey",
    "Durchgang",
    "Hand",
    "HandScore",
    "InstallationKey",
    "Job",
    "Membership",
    "Organiser",
    "Payment",
    "PendingRegistration",
    "Person",
    "PersonApart",
    "PersonMerge",
    "PhoneEntry",
    "Player",
    "PointTableChange",
    "Prize",
    "Sanction",
    "Season",
    "SeasonResult",
    "Seat",
    "Team",
    "TeamMember",
    "TeamRanking",
    "SeatSwap",
    "SheetEvent",
    "Table",
    "TableLink",
    "Tournament",
    "WorkerSign",
    "default_contracts",
    "organiser_default",
    "user_recorded",
]
