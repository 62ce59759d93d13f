"""Checking a game against the tournament's rules before it is stored, on the sheet it goes
to: the engine's violations, and a line the change would leave beyond the sheet's end."""

from __future__ import annotations

from collections.abc import Sequence

from rules.contracts import Contract
from scoring.hand import HandFacts, Violation, hand_violations
from scoring.seating import first_game_number, sheet_length
from tournament import models
from tournament.scorekeeping.engine import SheetContext, engine_hand, sheet_context
from tournament.sheets.services.hand_errors import HandRuleError, violations_as_errors


def hand_check(
    hand: models.Hand,
    *,
    table: models.Table | None = None,
    context: SheetContext | None = None,
    offender_id: int | None = None,
    mistake_by_id: int | None = None,
    hands: Sequence[models.Hand] | None = None,
) -> HandFacts:
    """The engine's view of `hand` on the sheet of `context` (read from `table` when the caller
    has none), with the offender of a sanction and who made the mistake (3.4.18), if any;
    raises `HandRuleError` when it breaks a rule of the tournament."""
    if context is None:
        assert table is not None, "hand_check needs the table or its context"
        context = sheet_context(table)
    if hands is None:
        stored = models.Hand.objects.filter(table_id=context.table_id).exclude(number=hand.number)
        others = dict(stored.values_list("number", "contract"))
    else:  # the sheet's games as the caller read them
        others = {h.number: h.contract for h in hands if h.number != hand.number}
    thrown = [n for n, contract in others.items() if contract == Contract.ZUSAMMENGEWORFEN]
    thrown += [hand.number] if hand.thrown_in else []
    engine = engine_hand(
        hand,
        context,
        offender_id=offender_id,
        mistake_by_id=mistake_by_id,
        first_number=first_game_number(thrown),
    )
    problems = hand_violations(engine, context.rules, thrown_in=len(thrown))
    problems += _lines_beyond(others, context, thrown_in=len(thrown))
    if problems:
        raise HandRuleError(violations_as_errors(problems))
    return engine


def _lines_beyond(
    others: dict[int, str], context: SheetContext, *, thrown_in: int
) -> list[Violation]:
    """A line of the sheet the change would leave beyond its end: where thrown-in deals do not
    count as games, each gives the sheet a line, and changing or deleting one takes it away."""
    rules = context.rules
    if not others or rules.thrown_in_counts or not rules.all_pass_thrown_in:
        return []
    length = sheet_length(
        seats=len(context.seats),
        games_per_durchgang=rules.games_per_durchgang,
        thrown_in=thrown_in,
        thrown_in_counts=False,
    )
    return [
        Violation("number", "line_beyond_sheet", {"number": n, "max": length})
        for n in sorted(others)
        if n > length
    ]


def thrown_in_delete_check(context: SheetContext, number: int) -> None:
    """Refuse to delete thrown-in line `number` when a line would then lie beyond the sheet."""
    others = dict(
        models.Hand.objects.filter(table_id=context.table_id)
        .exclude(number=number)
        .values_list("number", "contract")
    )
    thrown = sum(contract == Contract.ZUSAMMENGEWORFEN for contract in others.values())
    problems = _lines_beyond(others, context, thrown_in=thrown)
    if problems:
        raise HandRuleError(violations_as_errors(problems))
