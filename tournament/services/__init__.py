"""The bridge between the rules engine (`rules`, `scoring`) and the database.

Services load rows, call the pure engine and write inside `transaction.atomic()`.
"""
