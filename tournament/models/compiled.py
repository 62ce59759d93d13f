"""Queries whose SQL Django builds once per process, for the hall's busiest reads.

Django builds a query's SQL anew each time the query runs. For a query with joins,
subqueries and annotations that is most of its cost: in the burst of 250 phones saving their
first game, half of the server's CPU went to `SQLCompiler.as_sql`
(docs/performance.md). `Compiled` builds its query once per database with stand-in values for
its parameters, keeps Django's compiler with the SQL and where each parameter goes, and runs
that SQL afterwards with each call's values. Django's own iterable turns the rows into what
the query returns (model instances with their `select_related` objects and annotations, or
values), so a call returns exactly what the query would.

A parameter must reach the SQL as it is given (an `exact` lookup, a subquery's filter): a
query that changes it on the way (`icontains` wraps it in `%`), puts it into the SQL's text
(a slice's bound) or leaves it out is refused when it is first built.

It reaches into Django's internals (the compiler's `as_sql`, the query's `get_compiler`, the
QuerySet's `_chain`): with ``TUNED_SQL=0`` (or ``PLAIN_LIBRARIES=1``) each call runs the
QuerySet `build` gives, as Django builds it every time.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=Model)


def _stand_in(kind: type, index: int, take: int) -> int | str:
    """A value of parameter `index` to build the query with, the first or the second `take`:
    whole numbers within every integer column's range (Django answers a lookup beyond a
    column's range without asking the database), texts no caller sends."""
    if kind is int:
        return 30_000 + 1_000 * take + index
    if kind is str:
        return f"compiled-parameter-{take}-{index}"
    raise ImproperlyConfigured(f"A compiled query's parameter is an int or a str, not {kind}.")


@dataclass(frozen=True)
class _Prepared:
    queryset: QuerySet
    compiler: SQLCompiler
    sql: str
    #: Per parameter of the SQL: the name of the call's value, or None to keep `fixed`'s.
    slots: tuple[str | None, ...]
    fixed: tuple[Any, ...]


class Compiled(Generic[M]):
    """`build(**values)` gives a QuerySet; `compiled(**values)` is the list it gives, its SQL
    built once per database (with ``TUNED_SQL`` off: by Django on every call). `params` name
    the values and their types (int or str)."""

    def __init__(self, build: Callable[..., QuerySet[M]], **params: type) -> None:
        self.build = build
        self.params = params
        self._prepared: dict[tuple[str, str], _Prepared] = {}
        self._lock = threading.Lock()

    def __call__(self, using: str = DEFAULT_DB_ALIAS, **values: Any) -> list[M]:
        if values.keys() != self.params.keys():
            raise TypeError(f"expected the values {sorted(self.params)}, got {sorted(values)}")
        if not settings.TUNED_SQL:
            return list(self.build(**values).using(using))
        connection = connections[using]
        prepared = self._prepared.get((using, connection.vendor)) or self._prepare(using)
        if prepared.queryset.query.select_for_update and connection.get_autocommit():
            raise TransactionManagementError("select_for_update needs a transaction.")
        params = tuple(
            fixed if name is None else values[name]
            for name, fixed in zip(prepared.slots, prepared.fixed, strict=True)
        )
        runner = copy.copy(prepared.compiler)
        runner.connection = connection
        runner.as_sql = lambda *args, **kwargs: (prepared.sql, params)  # type: ignore[method-assign]
        queryset = prepared.queryset._chain()  # type: ignore[attr-defined]
        queryset.query.get_compiler = lambda *args, **kwargs: runner
        return list(queryset)

    def _prepare(self, using: str) -> _Prepared:
        with self._lock:
            connection = connections[using]
            key = (using, connection.vendor)
            if key in self._prepared:
                return self._prepared[key]
            # Built twice with other stand-ins: the parameters that differ are the values'.
            (queryset, compiler, sql, fixed), (_, _, other_sql, other) = (
                self._build(using, take) for take in (1, 2)
            )
            stand_ins = [
                {
                    _stand_in(kind, i, take): name
                    for i, (name, kind) in enumerate(self.params.items())
                }
                for take in (1, 2)
            ]
            slots = tuple(
                None if first == second else stand_ins[0].get(first, "")
                for first, second in zip(fixed, other, strict=False)
            )
            unchanged = all(
                name is None or stand_ins[1].get(second) == name
                for name, second in zip(slots, other, strict=False)
            )
            found = {name for name in slots if name is not None}
            if (
                sql != other_sql
                or len(fixed) != len(other)
                or not unchanged
                or found != set(self.params)
            ):
                raise ImproperlyConfigured(
                    f"{self.build.__qualname__}: its parameters do not reach its SQL unchanged,"
                    f" as parameters: {sorted(self.params)}."
                )
            prepared = _Prepared(queryset, compiler, sql, slots, tuple(fixed))
            self._prepared[key] = prepared
            return prepared

    def _build(self, using: str, take: int) -> tuple[QuerySet, SQLCompiler, str, list]:
        values = {
            name: _stand_in(kind, i, take) for i, (name, kind) in enumerate(self.params.items())
        }
        queryset = self.build(**values).using(using)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        return queryset, compiler, sql, list(params)

    def first(self, using: str = DEFAULT_DB_ALIAS, **values: Any) -> M | None:
        found = self(using, **values)
        return found[0] if found else None
