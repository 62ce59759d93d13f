"""Litestream copies SQLite only: every test here skips plainly on PostgreSQL
(tests/litestream.py)."""

from tests.litestream import sqlite_only  # noqa: F401  (an autouse fixture for this folder)
