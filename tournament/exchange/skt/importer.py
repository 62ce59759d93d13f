"""A SchafkopfTurnier database stored as persons and tournaments of one organiser, all or
nothing, through the services a user's entries go through.

- Each address becomes a person of the organiser's register, or is the person of the same name
  and place the register holds already (`persons.matching.key`, as `person_match` compares);
  persons probably the same as another (`duplicates_likely`) are only listed.
- Each tournament becomes a tournament of the organiser (tie-break "solos": points, then solos),
  each participant row (tp_id) a player with its number, named as its address is now; each
  round a Durchgang with the tables as drawn there, recorded by their totals: the points, and
  the soli as the solos the tie-break reads (`solo_played`), saved by `totals_save` and checked
  by the rules of the chosen point table; a closed tournament's tables are closed.

SchafkopfTurnier keeps results on the participant row, whoever its address is now: after a
replace or a swap the row's current person has all of the row's results, in its standings and
so here. Its database keeps no trace of who held the row before (its audit log is never
written), so the player is the row, as there.
"""

# Declared boilerplate (duplicates): a report's counted lines are alike in shape to other
# dataclasses of counts.

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from rules.presets import PRESETS
from scoring.totals import SeatTotals
from tournament import models
from tournament.exchange.skt.problems import SktError, SktProblems
from tournament.exchange.skt.records import Address, Database, Tournament
from tournament.exchange.skt.standings import skt_standings
from tournament.persons.matching import Entry, duplicates_likely, key
from tournament.persons.services import PersonError, person_create, player_person_link
from tournament.ranking.standings import standings_compute
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.sheet import sheet_close
from tournament.totals.services import TotalsError, totals_save
from tournament.web.slugs import tournament_slug

DEFAULT_POINT_TABLE = "freie-punkte"
#: The length of `Tournament.lot_seed`.
SEED_LENGTH = 64
Recording = models.Tournament.Recording


@dataclass(frozen=True)
class PersonLine:
    """What became of one address: `how` is "new", "reused" (the register had the person) or
    "same" (the same name and place as address `same_as` of this file)."""

    address_id: int
    name: str
    club: str
    how: str
    same_as: int | None = None


@dataclass(frozen=True)
class Tie:
    """A place SchafkopfTurnier shared among players of equal points and soli and ordered by
    name; here the lot orders them. Numbers in its order and in ours."""

    rank: int
    points: int
    soli: int
    numbers_skt: tuple[int, ...]
    numbers_here: tuple[int, ...]


@dataclass
class TournamentLine:
    title: str
    slug: str
    players: int = 0
    durchgaenge: int = 0
    tables: int = 0
    totals: int = 0
    closed: bool = False
    ties: list[Tie] = field(default_factory=list)


@dataclass
class SktReport:
    dry_run: bool
    point_table: str
    persons: list[PersonLine] = field(default_factory=list)
    likely: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    tournaments: list[TournamentLine] = field(default_factory=list)


def skt_import(
    db: Database,
    *,
    organiser: models.Organiser | None = None,
    point_table: str = DEFAULT_POINT_TABLE,
    dry_run: bool = False,
    user=None,
    progress: Callable[[int, int], None] | None = None,
) -> SktReport:
    """Store `db` for `organiser` (default: the installation's; with `dry_run`, do it all and
    roll it back); return what was made. A `user` (the import page's) supervises the
    tournaments made; `progress(done, total)` hears of every hundred addresses and every
    tournament. Raises `SktError` naming every problem; then nothing is stored."""
    if point_table not in PRESETS:
        message = _("Unknown point table %(key)s; known are: %(keys)s.") % {
            "key": point_table,
            "keys": ", ".join(PRESETS),
        }
        raise SktError([SktProblems.made("", None, message)])
    report = SktReport(dry_run=dry_run, point_table=point_table)
    problems = SktProblems()
    with transaction.atomic():
        organiser = organiser or models.organiser_default()
        steps = _Steps(len(db.addresses) + len(db.tournaments), progress)
        persons = _persons(db, organiser, report, problems, steps)
        problems.raise_if_any()
        for tournament in db.tournaments:
            _tournament(tournament, db, organiser, persons, report, problems, user)
            steps.one()
        problems.raise_if_any()
        if dry_run:
            transaction.set_rollback(True)
    return report


def _person_create(
    organiser: models.Organiser, address: Address, report: SktReport, problems: SktProblems
) -> models.Person | None:
    values = {"name": address.name, "club": address.wohnort}
    contact = {"email": address.email, "phone": address.telefon}
    try:
        return person_create(organiser=organiser, **values, **contact)
    except PersonError as exc:
        if set(exc.errors) - set(contact):
            for messages in exc.errors.values():
                problems.add("addresses", address.id, " ".join(messages))
            return None
        for name, messages in exc.errors.items():
            report.notes.append(
                _("Table addresses, row %(row)s: %(value)s is not taken over: %(reason)s")
                % {"row": address.id, "value": contact[name], "reason": " ".join(messages)}
            )
            contact[name] = ""
    return person_create(organiser=organiser, **values, **contact)


class _Steps:
    """The addresses and tournaments stored so far, told to `progress` now and then."""

    def __init__(self, total: int, progress: Callable[[int, int], None] | None):
        self.done, self.total, self.progress = 0, total, progress

    def one(self) -> None:
        self.done += 1
        if self.progress is not None and (self.done % 100 == 0 or self.done == self.total):
            self.progress(self.done, self.total)


def _persons(
    db: Database,
    organiser: models.Organiser,
    report: SktReport,
    problems: SktProblems,
    steps: _Steps,
) -> dict[int, models.Person]:
    """The person of each address: found in the register by name and place, or made."""
    known: dict[tuple[str, str], models.Person] = {}
    for person in organiser.persons.order_by("pk"):
        known.setdefault((key(person.name), key(person.club)), person)
    made_by: dict[int, int] = {}  # person → the address that made it in this import
    persons = {}
    for address in db.addresses.values():
        steps.one()
        wanted = (key(address.name), key(address.wohnort))
        found = known.get(wanted)
        if found is None:
            made = _person_create(organiser, address, report, problems)
            if made is None:
                continue
            person = known[wanted] = made
            made_by[person.pk] = address.id
            how, same_as = "new", None
        elif found.pk in made_by:
            person, how, same_as = found, "same", made_by[found.pk]
        else:
            person, how, same_as = found, "reused", None
        persons[address.id] = person
        report.persons.append(
            PersonLine(address.id, person.name, person.club, how=how, same_as=same_as)
        )
    touched = {p.pk for p in persons.values()}
    entries = [Entry(p.pk, p.name, p.club) for p in organiser.persons.order_by("name", "pk")]
    report.likely = [
        (f"{a.name}, {a.club}", f"{b.name}, {b.club}")
        for a, b in duplicates_likely(entries)
        if a.id in touched or b.id in touched
    ]
    return persons


def _tournament(
    source: Tournament,
    db: Database,
    organiser: models.Organiser,
    persons: dict[int, models.Person],
    report: SktReport,
    problems: SktProblems,
    user,
) -> None:
    if organiser.tournaments.filter(name=source.title[:200], date=source.date).exists():
        report.notes.append(
            _("A tournament %(name)s of %(date)s exists already; it is imported once more.")
            % {"name": source.title, "date": source.date.isoformat()}
        )
    slug = tournament_slug(source.title, source.date)
    status = models.Tournament.Status
    tournament = models.Tournament.objects.create(
        slug=slug,
        name=source.title[:200],
        date=source.date,
        venue=source.location[:200],
        organiser=organiser,
        scoring=report.point_table,
        recording=Recording.TOTALS,
        tiebreak=models.Tournament.TieBreak.SOLOS,
        number_of_durchgaenge=max([1, *(r.number for r in source.rounds)]),
        lot_seed=lot_seed(slug),
        status=status.FINISHED
        if source.closed
        else (status.RUNNING if source.rounds else status.PREPARATION),
    )
    if user is not None and user.is_authenticated:  # who imports it on the page supervises it
        models.Membership.objects.create(
            tournament=tournament, user=user, role=models.Membership.Role.SUPERVISOR
        )
    line = TournamentLine(title=tournament.name, slug=slug, closed=source.closed)
    report.tournaments.append(line)
    players = {}
    for p in source.participants:
        address = db.addresses[p.address_id]
        player = models.Player.objects.create(
            tournament=tournament,
            ident=str(p.player_no),
            start_number=p.player_no,
            name=address.name[:200],
            club=address.wohnort[:200],
        )
        player_person_link(player=player, person=persons[p.address_id])
        players[p.tp_id] = player
    line.players = len(players)
    by_person: dict[int, list[int]] = defaultdict(list)
    for p in source.participants:
        by_person[persons[p.address_id].pk].append(p.player_no)
    for numbers in by_person.values():
        if len(numbers) > 1:
            report.notes.append(
                _("Tournament %(tournament)s: players %(numbers)s are one person of the register.")
                % {"tournament": source.title, "numbers": ", ".join(map(str, numbers))}
            )
    for source_round in source.rounds:
        durchgang = models.Durchgang.objects.create(
            tournament=tournament,
            number=source_round.number,
            draw_seed=source_round.draw_seed[:64],
            drawn_at=source_round.drawn_at,
        )
        line.durchgaenge += 1
        for source_table in source_round.tables:
            table = models.Table.objects.create(
                durchgang=durchgang,
                number=source_table.number,
                seat_count=4,
                recording=Recording.TOTALS,
            )
            models.Seat.objects.bulk_create(
                models.Seat(table=table, durchgang=durchgang, position=n, player=players[tp])
                for n, tp in enumerate(source_table.seats, start=1)
            )
            line.tables += 1
            if source_table.scores is None:
                continue
            where = _("Tournament %(tournament)s, round %(round)s, table %(table)s") % {
                "tournament": source.title,
                "round": source_round.number,
                "table": source_table.number,
            }
            row = min(s.row for s in source_table.scores)
            lines = [SeatTotals(points=s.points, solo_played=s.soli) for s in source_table.scores]
            try:
                table = totals_save(table=table, lines=lines, version=0, user=user)
            except TotalsError as exc:
                for messages in exc.errors.values():
                    for message in messages:
                        problems.add("tournament_scores", row, f"{where}: {message}")
                continue
            line.totals += 1
            if source.closed:
                try:
                    sheet_close(table=table, user=user, signatures=False)
                except HandRuleError as exc:
                    for messages in exc.errors.values():
                        problems.add("tournament_scores", row, f"{where}: {' '.join(messages)}")
    if not problems:
        line.ties = _ties(tournament, source, db, problems)


def lot_seed(slug: str) -> str:
    """The seed of the lot: the slug, as an import of the interchange format takes it; a slug
    longer than the seed's column (a long title) is cut and keeps a hash of the whole, so that
    two long titles alike in their beginning still draw different lots."""
    if len(slug) <= SEED_LENGTH:
        return slug
    digest = hashlib.sha256(slug.encode()).hexdigest()[:16]
    return f"{slug[: SEED_LENGTH - len(digest) - 1]}-{digest}"


def _ties(
    tournament: models.Tournament, source: Tournament, db: Database, problems: SktProblems
) -> list[Tie]:
    """The places SchafkopfTurnier's name order decided; checks every player's points and soli
    against its standings (a difference is a fault of this import)."""
    here = {s.player.start_number: s for s in standings_compute(tournament)}
    groups: dict[int, list[int]] = defaultdict(list)
    for line in skt_standings(source, db.addresses):
        ours = here[line.player_no]
        if (ours.totals.points, ours.totals.solo_played) != (line.points, line.soli):
            problems.add(
                "tournaments",
                source.id,
                _("Player %(number)s has %(points)s points and %(soli)s soli here, not as there.")
                % {
                    "number": line.player_no,
                    "points": ours.totals.points,
                    "soli": ours.totals.solo_played,
                },
            )
        groups[line.rank].append(line.player_no)
    ties = []
    for rank, numbers in groups.items():
        if len(numbers) > 1:
            first = here[numbers[0]].totals
            ties.append(
                Tie(
                    rank=rank,
                    points=first.points,
                    soli=first.solo_played,
                    numbers_skt=tuple(numbers),
                    numbers_here=tuple(sorted(numbers, key=lambda n: here[n].rank)),
                )
            )
    return ties
