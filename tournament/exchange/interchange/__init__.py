"""The interchange format `schafkopf-turnier`, version 1 (docs/interchange-format.md).

`reader` checks a document's structure (field by field with `fields`) and turns it into plain
objects, `checks` checks the rules with the engine, `importer` stores a tournament all or
nothing, `writer` writes a stored tournament back out.
"""

FORMAT = "schafkopf-turnier"
VERSION = 1
APPROVAL_PENDING = "pending"  # a hand's `approval`: waits for the supervisor, scores 0
