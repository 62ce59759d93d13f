"""What the walks over every URL share (tests/web/test_access_walk.py, a tournament's staff and
strangers; tests/web/test_organiser_walk.py, one organiser's roles against another's data):
the least role of each URL pattern, the patterns themselves, a played tournament to fill them
with, and a request run in a savepoint that is rolled back, with the models it changed."""

from __future__ import annotations

import copy
import hashlib

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection, transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

from tests.sheets.fixtures import ruf
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Correction, Hand, SheetEvent, Table, Tournament
from tournament.sheets.services.corrections import correction_request
from tournament.sheets.services.hands import hand_delete, hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close

PUBLIC, USER, STAFF, CLERK, SUPERVISOR = "public", "user", "staff", "clerk", "supervisor"
KEEPER = "keeper"  # the organiser's staff (Organiser.staff), whatever his tournament roles
PIN = "pin"  # only a phone that typed the table's PIN: no role of the walk (test_phone_api.py)

# The least role each URL needs. PUBLIC: anyone (the ranking pages once published, the table
# list of a published Durchgang); USER: any logged-in user (his own password); STAFF: Django's
# is_staff; CLERK and SUPERVISOR: that role in the tournament of the URL
# (tournament/web/access.py); KEEPER: a keeper of the organiser's register and seasons
# (`kartei/<organiser>/`, tournament/persons/access.py: its staff, never a tournament role
# alone; the walks' worlds make their supervisor the organiser's staff as well).
ACCESS = {
    "healthz": PUBLIC,
    "set_language": PUBLIC,
    "login": PUBLIC,
    "logout": PUBLIC,
    "password_change": USER,
    "password_change_done": USER,
    "tournament:list": PUBLIC,
    "tournament:ranking": PUBLIC,
    "tournament:projector": PUBLIC,
    "tournament:ranking_pdf": PUBLIC,
    "tournament:player": PUBLIC,
    "tournament:statistics": PUBLIC,
    "tournament:tables": PUBLIC,
    "tournament:phone_sheet": PUBLIC,  # the PIN form; the sheet itself only with the PIN
    "tournament:phone_state": PIN,
    "tournament:phone_entry": PIN,
    "tournament:phone_keeper": PIN,
    "tournament:phone_confirm": PIN,
    "tournament:phone_games": PIN,
    "manage:tournament_create": STAFF,
    "manage:dashboard": SUPERVISOR,
    "manage:tournament_edit": SUPERVISOR,
    "manage:point_table": SUPERVISOR,
    "manage:players": SUPERVISOR,
    "manage:players_import": SUPERVISOR,
    "manage:players_import_confirm": SUPERVISOR,
    "manage:player_edit": SUPERVISOR,
    "manage:player_substitute": SUPERVISOR,
    "manage:player_withdraw": SUPERVISOR,
    "manage:start_cards": SUPERVISOR,
    "manage:player_start_card": SUPERVISOR,
    "manage:durchgaenge": SUPERVISOR,
    "manage:durchgang": SUPERVISOR,
    "manage:draw": SUPERVISOR,
    "manage:swap": SUPERVISOR,
    "manage:publish": SUPERVISOR,
    "manage:print": SUPERVISOR,
    "manage:sheets": CLERK,
    "manage:sheet": CLERK,
    "manage:hand_enter": CLERK,
    "manage:hand_preview": CLERK,
    "manage:sign": CLERK,
    "manage:close": SUPERVISOR,
    "manage:correct": CLERK,
    "manage:hand": CLERK,
    "manage:hand_delete": CLERK,
    "manage:hand_restore": SUPERVISOR,
    "manage:approve": SUPERVISOR,
    "manage:line_approve": SUPERVISOR,
    "manage:refuse": SUPERVISOR,
    "manage:strike": SUPERVISOR,
    "manage:sanction": SUPERVISOR,
    "manage:approvals": SUPERVISOR,
    "manage:corrections": SUPERVISOR,
    "manage:correction_decide": SUPERVISOR,
    "manage:clerks": SUPERVISOR,
    "manage:clerk_remove": SUPERVISOR,
    "manage:sheets_pdf": CLERK,
    "manage:sheet_pdf": CLERK,
    "manage:sheets_print": CLERK,
    "manage:sheets_print_progress": CLERK,
    "manage:sheets_print_status": CLERK,
    "manage:job_start": SUPERVISOR,
    "manage:job": CLERK,
    "manage:job_status": CLERK,
    "manage:job_file": CLERK,
    "manage:export_xlsx": SUPERVISOR,
    "manage:backup": SUPERVISOR,
    "manage:ranking_publish": SUPERVISOR,
    "manage:table_links": SUPERVISOR,
    "manage:table_link_change": SUPERVISOR,
    "manage:server_stand": CLERK,
    "manage:restore": SUPERVISOR,
    "manage:hall_notice": SUPERVISOR,
    # The person register of the tournament's organiser: its staff (the supervisor alone is
    # refused, tests/persons/test_register_keepers.py); `anders` belongs to another organiser.
    # The tournament's way in and the search while registering (names and clubs) are the
    # supervisor's.
    "manage:register": SUPERVISOR,
    "manage:person_search": SUPERVISOR,
    "manage:persons": KEEPER,
    "manage:person_create": KEEPER,
    "manage:person_duplicates": KEEPER,
    "manage:person_merge": KEEPER,
    "manage:person_apart": KEEPER,
    "manage:person": KEEPER,
    "manage:person_edit": KEEPER,
    "manage:person_export": KEEPER,
    "manage:person_erase": KEEPER,
    "manage:skt_import": KEEPER,  # the register's import of a SchafkopfTurnier database
    # The door: helpers (clerks) check in; the supervisor sets Startgeld and registration and
    # sees the cash. The public registration form answers anyone ("closed" while it is).
    "manage:checkin": CLERK,
    "manage:checkin_player": CLERK,
    "manage:checkin_late": CLERK,
    "manage:door_settings": SUPERVISOR,
    "manage:cash": SUPERVISOR,
    "manage:cash_pdf": SUPERVISOR,
    "tournament:registration": PUBLIC,
    # Its mailed links: anyone holding the key (the walk's confirms a registration waiting and
    # withdraws the unseated player: the tournament is drawn, so both are refused with a page);
    # linking an online registration to the register is the door's.
    "tournament:registration_confirm": PUBLIC,
    "tournament:registration_withdraw": PUBLIC,
    # The same pages once the link's key is in the visitor's session (without it: 404).
    "tournament:registration_confirm_page": PUBLIC,
    "tournament:registration_withdraw_page": PUBLIC,
    "manage:registration_link": CLERK,
    # Totals per table (Summenliste, tournament/totals/): the clerks type them, the supervisor
    # switches a table between games and totals.
    "manage:totals": CLERK,
    "manage:totals_save": CLERK,
    "manage:table_recording": SUPERVISOR,
    "manage:prizes": SUPERVISOR,
    "manage:prize_delete": SUPERVISOR,
    "manage:prizes_awarded": SUPERVISOR,
    "manage:prizes_pdf": SUPERVISOR,
    "manage:certificates_pdf": SUPERVISOR,
    "manage:teams": SUPERVISOR,
    "manage:seasons": KEEPER,
    "manage:season_create": KEEPER,
    "manage:season_edit": KEEPER,
    "manage:season_tournament_remove": KEEPER,
    "tournament:season": PUBLIC,
    "tournament:season_pdf": PUBLIC,
    "tournament:season_xlsx": PUBLIC,
    # Cups across clubs (tournament/cups/access.py): kept by the keepers of the cup organiser
    # and of its members (tests/cups/test_cup_access.py walks them as each organiser's roles).
    "manage:cups": KEEPER,
    "manage:cup_create": KEEPER,
    "manage:cup": KEEPER,
    "manage:cup_edit": KEEPER,
    "manage:cup_member_add": KEEPER,
    "manage:cup_member_key": KEEPER,
    "manage:cup_tournament_add": KEEPER,
    "manage:cup_upload": KEEPER,
    "manage:cup_entry_withdraw": KEEPER,
    "manage:cup_entry_name_erase": KEEPER,
    "manage:cup_persons": KEEPER,
    "manage:cup_final": KEEPER,
    "manage:cup_key": KEEPER,
    "manage:cup_key_file": KEEPER,
    "manage:cup_export": KEEPER,
    "tournament:cup_table": PUBLIC,
    "tournament:cup_table_pdf": PUBLIC,
    "tournament:cup_table_xlsx": PUBLIC,
    # The public calendar (tournament/calendar/): announced tournaments, before publishing too.
    "tournament:calendar": PUBLIC,
    "tournament:calendar_ics": PUBLIC,
    "tournament:calendar_rankings_atom": PUBLIC,
    "tournament:calendar_organiser": PUBLIC,
    "tournament:calendar_organiser_ics": PUBLIC,
    "tournament:calendar_organiser_rankings_atom": PUBLIC,
    "tournament:calendar_cup": PUBLIC,
    "tournament:calendar_cup_ics": PUBLIC,
    "tournament:handbook": PUBLIC,
    "tournament:handbook_pdf": PUBLIC,
    "tournament:clerk_card": PUBLIC,
    # A club website's embeds (tournament/embeds/): the public's view for everybody.
    "tournament:embed_ranking": PUBLIC,
    "tournament:embed_calendar": PUBLIC,
}

HANDBOOK_PAGES = ("tournament:handbook", "tournament:handbook_pdf", "tournament:clerk_card")

SEASON_PAGES = ("tournament:season", "tournament:season_pdf", "tournament:season_xlsx")
# The calendar lists announced tournaments before anything is published; a ranking only once
# it is (tests/calendar/).
CALENDAR_PAGES = (
    "tournament:calendar",
    "tournament:calendar_ics",
    "tournament:calendar_rankings_atom",
    "tournament:calendar_organiser",
    "tournament:calendar_organiser_ics",
    "tournament:calendar_organiser_rankings_atom",
    "tournament:calendar_cup",
    "tournament:calendar_cup_ics",
)
CUP_PAGES = ("tournament:cup_table", "tournament:cup_table_pdf", "tournament:cup_table_xlsx")
# The public's view, for the staff too: a short note while the ranking is not published
# (tests/embeds/).
EMBED_PAGES = ("tournament:embed_ranking", "tournament:embed_calendar")
# A mailed link's GET puts its key into the session and redirects to its page without the key;
# that page is shown with the key in the session (a logged-in walker's session keeps the one its
# GET of the link put there; an anonymous walker's requests have none) and refused without.
MAILED_LINKS = {
    "tournament:registration_confirm": "tournament:registration_confirm_page",
    "tournament:registration_withdraw": "tournament:registration_withdraw_page",
}
REGISTRATION_PAGES = (
    "tournament:registration",
    "tournament:registration_confirm",
    "tournament:registration_withdraw",
    "tournament:registration_confirm_page",
    "tournament:registration_withdraw_page",
)


def public_page_shown(name: str, response) -> bool:
    """A public page's GET answered as it should: shown, or for a mailed link the redirect to
    its page without the key, and that page shown or, without a key in the session, refused."""
    if name in MAILED_LINKS:
        page = MAILED_LINKS[name]
        return response.status_code == 302 and resolve(response.url).view_name == page
    if name in MAILED_LINKS.values():
        return response.status_code in (200, 404)
    return response.status_code == 200


def url_patterns(patterns=None, namespace="", kwargs=()):
    """(name with namespace, names of its arguments) of every URL pattern but the admin's and
    the JSON API's (tests/api/ walks every operation: public only, never a draft or an
    unpublished ranking, not even for the staff)."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if str(entry.pattern).startswith("api/"):
            continue
        converters = tuple(getattr(entry.pattern, "converters", {}))
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from url_patterns(entry.url_patterns, inner, kwargs + converters)
        elif isinstance(entry, URLPattern):
            yield f"{namespace}{entry.name}" if entry.name else None, kwargs + converters


def user_create(username, **extra):
    return get_user_model().objects.create_user(username, password="geheim-12345", **extra)


def tournament_small(slug, players, tables, names=()):
    """Tournament `slug` with `players` players (named `names`, else "Spieler n") and
    Durchgang 1 drawn as `tables` (start numbers per table)."""
    names = list(names) + [f"Spieler {n}" for n in range(len(names) + 1, players + 1)]
    return tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": slug, "name": slug.title(), "date": "2026-11-22"},
            "players": [{"id": str(n), "name": names[n - 1]} for n in range(1, players + 1)],
            "durchgaenge": [
                {
                    "number": 1,
                    "tables": [
                        {"number": n, "seats": [str(s) for s in seats]}
                        for n, seats in enumerate(tables, 1)
                    ],
                }
            ],
        }
    )


def tournament_play(
    tournament, *, supervisor, clerk, close: bool = True
) -> tuple[Correction | None, int]:
    """Table 1 (unless not `close`): 32 games, signed, closed, a correction of game 5 pending.
    Table 2: game 1, a Wenz-Tout waiting for approval (2), a game with a sanction (3), game 4,
    game 6 deleted. Returns the correction and the history row of the deletion."""
    correction = None
    if close:
        closed = Table.objects.get(durchgang__tournament=tournament, number=1)
        p = {seat.position: seat.player for seat in closed.seats.select_related("player")}
        for number in range(1, 33):
            hand_save(table=closed, number=number, game=ruf(p), version=0)
        for seat in closed.seats.all():
            seat_sign(seat=seat, user=clerk, paper=True)
        sheet_close(table=closed, user=supervisor)
        correction = correction_request(
            table=closed, number=5, game=ruf(p, won=False), reason="Verzählt", user=clerk
        )

    client = Client()
    client.force_login(clerk)
    enter = reverse("manage:hand_enter", args=[tournament.slug, 1, 2])
    for number, code in enumerate(["r e 1 3 +", "w 4 + t", "r g 2 4 -", "r s 3 1 + sn"], 1):
        response = client.post(enter, {"number": number, "code": code, "version": 0})
        assert response.status_code == 302, response.content.decode()
    games = Hand.objects.filter(table__durchgang__tournament=tournament).count()
    assert games == (36 if close else 4)
    client.post(enter, {"number": 6, "code": "r e 1 3 -", "version": 0})
    open_table = Table.objects.get(durchgang__tournament=tournament, number=2)
    hand_delete(table=open_table, number=6, version=1, user=clerk, reason="Doppelt")
    deleted = SheetEvent.objects.get(table=open_table, number=6, kind="deleted").pk
    return correction, deleted


def tournament_publish(tournament: Tournament) -> None:
    """Durchgang 1's tables and the ranking published (live)."""
    tournament.durchgaenge.update(published=True)
    tournament.ranking_publication = Tournament.Publication.LIVE
    tournament.save(update_fields=["ranking_publication"])


def form_data(form) -> dict:
    """What a browser sends for `form` unchanged."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is True:
            data[name] = "on"
        elif value is None or value is False:  # (not `in (None, False)`: 0 == False)
            continue
        elif isinstance(value, list | tuple):
            data[name] = [str(v) for v in value]
        else:
            data[name] = str(value)
    return data


# What a page may write while it is read: the season's copy of its tournaments' public rankings,
# written when a season page finds a tournament changed since (tournament/seasons/services.py).
DERIVED_MODELS = {"tournament.SeasonResult"}
DERIVED_FIELDS = {("tournament.Tournament", "season_generation")}


def snapshot() -> dict:
    """Row count and a hash of all rows of each model of the tournament app (with the
    organisers' staff) and of accounts."""
    user = get_user_model()
    models = [
        *apps.get_app_config("tournament").get_models(include_auto_created=True),
        user,
        user.groups.through,
        user.user_permissions.through,
        Group,
    ]
    state = {}
    for model in models:
        if model._meta.label in DERIVED_MODELS:
            continue
        fields = [
            f.attname
            for f in model._meta.concrete_fields
            if (model._meta.label, f.attname) not in DERIVED_FIELDS
        ]
        rows = list(model._base_manager.order_by("pk").values_list(*fields))
        state[model._meta.label] = (len(rows), hashlib.sha256(repr(rows).encode()).hexdigest())
    return state


def changed(before, after) -> list[str]:
    return sorted(label for label in before if before[label] != after[label])


# Statements that read only; any other a request runs may write (a walk then compares the rows).
READING = ("SELECT", "SAVEPOINT", "RELEASE", "ROLLBACK")


def request_isolated(client, method, url, data, before=None):
    """The response and the models changed by one request, which is then rolled back. `before`:
    the `snapshot()` taken before, when the caller knows it (every request of a walk meets the
    same data); else taken here. The rows are compared after the request only when it ran a
    statement that may write (a walk is mostly refused requests, and hashing every row is what
    takes the time)."""
    cookies = copy.deepcopy(client.cookies)
    writes = []

    def watch(execute, sql, params, many, context):
        if not sql.lstrip().upper().startswith(READING):
            writes.append(sql)
        return execute(sql, params, many, context)

    try:
        with transaction.atomic():
            before = snapshot() if before is None else before
            with connection.execute_wrapper(watch):
                response = client.get(url) if method == "get" else client.post(url, data)
            after = snapshot() if writes else before
            transaction.set_rollback(True)
    finally:
        client.cookies = cookies  # a logout or a language switch must not carry over
    return response, changed(before, after)
