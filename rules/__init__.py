"""The rules of Schafkopf as plain data and functions.

This package imports nothing from Django: it describes suits, contracts, which suit a contract
may name, the ranking of contracts (rules 2.7 and 8.2.2 of the Schafkopfschule 2024) and the
point tables a tournament can score with. `scoring` applies them to games; the Django apps only
store what these modules compute.
"""
