"""`make takeover FROM=<dir>`: a second laptop takes over the evening from the continuous copy
(tournament/replication; docs/continuous-copy.md). The command is
management/commands/takeover.py.

- `source`: which folder holds the copy (the stick, its schafkopf-copy/ or the db/ in it), its
  hall.json and secret key (plain Python).
- `restore`: Litestream's restore into a new file beside the database, SQLite's integrity check,
  and putting the restored file in place (an existing database is moved aside, never lost).
- `checks`: what the restored database holds and whether its stored totals are what the games
  score: the summary, the history's last entries, the recomputed standings.
- `address`: whether this laptop holds the hall's address, and the commands that give it.
- `guidance`: what the supervisor is told while this laptop does not hold it.
- `static`: the static files collected while the copy is restored.
"""
