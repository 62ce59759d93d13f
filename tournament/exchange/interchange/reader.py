"""Read an interchange document: check its structure and types, return plain objects.

The rules of the game (who may declare, which suit, approvals, points) are checked by
`checks` with the engine; this module only makes sure every field has the shape that
docs/interchange-format.md gives.
"""

# Declared boilerplate (duplicates): reading, checking and storing one field after another is alike
# in shape for every field.

from __future__ import annotations

import datetime as dt
import json
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _

from rules.contracts import PLAYED, Contract, Suit
from rules.decks import Deck
from rules.limits import value_limit
from rules.presets import PRESETS
from rules.rule_sets import ALL_PASS_CHOICES, RULE_SETS, rule_set, rule_set_contracts
from rules.tablechecks import point_table_problems
from rules.tabledata import PointTableDataError, point_table_from_dict
from rules.tiebreaks import CHAINS
from tournament.exchange.interchange import APPROVAL_PENDING, FORMAT, VERSION
from tournament.exchange.interchange.document import (
    DocDurchgang,
    DocHand,
    DocTable,
    DocTournament,
    Document,
)
from tournament.exchange.interchange.fields import MISSING, FieldReader
from tournament.exchange.interchange.numbers import (
    POINTS_RANGE,
    BadNumber,
    Shown,
    json_int,
    short,
)
from tournament.exchange.interchange.player_fields import read_players
from tournament.exchange.interchange.problems import Problems
from tournament.exchange.interchange.totals_fields import read_totals
from tournament.models import CUSTOM_TABLE

SLUG_RE = re.compile(r"^[a-z0-9-]+$")


def parse_json(text: str | bytes) -> Any:
    """The JSON value of `text`; an `InterchangeError` naming the line when it is no JSON."""
    problems = Problems()
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            problems.add("", _("the file is not UTF-8 (byte %(pos)s)") % {"pos": exc.start})
            problems.raise_if_any()
    try:
        return json.loads(text, parse_int=json_int, parse_constant=BadNumber)
    except RecursionError:
        problems.add("", _("the JSON is nested too deeply"))
        problems.raise_if_any()
    except json.JSONDecodeError as exc:
        problems.add(
            "",
            _("no valid JSON at line %(line)s, column %(col)s: %(msg)s")
            % {"line": exc.lineno, "col": exc.colno, "msg": exc.msg},
        )
        problems.raise_if_any()


def read_document(data: Any) -> Document:
    """The document's plain objects; raises `InterchangeError` naming every structural error."""
    r = FieldReader()
    if not isinstance(data, dict):
        r.problems.add("", _("the document must be a JSON object"))
        r.problems.raise_if_any()
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        r.problems.add(
            "format",
            _("unknown format %(format)r version %(version)r (expected %(expected)s version 1)")
            % {
                "format": Shown(data.get("format")),
                "version": Shown(data.get("version")),
                "expected": FORMAT,
            },
        )
        r.problems.raise_if_any()
    tournament = _read_tournament(r, data)
    players = read_players(r, data)
    durchgaenge = _read_durchgaenge(r, data)
    r.problems.raise_if_any()
    return Document(tournament, players, durchgaenge)


def _read_tournament(r: FieldReader, data: dict) -> DocTournament:
    obj = r.take(data, "tournament", "object", "", required=True)
    if obj is MISSING:
        return DocTournament(name="", date=dt.date.today())
    p = "tournament"
    name = r.take(obj, "name", "text", p, required=True)
    if name is not MISSING and not name.strip():
        r.problems.add(f"{p}.name", _("must not be empty"))
    date = r.take(obj, "date", "text", p, required=True)
    if date is not MISSING:
        try:
            date = dt.date.fromisoformat(date)
        except ValueError:
            r.problems.add(f"{p}.date", _("must be a date like 2026-11-21"))
            date = MISSING
    t = DocTournament(
        name=name if name is not MISSING else "",
        date=date if date is not MISSING else dt.date.today(),
    )
    slug = r.take(obj, "slug", "text", p)
    if slug is not MISSING:
        if SLUG_RE.match(slug) and len(slug) <= 80:
            t.slug = slug
        else:
            r.problems.add(f"{p}.slug", _("only a-z, 0-9 and - are allowed (at most 80)"))
    for key, kind in (("venue", "text"), ("lot_seed", "text")):
        value = r.take(obj, key, kind, p)
        if value is not MISSING:
            setattr(t, key, value)
    scoring = r.take(obj, "scoring", "text", p)
    if scoring is not MISSING:
        if scoring in PRESETS or scoring == CUSTOM_TABLE:
            t.scoring = scoring
        else:
            r.problems.add(f"{p}.scoring", _("unknown point table %(name)s") % {"name": scoring})
    _read_point_table(r, obj, t)
    for key, low, high in (
        ("games_per_durchgang", 1, 200),
        ("number_of_durchgaenge", 1, 20),
        ("solo_approval_from", 1, 200),
    ):
        value = r.take(obj, key, "number", p)
        if value is MISSING:
            continue
        if low <= value <= high:
            setattr(t, key, value)
        else:
            r.problems.add(
                f"{p}.{key}",
                _("must be between %(low)s and %(high)s") % {"low": low, "high": high},
            )
    for key in ("kontra_allowed", "laufende_counted", "first_game_rule"):
        value = r.take(obj, key, "bool", p)
        if value is not MISSING:
            setattr(t, key, value)
    _read_rule_set(r, obj, t)
    _read_all_pass(r, obj, t)
    deck = r.one_of(obj, "deck", DECKS, p, _("unknown deck %(name)s (allowed: %(allowed)s)"))
    if deck is not MISSING:
        t.deck = deck
    tiebreak = r.one_of(
        obj, "tiebreak", CHAINS, p, _("unknown tie-break %(name)s (allowed: %(allowed)s)")
    )
    if tiebreak is not MISSING:
        t.tiebreak = tiebreak
    contracts = r.take(obj, "contracts", "list", p)
    if contracts is MISSING:
        t.contracts = rule_set_contracts(t.rule_set)
    else:
        t.contracts = []
        for i, value in enumerate(contracts):
            if not isinstance(value, str) or value not in {c.value for c in PLAYED}:
                r.problems.add(
                    f"{p}.contracts[{i}]",
                    _("unknown contract %(value)r") % {"value": Shown(value)},
                )
            elif value in t.contracts:
                r.problems.add(f"{p}.contracts[{i}]", _("listed twice"))
            else:
                t.contracts.append(value)
        if not contracts:
            r.problems.add(f"{p}.contracts", _("must name at least one contract"))
    return t


def _read_rule_set(r: FieldReader, obj: dict, t: DocTournament) -> None:
    """The rule set and the Sie in the first game. Absent, the Sie in the first game is the rule
    set's default; a file of the 2007 rule set without it was written when the first-game rule
    covered the Sie too: without that rule it allowed the Sie there."""
    p = "tournament"
    key = r.one_of(
        obj, "rule_set", RULE_SETS, p, _("unknown rule set %(name)s (allowed: %(allowed)s)")
    )
    if key is not MISSING:
        t.rule_set = key
    allowed = r.take(obj, "sie_first_game_allowed", "bool", p)
    if allowed is MISSING:
        allowed = bool(rule_set(t.rule_set).settings["sie_first_game_allowed"])
        allowed = allowed or not t.first_game_rule
    t.sie_first_game_allowed = allowed


DECKS = [deck.value for deck in Deck]


def _read_all_pass(r: FieldReader, obj: dict, t: DocTournament) -> None:
    """All pass (4.1.5 of 2024) and whether a thrown-in deal counts as a game, each the rule
    set's default when absent (2007: the same dealer deals again); the Stock in euros per
    deal."""
    p = "tournament"
    all_pass = r.one_of(
        obj, "all_pass", ALL_PASS_CHOICES, p, _("unknown rule %(name)s (allowed: %(allowed)s)")
    )
    defaults = rule_set(t.rule_set).settings
    t.all_pass = str(defaults["all_pass"]) if all_pass is MISSING else all_pass
    counts = r.take(obj, "thrown_in_counts", "bool", p)
    t.thrown_in_counts = bool(defaults["thrown_in_counts"]) if counts is MISSING else counts
    stock = obj.get("stock_per_thrown_in")
    if stock is None:
        return
    cents = stock_cents(stock)
    if cents is None:
        r.problems.add(
            f"{p}.stock_per_thrown_in",
            _("must be an amount in euros from 0 to 9999.99 with at most two decimals"),
        )
    else:
        t.stock_cents = cents


def stock_cents(value: Any) -> int | None:
    """An amount in euros (a JSON number) in cents; None when it is no such amount."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        cents = Decimal(str(value)) * 100
    except InvalidOperation:
        return None
    if not cents.is_finite() or cents != cents.to_integral_value() or not 0 <= cents <= 999999:
        return None
    return int(cents)


def _read_point_table(r: FieldReader, obj: dict, t: DocTournament) -> None:
    """A custom point table travels with its tournament (`scoring` "custom")."""
    p = "tournament.point_table"
    data = r.take(obj, "point_table", "object", "tournament")
    if data is MISSING:
        if t.scoring == CUSTOM_TABLE:
            r.problems.add(p, _("a custom point table needs its values here"))
        return
    try:
        problems = point_table_problems(point_table_from_dict(data))
    except PointTableDataError as error:
        r.problems.add(f"{p}.{error.field}", _("not a point table (%(code)s)") % vars(error))
        return
    for problem in problems:
        message = _("not usable (%(code)s)") % vars(problem)
        if problem.code == "value_too_large":
            message = _("at most %(limit)s (a larger value could make a game's points too large)")
            message %= {"limit": value_limit(problem.field)}
        r.problems.add(f"{p}.{problem.field}", message)
    if not problems:
        t.point_table, t.scoring = data, CUSTOM_TABLE


def _read_durchgaenge(r: FieldReader, data: dict) -> list[DocDurchgang]:
    items = r.take(data, "durchgaenge", "list", "")
    result: list[DocDurchgang] = []
    for i, obj in enumerate(items if items is not MISSING else []):
        p = f"durchgaenge[{i}]"
        if not r.is_kind(obj, "object"):
            r.problems.add(p, r.kind_message("object"))
            continue
        number = r.take(obj, "number", "number", p, required=True)
        tables = r.take(obj, "tables", "list", p, required=True)
        read = [
            table
            for j, raw in enumerate(tables if tables is not MISSING else [])
            if (table := _read_table(r, raw, f"{p}.tables[{j}]")) is not None
        ]
        if number is not MISSING:
            result.append(DocDurchgang(number=number, tables=read))
    return result


def _read_table(r: FieldReader, obj: Any, p: str) -> DocTable | None:
    if not r.is_kind(obj, "object"):
        r.problems.add(p, r.kind_message("object"))
        return None
    number = r.take(obj, "number", "number", p, required=True)
    seats = r.take(obj, "seats", "list", p, required=True)
    if seats is not MISSING and not all(
        isinstance(s, str) or (isinstance(s, int) and not isinstance(s, bool) and short(s))
        for s in seats
    ):
        r.problems.add(f"{p}.seats", _("must list player ids"))
        seats = MISSING
    hands = r.take(obj, "hands", "list", p)
    read = [
        hand
        for k, raw in enumerate(hands if hands is not MISSING else [])
        if (hand := _read_hand(r, raw, f"{p}.hands[{k}]")) is not None
    ]
    if number is MISSING or seats is MISSING:
        return None
    seated = [str(s) for s in seats]
    totals = read_totals(r, obj, p, seated, has_hands=bool(read))
    return DocTable(path=p, number=number, seats=seated, hands=read, totals=totals)


def _read_hand(r: FieldReader, obj: Any, p: str) -> DocHand | None:
    if not r.is_kind(obj, "object"):
        r.problems.add(p, r.kind_message("object"))
        return None
    number = r.take(obj, "number", "number", p, required=True)
    contract = r.choice(obj, "contract", Contract, p, required=True)
    thrown_in = contract is Contract.ZUSAMMENGEWORFEN
    declarer = r.ident(obj, "declarer", p, required=not thrown_in)
    if thrown_in and declarer is MISSING:
        declarer = None  # a thrown-in deal has none (checked with the game)
    suit = r.choice(obj, "suit", Suit, p)
    partner = r.ident(obj, "partner", p)
    values: dict[str, Any] = {}
    for key, kind in (
        ("tout", "bool"),
        ("won", "bool"),
        ("schneider", "bool"),
        ("schwarz", "bool"),
        ("augen", "number"),
        ("laufende", "number"),
        ("kontra", "number"),
        ("approved_by", "text"),
        ("disallowed", "bool"),
    ):
        value = r.take(obj, key, kind, p)
        if value is not MISSING:
            values[key] = value
    _read_approval(r, obj, p, values)
    if values.get("schwarz") and "schneider" not in values:
        values["schneider"] = True  # Schwarz is always Schneider; the format lets it be absent
    sanction = r.take(obj, "sanction", "object", p)
    if sanction is not MISSING:
        offender = r.ident(sanction, "offender", f"{p}.sanction", required=True)
        reason = r.take(sanction, "reason", "text", f"{p}.sanction")
        mistake_by = r.ident(sanction, "mistake_by", f"{p}.sanction")
        if offender is not MISSING:
            values["offender"] = offender
            values["reason"] = reason if reason is not MISSING else ""
        if mistake_by is not MISSING:
            values["mistake_by"] = mistake_by
    points = r.take(obj, "points", "object", p)
    if points is not MISSING:
        if not all(r.is_kind(v, "number") for v in points.values()):
            r.problems.add(f"{p}.points", _("must map player ids to whole numbers"))
        elif all(r.in_range(v, POINTS_RANGE, f"{p}.points.{k}") for k, v in points.items()):
            values["points"] = {str(k): v for k, v in points.items()}
    if MISSING in (number, contract, declarer):
        return None
    return DocHand(
        path=p,
        number=number,
        contract=contract,
        declarer=declarer,
        suit=None if suit is MISSING else suit,
        partner=None if partner is MISSING else partner,
        **values,
    )


def _read_approval(r: FieldReader, obj: dict, p: str, values: dict[str, Any]) -> None:
    """`"approval": "pending"`: a game waiting for the supervisor, so without `approved_by`."""
    approval = r.take(obj, "approval", "text", p)
    if approval is MISSING:
        return
    if approval != APPROVAL_PENDING:
        r.problems.add(
            f"{p}.approval",
            _("unknown value %(value)s (allowed: %(allowed)s)")
            % {"value": approval, "allowed": APPROVAL_PENDING},
        )
    elif values.get("approved_by"):
        r.problems.add(
            f"{p}.approval",
            _('a game is either approved (approved_by) or awaiting approval ("pending"), not both'),
        )
    else:
        values["pending"] = True
