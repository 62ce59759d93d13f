"""What several core tests share: a published demo tournament, the German card names a French
deck must not show, and the URL patterns of the access walk with its world's slug (the `world`
fixture: tests/web/conftest.py)."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.web.walk_helpers import url_patterns
from tests.web.walk_world import url_kwargs
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership
from tournament.ranking.publication import ranking_publish


def tournament_of(players: int, durchgaenge: int, slug: str, supervisor):
    tournament = tournament_import(
        demo_document(players=players, durchgaenge=durchgaenge, seed=5, slug=slug)
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    ranking_publish(tournament=tournament, publication="live")
    return tournament


GERMAN_CARDS = re.compile(r"\b(Eichel|Gras|Schellen|Ober|Unter|Sau)\b")


def german_cards(text: str) -> list[str]:
    return GERMAN_CARDS.findall(text)


# A print job renders every sheet of the Durchgang: not started here (tests/jobs/ and
# tests/sheets/test_signed_scoresheets.py run it); refused roles are still walked.
NOT_POSTED_BY_ALLOWED = {"manage:sheets_print"}
SLUG = "rundgang"


def routes(world):
    for name, arguments in sorted(url_patterns(), key=lambda item: str(item[0])):
        kwargs = url_kwargs(name, arguments, world)
        yield name, reverse(name, kwargs=kwargs)
