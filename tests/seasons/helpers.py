"""A replay of the worked example under another slug and date."""

from __future__ import annotations

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Tournament


def replay(example_document, slug: str, date: str) -> Tournament:
    return tournament_import(
        dict(
            example_document, tournament=dict(example_document["tournament"], slug=slug, date=date)
        )
    )
