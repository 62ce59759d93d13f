"""What several test folders share that is no fixture: the example documents' folder, the
password of the users the fixtures make, the names at the sheet fixture's table. Test modules
import them from here, never from a conftest (a conftest is pytest's, loaded by it)."""

from __future__ import annotations

from pathlib import Path

# tests/data/: the worked example tournament in the interchange format and its expected
# standings, the rule cases, the table of game codes.
EXAMPLES = Path(__file__).resolve().parent / "data"
# The password of every user the fixtures of tests/conftest.py make.
PASSWORD = "geheim-12345"
# The players at the `table` fixture's table (tests/conftest.py), by seat.
SHEET_NAMES = ["Sepp Huber", "Resi Maier", "Xaver Bauer", "Vroni Hofer"]
