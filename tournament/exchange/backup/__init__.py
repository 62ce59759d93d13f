"""Backups of whole tournaments, and their restore into an empty database.

A backup is one zip archive: for every tournament its interchange document (`<slug>.json`, the
project's portable format, written by `tournament.exchange.interchange.writer`) and its history
(`<slug>.history.json`: what the interchange format does not carry: the append-only history of
the scoresheets, corrections, changes of the point table, signatures, closings, approvals,
memberships and the tournament's settings), plus `manifest.json` naming the format version and
the SHA-256 of every member. Rows refer to each other by natural keys (a tournament's slug, a
table by Durchgang and table number, a game by its number, users by their username), never by
database ids.
"""

from __future__ import annotations

FORMAT = "schafkopf-backup"
VERSION = 1
HISTORY_FORMAT = "schafkopf-backup-history"
MANIFEST = "manifest.json"


class BackupError(Exception):
    """A backup cannot be restored; the message (translated) says why. Nothing was stored."""
