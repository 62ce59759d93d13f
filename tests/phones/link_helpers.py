"""The table links of the `evening` tournament (tests/conftest.py): the supervisor's page of
links, a table by number, a phone's address."""

from __future__ import annotations

from django.urls import reverse

from tests.sheets.helpers import SLUG
from tournament.models import Table


def links_url(number=1):
    return reverse("manage:table_links", args=[SLUG, number])


def table(number):
    return Table.objects.get(durchgang__tournament__slug=SLUG, number=number)


def phone(link) -> str:
    return reverse("tournament:phone_sheet", args=[link.token])
