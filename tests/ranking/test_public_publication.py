"""Every public page, file and fragment shows exactly what is published.

The worked example (two Durchgänge played, a Sie only in Durchgang 2) is published "after
Durchgang 1", with a sanction of Durchgang 2 given a reason found nowhere else. An anonymous
visitor walks every public URL pattern of the project (every one test_access_walk.py classifies
as PUBLIC; it fails for a pattern left unclassified; the handbook's two printouts, made from
the release's text alone, are left out), filled with every Durchgang and player, in
every variant a page reads (`?after`, sorting, pages, search, and the live fragment by
`?teil=1` and by the `X-Live` header). The same walk is then made of the same tournament whose
Durchgang 2 is drawn but not played yet: what a visitor sees must be the same, page for page
(PDFs read back as text). So no game, sanction or point of Durchgang 2 shows anywhere, and a new
public URL is walked without being added here.
"""

from __future__ import annotations

import copy
import functools
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.pdfs import pdf_text
from tests.web.walk_helpers import ACCESS, PUBLIC, url_patterns
from tournament.cups.services import cup_save, entry_hosted_add, member_add
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, Table, Tournament
from tournament.phones.links import table_link_issue
from tournament.ranking.publication import ranking_publish
from tournament.ranking.standings import standings_compute

# A walk, like the others over every URL: two walks of some 500 requests each (8 s on a quiet
# machine, three times that on a busy one).
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

SLUG = "veroeffentlicht"
SECRET_REASON = "Zinken im zweiten Durchgang"
# The query variants every public URL is asked in; a page ignores what it does not read.
VARIANTS = [
    ("", {}),
    ("?teil=1", {}),
    ("", {"HTTP_X_LIVE": "1"}),
    ("?after=1", {}),
    ("?after=1&teil=1", {}),
    ("?after=2", {}),
    ("?after=2&teil=1", {}),
    ("?sort=-points", {}),
    ("?sort=-sie&teil=1", {}),
    ("?page=2", {}),
    ("?seite=2", {}),
    ("?q=1", {}),
]
# Printed from the release's text alone, never from a tournament (tournament/handbook/printed.py,
# tests/handbook/): rendering and reading the handbook's hundred pages was most of a minute here.
RELEASE_DOCUMENTS = {"tournament:handbook_pdf", "tournament:clerk_card"}
_CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+"')
_PRINTED = re.compile(r"\d\d\.\d\d\.\d{4} \d\d:\d\d")  # "Gedruckt …" on the ranking PDF
# The calendar's feeds: made at (DTSTAMP), and each tournament's UID or id and publication time
# (its pk and creation, the time its ranking was published), which differ by design between the
# walks' two imports.
_FEED_STAMPS = re.compile(
    r"^(DTSTAMP|UID)[:;].*$|<(updated|published)>[^<]*</\2>|<id>tag:[^<]*</id>", re.MULTILINE
)


def document(example_document: dict, *, second_played: bool) -> dict:
    """The worked example under SLUG; Durchgang 2 played (one sanction with SECRET_REASON) or
    drawn only."""
    doc = copy.deepcopy(example_document)
    doc["tournament"]["slug"] = SLUG
    second = doc["durchgaenge"][1]
    for table in second["tables"]:
        if not second_played:
            table["hands"] = []
    if second_played:
        sanctioned = next(h for t in second["tables"] for h in t["hands"] if "sanction" in h)
        sanctioned["sanction"]["reason"] = SECRET_REASON
    return doc


def published_after_first(doc: dict) -> tuple[Tournament, str]:
    """The tournament of `doc`, published after Durchgang 1, and a phone link of a table of
    Durchgang 2 (its PIN form is a public page)."""
    cache.clear()
    tournament = tournament_import(doc, replace=True)
    tournament.durchgaenge.update(published=True)  # both table lists are public
    ranking_publish(tournament=tournament, publication="after", after=1)
    user = get_user_model().objects.get_or_create(username="leitung")[0]
    # The tournament counts in a cup: the cup's public table shows it as published, no further.
    organiser = tournament.organiser
    cup = organiser.cups.first() or cup_save(
        organiser=organiser, name="Kreispokal", slug="kreispokal", season="2026/27"
    )
    member = cup.members.first() or member_add(cup=cup, organiser=organiser)
    entry_hosted_add(cup=cup, member=member, tournament=tournament, by=user)
    table = Table.objects.get(durchgang__tournament=tournament, durchgang__number=2, number=1)
    return tournament, table_link_issue(table=table, user=user).token


def public_urls(tournament: Tournament, token: str) -> tuple[list[str], list[str]]:
    """Every public URL pattern filled in every way the tournament allows; and the patterns
    that cannot be filled (a new kind of argument: teach `values` below)."""
    values = {
        "slug": [tournament.slug],
        "number": list(tournament.durchgaenge.values_list("number", flat=True)),
        "start_number": list(tournament.players.values_list("start_number", flat=True)),
        "token": [token],
        "key": ["k" * 43],  # a registration's mailed links: none valid here (tests/checkin/)
        "cup": ["kreispokal"],  # the cup the tournament counts in
        "organiser": [tournament.organiser.slug],  # its calendar pages, feeds and embed
    }
    urls, unfilled = [], []
    for name, arguments in url_patterns():
        if ACCESS.get(name) != PUBLIC:  # an unclassified pattern fails test_access_walk.py
            continue
        if name in RELEASE_DOCUMENTS:
            continue
        if any(argument not in values for argument in arguments):
            unfilled.append(f"{name} {arguments}")
            continue
        combinations = [{}]
        for argument in arguments:
            combinations = [{**c, argument: v} for c in combinations for v in values[argument]]
        urls += [reverse(name, kwargs=kwargs) for kwargs in combinations]
    return urls, unfilled


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml"


@functools.cache
def printed_text(content: bytes) -> str:
    """A PDF's text, read once per file: the same file comes back in the variants a page does
    not read."""
    text = pdf_text(content)
    return _PRINTED.sub("<printed>", text)


def seen(response, token: str) -> str:
    """What the visitor sees: the status and the text (a PDF read back), with what differs by
    design between two renders (CSRF tokens, the phone link, the time printed) taken out."""
    if response.get("Content-Type") == "application/pdf":
        text = printed_text(response.content)
    elif response.get("Content-Type", "").startswith(XLSX):
        workbook = load_workbook(io.BytesIO(response.content), read_only=True)
        text = "\n".join(
            repr(row) for sheet in workbook.worksheets for row in sheet.iter_rows(values_only=True)
        )
    elif response.get("Content-Type", "").startswith(("text/calendar", "application/atom")):
        text = _FEED_STAMPS.sub("<stamp>", response.content.decode().replace("\r\n ", ""))
    elif response.status_code in (301, 302):
        text = response["Location"]
    else:
        text = _CSRF.sub(r'\1<csrf>"', response.content.decode())
    return f"{response.status_code}\n{text.replace(token, '<token>')}"


def walk(tournament: Tournament, token: str) -> dict[str, str]:
    client = Client(raise_request_exception=False)
    urls, unfilled = public_urls(tournament, token)
    assert unfilled == []
    assert len(urls) > len(tournament.players.all())  # every player's page, and the others
    pages = {}
    for url in urls:
        for query, headers in VARIANTS:
            response = client.get(url + query, **headers)
            name = url.replace(token, "<token>") + query + (" (X-Live)" if headers else "")
            pages[name] = seen(response, token)
    return pages


def test_every_public_page_file_and_fragment_shows_only_the_published_durchgaenge(
    example_document, settings
):
    settings.PUBLIC_RENDER_LIMIT = 0  # the walk asks for hundreds of pages at once
    tournament, token = published_after_first(document(example_document, second_played=True))
    first = Hand.objects.filter(table__durchgang__tournament=tournament, table__durchgang__number=1)
    scored, struck = first.filter(struck=False).count(), first.filter(struck=True).count()
    after_two = standings_compute(tournament, after=2)
    assert Hand.objects.filter(sanction__reason=SECRET_REASON).count() == 1
    assert any(
        s.points != t.points
        for s, t in zip(after_two, standings_compute(tournament, after=1), strict=True)
    )

    played = walk(tournament, token)

    problems = [url for url, text in played.items() if SECRET_REASON in text]
    statistics = played[reverse("tournament:statistics", args=[SLUG])]
    assert "Statistik nach Durchgang 1" in statistics
    assert f"{scored} Spiele gewertet, {struck} gestrichen." in statistics
    ranking_pdf = played[reverse("tournament:ranking_pdf", args=[SLUG])]
    assert "Rangliste nach Durchgang 1" in ranking_pdf
    leader = after_two[0]
    row = f"1 {leader.player.start_number} {leader.player.name} {leader.player.club} "
    assert f"{row}{leader.points}".replace("  ", " ") not in ranking_pdf  # the total after 2

    tournament, token = published_after_first(document(example_document, second_played=False))
    drawn_only = walk(tournament, token)
    assert drawn_only.keys() == played.keys()
    problems += [url for url in played if played[url] != drawn_only[url]]
    assert problems == []
