"""Bounds of the numbers of a point table, so that no game can score more than the database's
score column holds. Plain Python, no Django.

A *path* names a number of a table in its dict form (`rules.presets`), dotted: `single.base`,
`tout.factor`, `sanction.single.offender`, `overrides.wenz.laufende_from`.
"""

from __future__ import annotations

#: The largest points one player can score in one game: the database's score column holds a
#: 32-bit integer.
SCORE_LIMIT = 2**31 - 1
#: Bounds of a table's numbers (`value_limit`), chosen so that every game and every sanction
#: fits `SCORE_LIMIT` with every number at its bound: a Sie of factor 10 on a game of
#: 17 × 400,000 (simple, Schneider, Schwarz and 14 Laufende) plus 400,000, times Retour 4
#: (`rules.pointtables.KONTRA_FACTORS`), paid by three players, is 820,800,000. A value is
#: points or cents (400,000 cents are 4,000 euros); a sanction is scored as it stands, and rule
#: 3.4.17 derives at most 37,200,000 from values within these bounds.
VALUE_LIMIT = 400_000
LAUFENDE_LIMIT = 14
FACTOR_LIMIT = 10
SANCTION_LIMIT = 40_000_000


def value_limit(path: str) -> int:
    """The largest value the number at `path` (dotted, of the dict form) may have."""
    name = path.rsplit(".", 1)[-1]
    if path.startswith("sanction."):
        return SANCTION_LIMIT
    if name == "factor":
        return FACTOR_LIMIT
    if name in ("laufende_from", "laufende_max"):
        return LAUFENDE_LIMIT
    return VALUE_LIMIT
