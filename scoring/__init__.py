"""Scoring of Schafkopf tournament games and the ranking: plain Python, no Django.

- `scoring.hand`: one game as written on the scoresheet (`HandFacts`), its rule checks and its
  points per seat under a `rules.pointtables.PointTable`, including sanctions (3.4.17/3.4.18),
  struck games (5.2.17), the first-game rule (5.2.15) and tables of five (the dealer sits out).
- `scoring.scoresheet`: a whole scoresheet scored at once; `scoring.approvals`: which of its games
  need the supervisor's approval (5.2.14, 5.2.16).
- `scoring.draw`: the draw (Auslosung) of the Durchgänge still to come, avoiding repeated
  meetings (and, optionally, players of one club at one table); `scoring.seating`: table sizes, the
  seeded seating, games per table, who deals and who sits out.
- `scoring.totals`: a table's totals line (Summenliste) checked as far as the rules allow;
  `scoring.bounds`: what a seat can score and declare over a Durchgang, game position by game
  position.
- `scoring.ranking`: totals per player and the ordering by points, the tie-break chain of
  5.4.2 and a reproducible lot.

These modules do not touch the database; the Django apps call them and store what they return.
"""
