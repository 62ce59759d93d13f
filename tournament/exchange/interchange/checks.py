"""Check an interchange document against the rules, with the engine, before anything is stored.

Cross-references (player ids, substitutes, seats) and every game's rules are checked here; a
sheet without a problem is scored by `scoring.scoresheet`, and the importer stores those scores.
Problems are collected, not raised, so that one import names every one of them.
"""

# Declared boilerplate (duplicates): reading, checking and storing one field after another is alike
# in shape for every field.

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _

from rules.contracts import Contract
from rules.presets import preset
from rules.rule_sets import ALL_PASS_THROWN_IN, rule_set
from rules.tabledata import point_table_from_dict
from rules.tiebreaks import CHAINS
from scoring.game import game_values
from scoring.hand import HandFacts, Rules, hand_violations
from scoring.scoresheet import ScoredHand, score_sheet
from scoring.seating import first_game_number, games_fit_tables_of_five
from scoring.totals import totals_problems
from tournament.exchange.interchange.document import DocHand, DocTable, DocTournament, Document
from tournament.exchange.interchange.problems import Problems
from tournament.scorekeeping.violations import games_per_durchgang_error, violation_message
from tournament.totals.messages import problem_text


def document_rules(doc: Document) -> Rules:
    """The engine's rules of the document's tournament: its point table and settings."""
    custom = doc.tournament.point_table
    table = point_table_from_dict(custom) if custom else preset(doc.tournament.scoring)
    kontra = doc.tournament.kontra_allowed
    return Rules(
        table=table,
        games_per_durchgang=doc.tournament.games_per_durchgang,
        contracts=frozenset(Contract(c) for c in doc.tournament.contracts),
        kontra_allowed=table.kontra_allowed if kontra is None else kontra,
        all_pass_thrown_in=doc.tournament.all_pass == ALL_PASS_THROWN_IN,
        thrown_in_counts=doc.tournament.thrown_in_counts,
        sie_kontra_allowed=rule_set(doc.tournament.rule_set).sie_stoss,
        first_game_rule=doc.tournament.first_game_rule,
        sie_first_game_allowed=doc.tournament.sie_first_game_allowed,
    )


def players_check(doc: Document, problems: Problems) -> None:
    """Player ids used once; substitutes replacing a known player, one each, without a cycle."""
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


def durchgaenge_check(
    doc: Document, rules: Rules, problems: Problems
) -> dict[tuple[int, int], list[ScoredHand]]:
    """The scored games of every table whose seats and games are clean, by (Durchgang, table)."""
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
                if table.totals:
                    _check_totals(table, rules, doc.tournament, problems)
    _check_games_at_five(doc, problems)
    return scored


def _check_games_at_five(doc: Document, problems: Problems) -> None:
    """A table of five shares its games out evenly only when the games per Durchgang are a
    multiple of 4, as the draw and the settings require (docs/rules.md, section 1)."""
    games = doc.tournament.games_per_durchgang
    five = any(len(t.seats) == 5 for d in doc.durchgaenge for t in d.tables)
    if five and not games_fit_tables_of_five(games):
        problems.add("tournament.games_per_durchgang", games_per_durchgang_error(games))


def _check_totals(
    table: DocTable, rules: Rules, settings: DocTournament, problems: Problems
) -> None:
    """A table's totals, checked as the totals page checks them (scoring/totals.py)."""
    assert table.totals is not None
    if set(table.totals) != set(table.seats):
        return  # the reader named the players missing
    lines = [table.totals[ident] for ident in table.seats]
    for problem in totals_problems(lines, rules=rules, counters=CHAINS[settings.tiebreak]):
        where = f"{table.path}.totals"
        seat = ""
        if problem.seat is not None:
            ident = table.seats[problem.seat - 1]
            where += f".{ident}"
            seat = _("Seat %(seat)s (%(id)s)") % {"seat": problem.seat, "id": ident}
        problems.add(where, problem_text(problem, seat, rules.table.unit))


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
    thrown = [h.number for h in table.hands if h.contract is Contract.ZUSAMMENGEWORFEN]
    first = first_game_number(thrown)
    hands = [_engine_hand(h, seats, settings, first) for h in table.hands]
    clean = True
    for doc_hand, hand in zip(table.hands, hands, strict=True):
        if numbers[doc_hand.number] > 1:
            problems.add(
                f"{doc_hand.path}.number",
                _("game number %(n)s appears twice at this table") % {"n": doc_hand.number},
            )
            clean = False
        for violation in hand_violations(hand, rules, thrown_in=len(thrown)):
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


def _engine_hand(
    h: DocHand, seats: tuple[str, ...], settings: DocTournament, first_number: int = 1
) -> HandFacts:
    return HandFacts(
        number=h.number,
        seats=seats,
        **game_values(h, typed=True),
        offender=h.offender,
        mistake_by=h.mistake_by,
        struck=h.disallowed,
        first_game_rule=settings.first_game_rule,
        sie_first_game_allowed=settings.sie_first_game_allowed,
        first_number=first_number,
    )
