"""Import a tournament document all or nothing.

The document is read (`reader`), every cross-reference and every rule is checked with the
engine, and only a document without any problem is stored, in one transaction, with the score
rows the engine computes.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from rules.contracts import Contract
from rules.presets import (
    point_table_from_dict,
    preset,
)
from scoring.hand import HandFacts, Rules, hand_violations
from scoring.scoresheet import SEAT_TOTAL_FIELDS, ScoredHand, score_sheet, seat_totals
from tournament import models
from tournament.core.bulk import rows_insert, statistics_refresh
from tournament.core.errors import violation_message
from tournament.core.scores import (
    SCORE_FIELDS,
    score_values,
)
from tournament.exchange.interchange.document import DocHand, DocTable, DocTournament, Document
from tournament.exchange.interchange.problems import Problems
from tournament.exchange.interchange.reader import parse_json, read_document
from tournament.exchange.tournaments import tournament_delete


def tournament_import(source: str | bytes | dict[str, Any], *, replace: bool = False):
    """Store the tournament of `source` (JSON text or its parsed value); return it.

    Raises `InterchangeError` naming every problem; then nothing is stored. With `replace`, a
    tournament of the same slug is deleted first (in the same transaction).
    """
    data = source if isinstance(source, dict) else parse_json(source)
    doc = read_document(data)
    problems = Problems()
    _check_players(doc, problems)
    rules = _rules(doc)
    scored = _check_durchgaenge(doc, rules, problems)
    slug = _slug(doc, problems, replace=replace)
    problems.raise_if_any()
    with transaction.atomic():
        if replace:
            for old in models.Tournament.objects.filter(slug=slug):
                tournament_delete(old)
        return _store(doc, slug, scored)


def _rules(doc: Document) -> Rules:
    custom = doc.tournament.point_table
    table = point_table_from_dict(custom) if custom else preset(doc.tournament.scoring)
    kontra = doc.tournament.kontra_allowed
    return Rules(
        table=table,
        games_per_durchgang=doc.tournament.games_per_durchgang,
        contracts=frozenset(Contract(c) for c in doc.tournament.contracts),
        kontra_allowed=table.kontra_allowed if kontra is None else kontra,
    )


def _slug(doc: Document, problems: Problems, *, replace: bool) -> str:
    taken = models.Tournament.objects.filter
    if doc.tournament.slug:
        if not replace and taken(slug=doc.tournament.slug).exists():
            problems.add(
                "tournament.slug",
                _("a tournament %(slug)s exists already") % {"slug": doc.tournament.slug},
            )
        return doc.tournament.slug
    base = slugify(f"{doc.tournament.name}-{doc.tournament.date.isoformat()}")[:70] or "turnier"
    slug, n = base, 1
    while taken(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _check_players(doc: Document, problems: Problems) -> None:
    counts = Counter(p.id for p in doc.players)
    ids = set(counts)
    replaced: dict[str, str] = {}
    for i, player in enumerate(doc.players):
        if counts[player.id] > 1:
            problems.add(f"players[{i}].id", _("id %(id)s is used twice") % {"id": player.id})
        if player.replaces is None:
            continue
        where = f"players[{i}].replaces"
        if player.replaces not in ids:
            problems.add(where, _("unknown player %(id)s") % {"id": player.replaces})
        elif player.replaces == player.id:
            problems.add(where, _("a player cannot replace himself"))
        elif player.replaces in replaced:
            problems.add(
                where,
                _("player %(id)s is already replaced by %(other)s")
                % {"id": player.replaces, "other": replaced[player.replaces]},
            )
        else:
            replaced[player.replaces] = player.id
    for i, player in enumerate(doc.players):
        seen, current = {player.id}, player.id
        while current in replaced:
            current = replaced[current]
            if current in seen:
                problems.add(f"players[{i}].replaces", _("substitutes replace each other"))
                break
            seen.add(current)


def _person(doc: Document) -> dict[str, str]:
    """Each player id → the id of the person in the standings (the last substitute)."""
    replaced = {p.replaces: p.id for p in doc.players if p.replaces}
    person = {}
    for player in doc.players:
        current, steps = player.id, 0
        while current in replaced and steps <= len(replaced):
            current, steps = replaced[current], steps + 1
        person[player.id] = current
    return person


def _check_durchgaenge(
    doc: Document, rules: Rules, problems: Problems
) -> dict[tuple[int, int], list[ScoredHand]]:
    ids = {p.id for p in doc.players}
    person = _person(doc)
    planned = doc.tournament.number_of_durchgaenge
    scored: dict[tuple[int, int], list[ScoredHand]] = {}
    numbers = Counter(d.number for d in doc.durchgaenge)
    for i, durchgang in enumerate(doc.durchgaenge):
        p = f"durchgaenge[{i}].number"
        if not 1 <= durchgang.number <= planned:
            problems.add(
                p,
                _("Durchgang %(n)s is outside 1 to %(max)s (number_of_durchgaenge)")
                % {"n": durchgang.number, "max": planned},
            )
        if numbers[durchgang.number] > 1:
            problems.add(p, _("Durchgang %(n)s appears twice") % {"n": durchgang.number})
        table_numbers = Counter(t.number for t in durchgang.tables)
        seated_at: dict[str, int] = {}
        for table in durchgang.tables:
            if table_numbers[table.number] > 1 or table.number < 1:
                problems.add(
                    f"{table.path}.number",
                    _("table number %(n)s is invalid or used twice") % {"n": table.number},
                )
            if _check_seats(table, ids, person, seated_at, problems):
                scored[(durchgang.number, table.number)] = _check_hands(
                    table, rules, doc.tournament, problems
                )
    return scored


def _check_seats(
    table: DocTable,
    ids: set[str],
    person: dict[str, str],
    seated_at: dict[str, int],
    problems: Problems,
) -> bool:
    ok = True
    if len(table.seats) not in (4, 5):
        problems.add(f"{table.path}.seats", _("a table has 4 or 5 seats"))
        ok = False
    for k, ident in enumerate(table.seats):
        where = f"{table.path}.seats[{k}]"
        if ident not in ids:
            problems.add(where, _("unknown player %(id)s") % {"id": ident})
            ok = False
            continue
        who = person[ident]
        if who in seated_at:
            problems.add(
                where,
                _("player %(id)s already sits at table %(table)s in this Durchgang")
                % {"id": ident, "table": seated_at[who]},
            )
            ok = False
        seated_at[who] = table.number
    return ok


def _check_hands(
    table: DocTable, rules: Rules, settings: DocTournament, problems: Problems
) -> list[ScoredHand]:
    numbers = Counter(h.number for h in table.hands)
    seats = tuple(table.seats)
    hands = [_engine_hand(h, seats, settings.first_game_rule) for h in table.hands]
    clean = True
    for doc_hand, hand in zip(table.hands, hands, strict=True):
        if numbers[doc_hand.number] > 1:
            problems.add(
                f"{doc_hand.path}.number",
                _("game number %(n)s appears twice at this table") % {"n": doc_hand.number},
            )
            clean = False
        for violation in hand_violations(hand, rules):
            message = violation_message(violation)
            if violation.code == "not_seated":
                message = _("player %(id)s does not sit at table %(table)s") % {
                    "id": violation.params["player"],
                    "table": table.number,
                }
            problems.add(f"{doc_hand.path}.{violation.field}", message)
            clean = False
    if not clean:
        return []
    approved = {h.number for h in table.hands if h.approved_by}
    scored = score_sheet(
        hands,
        table=rules.table,
        solo_approval_from=settings.solo_approval_from,
        approved=lambda h: h.number in approved,
    )
    for doc_hand, result in zip(table.hands, scored, strict=True):
        if doc_hand.pending and not result.needs_approval:
            problems.add(
                f"{doc_hand.path}.approval", _('this game needs no approval: remove "approval"')
            )
        elif not result.counts and not doc_hand.pending:
            problems.add(
                f"{doc_hand.path}.approved_by",
                _(
                    "this game needs the supervisor's approval (rules 5.2.14, 5.2.16): say who "
                    'approved it, or mark it "approval": "pending"'
                ),
            )
        elif doc_hand.points is not None and not _same_points(doc_hand.points, result.points):
            problems.add(
                f"{doc_hand.path}.points",
                _("%(given)s differs from the points of the rules: %(computed)s")
                % {"given": doc_hand.points, "computed": result.points},
            )
    return scored


def _same_points(given: dict[str, int], computed: dict[str, int]) -> bool:
    """Whether the file's points agree; a seated player left out (the dealer at five) has 0."""
    return set(given) <= set(computed) and all(
        given.get(player, 0) == points for player, points in computed.items()
    )


def _engine_hand(h: DocHand, seats: tuple[str, ...], first_game_rule: bool) -> HandFacts:
    return HandFacts(
        number=h.number,
        seats=seats,
        contract=h.contract,
        declarer=h.declarer,
        suit=h.suit,
        partner=h.partner,
        won=h.won,
        schneider=h.schneider,
        schwarz=h.schwarz,
        tout=h.tout,
        augen=h.augen,
        laufende=h.laufende,
        kontra=h.kontra,
        offender=h.offender,
        struck=h.disallowed,
        first_game_rule=first_game_rule,
    )


def _start_numbers(doc: Document) -> list[int]:
    ids = [p.id for p in doc.players]
    if all(i.isdecimal() for i in ids) and len({int(i) for i in ids}) == len(ids):
        return [int(i) for i in ids]
    return list(range(1, len(ids) + 1))


def _store(
    doc: Document, slug: str, scored: dict[tuple[int, int], list[ScoredHand]]
) -> models.Tournament:
    t = doc.tournament
    table_rules = _rules(doc)
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
    _store_durchgaenge(doc, tournament, pk, scored)
    return tournament


HAND_FIELDS = (
    "table",
    "number",
    "contract",
    "suit",
    "declarer",
    "partner",
    "won",
    "schneider",
    "schwarz",
    "tout",
    "augen",
    "laufende",
    "kontra",
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
    tables = models.Table.objects.bulk_create(
        models.Table(durchgang=dg, number=t.number, seat_count=len(t.seats)) for dg, t in doc_tables
    )
    now = timezone.now()
    seats, hands = [], []
    for table, (dg, doc_table) in zip(tables, doc_tables, strict=True):
        totals = seat_totals(doc_table.seats, scored[(dg.number, doc_table.number)])
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
            (hid, pk[h.offender], h.reason, now)
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
    rows_insert(models.Sanction, ("hand", "offender", "reason", "recorded_at"), sanctions)
    rows_insert(models.HandScore, SCORE_FIELDS, scores)
    statistics_refresh(models.Player, models.Seat, models.Hand, models.Sanction, models.HandScore)


def _hand_row(table_id: int, h: DocHand, pk: dict[str, int], needs_approval: bool, now) -> tuple:
    return (
        table_id,
        h.number,
        h.contract.value,
        h.suit.value if h.suit else "",
        pk[h.declarer],
        pk[h.partner] if h.partner else None,
        h.won,
        h.schneider,
        h.schwarz,
        h.tout,
        h.augen,
        h.laufende,
        h.kontra,
        h.disallowed,
        needs_approval,
        h.approved_by,
        1,
        now,
        now,
    )
