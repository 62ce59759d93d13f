"""Fast inserts of many plain rows, for imports and rescoring.

`bulk_create` prepares every value of every model instance in Python; for the hundred thousand
score rows of a large tournament that costs seconds. These rows are computed by the engine and
already hold database-ready values (ints, text, booleans, None), so they go straight to the
database: by `COPY` on PostgreSQL, by `executemany` of one prepared statement on SQLite.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from django.db import connection, models


def rows_insert(model: type[models.Model], fields: Sequence[str], rows: Iterable[tuple]) -> None:
    """Insert `rows` (tuples in the order of `fields`) into the table of `model`."""
    rows = list(rows)
    if not rows:
        return
    meta = model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(cast(models.Field, meta.get_field(name)).column) for name in fields)
    table = quote(meta.db_table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(fields))
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)


def statistics_refresh(*tables: type[models.Model]) -> None:
    """After a bulk insert on PostgreSQL, refresh the planner's statistics of `tables`: with the
    old ones (autovacuum comes later) it plans a tournament's pages as scans of every row."""
    if connection.vendor != "postgresql":
        return
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for model in tables:
            cursor.execute(f"ANALYZE {quote(model._meta.db_table)}")
