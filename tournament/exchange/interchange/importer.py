"""Import a tournament document all or nothing.

The document is read (`reader`), every cross-reference and every rule is checked with the
engine (`checks`), and only a document without any problem is stored, in one transaction, with
the score rows the engine computes.
"""

# Declared boilerplate (duplicates): reading, checking and storing one field after another is alike
# in shape for every field.

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.game import GAME_FIELDS, game_values
from scoring.scoresheet import SEAT_TOTAL_FIELDS, ScoredHand, seat_totals
from tournament import models
from tournament.exchange.interchange.checks import (
    document_rules,
    durchgaenge_check,
    players_check,
)
from tournament.exchange.interchange.document import DocHand, DocTable, DocTotals, Document
from tournament.exchange.interchange.problems import Problem, Problems
from tournament.exchange.interchange.reader import parse_json, read_document
from tournament.exchange.tournaments import tournament_delete
from tournament.persons.services import organiser_of, player_person_link
from tournament.scorekeeping.bulk import rows_insert, statistics_refresh
from tournament.scorekeeping.scores import (
    SCORE_FIELDS,
    score_values,
)
from tournament.totals.services import seat_values
from tournament.web.slugs import tournament_slug


@dataclass(frozen=True)
class CheckedDocument:
    """A document read and checked by the engine: what is wrong with it (the slug aside, which
    depends on the database at the time of storing) and the scores of its games."""

    doc: Document
    scored: dict[tuple[int, int], list[ScoredHand]]
    problems: tuple[Problem, ...]


def document_check(source: str | bytes | Any) -> CheckedDocument:
    """Read `source` (JSON text or its parsed value) and check it with the engine; store nothing.
    A document that cannot be read at all raises `InterchangeError`."""
    data = parse_json(source) if isinstance(source, (str, bytes)) else source
    doc = read_document(data)
    problems = Problems()
    players_check(doc, problems)
    scored = durchgaenge_check(doc, document_rules(doc), problems)
    return CheckedDocument(doc, scored, tuple(problems.items))


def tournament_import(
    source: str | bytes | dict[str, Any] | CheckedDocument, *, replace: bool = False
):
    """Store the tournament of `source` (JSON text, its parsed value, or a document checked
    already by `document_check`); return it.

    Raises `InterchangeError` naming every problem; then nothing is stored. With `replace`, a
    tournament of the same slug is deleted first (in the same transaction).
    """
    checked = source if isinstance(source, CheckedDocument) else document_check(source)
    problems = Problems()
    problems.items.extend(checked.problems)
    slug = _slug(checked.doc, problems, replace=replace)
    problems.raise_if_any()
    with transaction.atomic():
        if replace:
            for old in models.Tournament.objects.filter(slug=slug):
                tournament_delete(old)
        return _store(checked.doc, slug, checked.scored)


def _slug(doc: Document, problems: Problems, *, replace: bool) -> str:
    taken = models.Tournament.objects.filter
    if doc.tournament.slug:
        if not replace and taken(slug=doc.tournament.slug).exists():
            problems.add(
                "tournament.slug",
                _("a tournament %(slug)s exists already") % {"slug": doc.tournament.slug},
            )
        return doc.tournament.slug
    return tournament_slug(doc.tournament.name, doc.tournament.date)


def _start_numbers(doc: Document) -> list[int]:
    ids = [p.id for p in doc.players]
    if all(i.isdecimal() for i in ids) and len({int(i) for i in ids}) == len(ids):
        return [int(i) for i in ids]
    return list(range(1, len(ids) + 1))


def _store(
    doc: Document, slug: str, scored: dict[tuple[int, int], list[ScoredHand]]
) -> models.Tournament:
    t = doc.tournament
    table_rules = document_rules(doc)
    tournament = models.Tournament.objects.create(
        slug=slug,
        name=t.name,
        date=t.date,
        venue=t.venue,
        scoring=t.scoring,
        point_table=t.point_table,
        games_per_durchgang=t.games_per_durchgang,
        number_of_durchgaenge=t.number_of_durchgaenge,
        contracts=t.contracts,
        kontra_allowed=table_rules.kontra_allowed,
        laufende_counted=(
            table_rules.table.laufende_counted if t.laufende_counted is None else t.laufende_counted
        ),
        solo_approval_from=t.solo_approval_from,
        first_game_rule=t.first_game_rule,
        rule_set=t.rule_set,
        sie_first_game_allowed=t.sie_first_game_allowed,
        all_pass=t.all_pass,
        deck=t.deck,
        thrown_in_counts=t.thrown_in_counts,
        stock_per_thrown_in=(Decimal(t.stock_cents) / 100 if t.stock_cents is not None else None),
        tiebreak=t.tiebreak,
        lot_seed=t.lot_seed or slug,
        status=models.Tournament.Status.RUNNING if doc.durchgaenge else "preparation",
    )
    players = models.Player.objects.bulk_create(
        models.Player(tournament=tournament, ident=p.id, start_number=n, name=p.name, club=p.club)
        for p, n in zip(doc.players, _start_numbers(doc), strict=True)
    )
    pk = {p.ident: p.pk for p in players}
    substitutes = []
    for player, doc_player in zip(players, doc.players, strict=True):
        if doc_player.replaces:
            player.replaces_id = pk[doc_player.replaces]
            substitutes.append(player)
    models.Player.objects.bulk_update(substitutes, ["replaces"])
    _persons_link(doc, tournament, players)
    _store_durchgaenge(doc, tournament, pk, scored)
    return tournament


def _persons_link(
    doc: Document, tournament: models.Tournament, players: list[models.Player]
) -> None:
    """Players with a `person` key become that person of the organiser's register (made with
    the key when the register has none yet); players without one stay without a person."""
    keyed = [(p, d.person) for p, d in zip(players, doc.players, strict=True) if d.person]
    if not keyed:
        return
    organiser = organiser_of(tournament)
    known = {
        person.key: person
        for person in organiser.persons.filter(key__in=[key for _p, key in keyed])
    }
    for player, key in keyed:
        if key not in known:
            known[key] = models.Person.objects.create(
                organiser=organiser, name=player.name, club=player.club, key=key
            )
        player_person_link(player=player, person=known[key])


HAND_FIELDS = (
    "table",
    "number",
    *GAME_FIELDS,
    "struck",
    "needs_approval",
    "approved_by",
    "version",
    "created_at",
    "updated_at",
)


def _store_durchgaenge(doc, tournament, pk: dict[str, int], scored) -> None:
    """Durchgänge and tables by the ORM; seats, games and scores as plain rows (fast)."""
    durchgaenge = models.Durchgang.objects.bulk_create(
        models.Durchgang(tournament=tournament, number=d.number) for d in doc.durchgaenge
    )
    doc_tables = [
        (dg, t) for dg, d in zip(durchgaenge, doc.durchgaenge, strict=True) for t in d.tables
    ]
    now = timezone.now()
    tables = models.Table.objects.bulk_create(
        models.Table(durchgang=dg, number=t.number, seat_count=len(t.seats), **_recording(t, now))
        for dg, t in doc_tables
    )
    seats, hands = [], []
    for table, (dg, doc_table) in zip(tables, doc_tables, strict=True):
        totals = seat_totals(doc_table.seats, scored[(dg.number, doc_table.number)])
        if doc_table.totals:  # a table recorded by its totals: the seats hold them as typed
            totals = {ident: _typed(doc_table.totals[ident]) for ident in doc_table.seats}
        seats += [
            (table.pk, dg.pk, position, pk[ident], *totals[ident])
            for position, ident in enumerate(doc_table.seats, start=1)
        ]
        for h, result in zip(doc_table.hands, scored[(dg.number, doc_table.number)], strict=True):
            hands.append(_hand_row(table.pk, h, pk, result.needs_approval, now))
    rows_insert(
        models.Seat, ("table", "durchgang", "position", "player", *SEAT_TOTAL_FIELDS), seats
    )
    rows_insert(models.Hand, HAND_FIELDS, hands)
    hand_id = {
        (table_id, number): hid
        for hid, table_id, number in models.Hand.objects.filter(
            table__durchgang__tournament=tournament
        ).values_list("id", "table_id", "number")
    }
    sanctions, scores = [], []
    for table, (dg, doc_table) in zip(tables, doc_tables, strict=True):
        ids = [hand_id[(table.pk, h.number)] for h in doc_table.hands]
        sanctions += [
            (hid, pk[h.offender], pk.get(h.mistake_by or ""), h.reason, now)
            for hid, h in zip(ids, doc_table.hands, strict=True)
            if h.offender is not None
        ]
        scores += score_values(
            scored[(dg.number, doc_table.number)],
            ids,
            players=pk,
            tournament_id=tournament.pk,
            durchgang_number=dg.number,
        )
    sanction_fields = ("hand", "offender", "mistake_by", "reason", "recorded_at")
    rows_insert(models.Sanction, sanction_fields, sanctions)
    rows_insert(models.HandScore, SCORE_FIELDS, scores)
    statistics_refresh(models.Player, models.Seat, models.Hand, models.Sanction, models.HandScore)


def _recording(table: DocTable, now) -> dict[str, Any]:
    """A table's recording: every game, or its totals (entered, or not yet)."""
    if table.totals is None:
        return {}
    entered = bool(table.totals)
    return {
        "recording": models.Tournament.Recording.TOTALS,
        "totals_at": now if entered else None,
        "totals_version": 1 if entered else 0,
    }


def _typed(totals: DocTotals) -> tuple[int, ...]:
    values = seat_values(totals)
    return tuple(values[name] for name in SEAT_TOTAL_FIELDS)


def _hand_row(table_id: int, h: DocHand, pk: dict[str, int], needs_approval: bool, now) -> tuple:
    return (
        table_id,
        h.number,
        *game_values(h, player=lambda name: pk[name] if name else None).values(),
        h.disallowed,
        needs_approval,
        h.approved_by,
        1,
        now,
        now,
    )
