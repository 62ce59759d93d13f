"""The table of game codes (tests/data/game_codes.json) that scoring and the phones both read."""

from __future__ import annotations

import json
from pathlib import Path

TABLE = Path(__file__).resolve().parents[1] / "data" / "game_codes.json"
CASES = json.loads(TABLE.read_text(encoding="utf-8"))["cases"]
