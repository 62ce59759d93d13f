"""A game's save in statements, per path, in-process.

`python bench/saves.py DOCUMENT` (a seeded interchange file, `bench/run.py` passes the season's)
imports it as `bench-saves` with the games of tables 1 and 2 of Durchgang 1 left out, and
counts, with Django's test client as a server runs the request (every statement that reaches
the database but the transaction's own: SQLite sends BEGIN and COMMIT, PostgreSQL's driver
does not), the whole request, session and user included:

- **clerk line**: a new game typed on the Schreiber's line (table 1, game 2; game 1 before it
  warms the session and the caches, as in a running hall);
- **phone**: a new game from the scorekeeper's phone (table 2, game 2), with the state its
  answer carries;
- **correction**: a correction of a struck game signed off by the Turnierleitung.

It prints one JSON object; `report` checks each against its target (at most 10) and
prints what was measured before the save was made lean beside it.
tests/sheets/test_save_queries.py asserts the same bound per path.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from report import Result, check

SLUG = "bench-saves"
HOST = "127.0.0.1"  # an allowed host of every configuration (DEBUG off)
MOST = 10
#: What was measured before the save was made lean: 24 statements on the clerk's line, 31 on
#: the phone.
BEFORE = {"clerk line": "24", "phone": "31", "correction": "not measured"}
TRANSACTION = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")


def measure(source: str) -> dict[str, int]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_STATIC_MANIFEST", "0")
    # Imports here: this runs in the child process that measures, which sets Django up first.
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournament import models
    from tournament.exchange.interchange.importer import tournament_import
    from tournament.phones.links import table_link_issue
    from tournament.sheets.services.corrections import correction_request
    from tournament.sheets.services.hands import HandEntry
    from tournament.sheets.services.supervision import hand_strike

    document = json.loads(Path(source).read_text())
    document["tournament"]["slug"] = SLUG
    for table in document["durchgaenge"][0]["tables"][:2]:
        table["hands"] = []
    models.Tournament.objects.filter(slug=SLUG).delete()
    tournament = tournament_import(document)
    users = get_user_model().objects
    roles = models.Membership.Role
    people = {}
    for name, role in (("bench-leitung", roles.SUPERVISOR), ("bench-schreiber", roles.CLERK)):
        people[role] = users.filter(username=name).first() or users.create_user(name, password="x")
        models.Membership.objects.create(tournament=tournament, user=people[role], role=role)
    tables = {
        t.number: t
        for t in models.Table.objects.filter(durchgang__tournament=tournament, durchgang__number=1)
    }

    def counted(action) -> int:
        with CaptureQueriesContext(connection) as queries:
            action()
        return sum(not q["sql"].startswith(TRANSACTION) for q in queries.captured_queries)

    def manage(name: str, *args) -> str:
        return reverse(f"manage:{name}", args=[SLUG, *args])

    clerk = Client(HTTP_HOST=HOST)
    clerk.force_login(people[roles.CLERK])
    clerk.get(manage("sheet", 1, 1))

    def enter(number: int, code: str):
        answer = clerk.post(
            manage("hand_enter", 1, 1), {"number": number, "code": code, "version": 0}
        )
        assert answer.status_code == 302, answer.status_code

    enter(1, "r e 1 3 +")
    figures = {"clerk line": counted(lambda: enter(2, "s h 2 +"))}

    link = table_link_issue(table=tables[2], user=people[roles.SUPERVISOR])
    phone = Client(HTTP_HOST=HOST)
    phone.post(reverse("tournament:phone_sheet", args=[link.token]), {"pin": link.pin})

    def post(name: str, data: dict):
        path = reverse(f"tournament:{name}", args=[link.token])
        return phone.post(path, json.dumps(data), content_type="application/json")

    post("phone_keeper", {})

    def phone_enter(number: int, code: str):
        data = {"key": f"bench-{number}", "number": number, "code": code, "version": 0}
        assert post("phone_entry", data).json()["outcome"] == "saved"

    phone_enter(1, "r e 1 3 +")
    figures["phone"] = counted(lambda: phone_enter(2, "s h 2 +"))

    hand = models.Hand.objects.get(table=tables[1], number=1)
    hand_strike(hand=hand, user=people[roles.SUPERVISOR], struck=True, reason="Karten verworfen")
    seats = {s.position: s.player for s in tables[1].seats.select_related("player")}
    proposed = HandEntry(
        contract="rufspiel", suit="eichel", declarer=seats[1], partner=seats[3], won=False
    )
    correction = correction_request(
        table=tables[1], number=1, game=proposed, reason="verlesen", user=people[roles.CLERK]
    )
    leitung = Client(HTTP_HOST=HOST)
    leitung.force_login(people[roles.SUPERVISOR])
    leitung.get(manage("corrections"))
    decision = {"decision": "apply", "version": models.Hand.objects.get(pk=hand.pk).version}

    def decide():
        answer = leitung.post(manage("correction_decide", correction.pk), decision)
        assert answer.status_code == 302, answer.status_code

    figures["correction"] = counted(decide)
    return figures


def report(db: str, figures: dict[str, int]) -> list[Result]:
    print("a game's save in statements, the whole request (in-process, as a server runs it):")
    for path, count in figures.items():
        print(f"      {path:12} {count:3} statements (before: {BEFORE[path]})")
    return [
        check(
            db,
            f"a game saved in <= {MOST} statements: {path}",
            f"{count} (before: {BEFORE[path]})",
            count <= MOST,
        )
        for path, count in figures.items()
    ]


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1])))
