"""Where a tournament's addresses begin: its public pages under `PUBLIC`, the pages of its
supervisor and clerks under `MANAGE`. Every feature's urls.py builds on these two."""

from __future__ import annotations

PUBLIC = "turnier/<slug:slug>/"
MANAGE = PUBLIC + "leitung/"
