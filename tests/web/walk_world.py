"""The data a walk fills every URL pattern with (tests/web/walk_helpers.py): a `World` around
one played tournament, the arguments of each URL pattern taken from it, and a plausible form
for each POST, what the page's own form would send, so that a refusal means the role check and
not a bad form."""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.web.walk_helpers import form_data
from tournament.cups.services import cup_save, entry_hosted_add, member_add
from tournament.models import Correction, Cup, Hand, Membership, Prize, Season, Tournament
from tournament.persons.services import organiser_of

NO_JOB = "0" * 32

# Arguments of the URL patterns; the table is the open one (2) unless a view needs another. The
# slug is the world's tournament's (its season has the same), the organiser is its organiser.
FILL = {"number": 1, "table": 2, "hand": 1, "start_number": 1, "kind": "namen"}
KEY = "k" * 43  # the key of a registration's mailed links (the access walk's world)
FILL["key"] = KEY
FILL_BY_NAME = {
    "manage:draw": {"number": 2},
    "manage:correct": {"table": 1},
    "manage:approve": {"hand": 2},
    "manage:line_approve": {"hand": 2},
    "manage:refuse": {"hand": 2},
    "manage:strike": {"hand": 3},
    "manage:sanction": {"hand": 3},
    "manage:hand_delete": {"hand": 4},
    "manage:job_start": {"kind": "excel"},
}


@dataclass
class World:
    tournament: Tournament
    correction: Correction | None  # None: table 1 not played to its end (close=False)
    clerk_membership: Membership
    unseated: object  # the player not seated in Durchgang 1
    deleted: int  # the history row of game 6 of table 2, deleted
    users: dict
    link: object  # the phone link of table 2
    persons: tuple  # two persons of the register, likely duplicates: (Josef Huber, Sepp Huber)
    prize: Prize
    season: Season  # under the tournament's slug, holding the tournament
    # A cup of the tournament's organiser (under the tournament's slug), the organiser its
    # member, the tournament its hosted evening (cup_world_add).
    cup: Cup | None = None
    # Jobs of the tournament by the URL name that shows them; a name not here gets a job id
    # that does not exist (404 for whom may see the tournament's jobs, refused for the others).
    jobs: dict[str, str] = field(default_factory=dict)


def url_kwargs(name, arguments, world):
    """The URL's arguments from FILL, or None when one of them cannot be filled."""
    values = {
        **FILL,
        "slug": world.tournament.slug,
        "organiser": organiser_of(world.tournament).slug,
        **FILL_BY_NAME.get(name, {}),
    }
    if name in (
        "manage:player_edit",
        "manage:player_substitute",
        "manage:player_withdraw",
        "manage:player_start_card",
        "manage:checkin_player",
        "manage:registration_link",
    ):
        values["pk"] = world.unseated.pk
    elif name == "manage:correction_decide":
        assert world.correction is not None, "the walk's tournament has a correction"
        values["pk"] = world.correction.pk
    elif name == "manage:hand_restore":
        values["event"] = world.deleted
    elif name == "manage:clerk_remove":
        values["pk"] = world.clerk_membership.pk
    # (person_erase: the walk's POST is not confirmed, so it only shows the confirmation)
    elif name in (
        "manage:person",
        "manage:person_edit",
        "manage:person_export",
        "manage:person_erase",
    ):
        values["pk"] = world.persons[0].pk
    # (season_tournament_remove: the walk's POST is not confirmed, so it only shows the
    # confirmation)
    elif name in ("manage:season_edit", "manage:season_tournament_remove"):
        values["pk"] = world.season.pk
    elif name == "manage:cup_member_key" and world.cup is not None:
        values["pk"] = world.cup.members.get().pk
    elif name in ("manage:cup_entry_withdraw", "manage:cup_entry_name_erase") and world.cup:
        values["pk"] = world.cup.entries.get().pk
    elif name == "manage:prize_delete":
        values["pk"] = world.prize.pk
    elif name.startswith("tournament:phone_"):
        values["token"] = world.link.token
    elif name in (
        "manage:sheets_print_progress",
        "manage:sheets_print_status",
        "manage:job",
        "manage:job_status",
        "manage:job_file",
    ):
        values["job"] = world.jobs.get(name, NO_JOB)
    if world.cup is not None:
        values["cup"] = world.cup.slug
    if any(argument not in values for argument in arguments):
        return None
    return {argument: values[argument] for argument in arguments}


def cup_world_add(world) -> None:
    """The world's cup: its organiser runs it, is its member and hosts the tournament in it."""
    tournament = world.tournament
    organiser = organiser_of(tournament)
    cup = cup_save(organiser=organiser, name="Pokal", slug=tournament.slug, season="2026")
    member = member_add(cup=cup, organiser=organiser)
    entry_hosted_add(cup=cup, member=member, tournament=tournament, by=None)
    world.cup = cup


def hand_version(world, table, number):
    return Hand.objects.get(
        table__durchgang__tournament=world.tournament, table__number=table, number=number
    ).version


def post_data(name, world) -> dict:
    """A plausible form for the POST to `name`: what the page's own form would send."""
    from tournament.registration.forms import TournamentForm

    tournament = world.tournament
    player = world.unseated
    seated = tournament.players.filter(start_number__in=[5, 6]).order_by("start_number")
    if name == "manage:tournament_edit":
        form = TournamentForm(instance=tournament, locked=tournament.settings_locked)
        return {**form_data(form), "name": "Geänderter Name"}
    data = {
        "manage:players": {"name": "Neu Zugang", "club": "Hinterdorf"},
        "manage:player_edit": {"name": "Umbenannt", "club": "", "start_number": 9},
        "manage:player_substitute": {"name": "Ersatz Mann", "club": ""},
        "manage:draw": {"seed": "rundgang-2"},
        "manage:swap": {
            "first": seated[0].pk,
            "second": seated[1].pk,
            "reason": "Wunsch",
            "bestaetigt": "1",
        },
        "manage:publish": {"published": "0"},
        "manage:hand_enter": {"number": 5, "code": "r e 1 3 +", "version": 0},
        "manage:sign": {"seat": 1, "signature": "", "paper": "1"},
        "manage:correct": {"number": 6, "code": "r e 1 3 -", "reason": "Verzählt"},
        "manage:hand_delete": {"version": hand_version(world, 2, 4), "reason": "Doppelt"},
        "manage:hand_restore": {},
        "manage:approve": {
            "note": "ok",
            "version": hand_version(world, 2, 2),
            **{f"condition_{i}": "on" for i in range(8)},
        },
        "manage:line_approve": {
            "version": hand_version(world, 2, 2),
            **{f"condition_{i}": "on" for i in range(8)},
        },
        "manage:refuse": {"note": "nein", "version": hand_version(world, 2, 2)},
        "manage:strike": {"reason": "Vergeben", "version": hand_version(world, 2, 3)},
        "manage:sanction": {
            "offender": tournament.players.get(start_number=5).pk,
            "reason": "Karten gezeigt",
            "version": hand_version(world, 2, 3),
        },
        "manage:correction_decide": {
            "decision": "apply",
            "note": "ok",
            "version": hand_version(world, 1, 5),
        },
        "manage:clerks": {"username": "neuschreiber", "password": "Ein-langes-Passwort-42"},
        "manage:person_create": {"name": "Neu Person", "publication": "initial"},
        "manage:person_edit": {"name": "Josef Huber", "club": "Grafing", "publication": "full"},
        "manage:person_merge": {"kept": world.persons[0].pk, "merged": world.persons[1].pk},
        "manage:person_apart": {"kept": world.persons[0].pk, "merged": world.persons[1].pk},
        "manage:ranking_publish": {"publication": "after", "after": 1},
        "manage:table_links": {"table": 2, "issue": "1"},
        "manage:table_link_change": {"tisch": 2, "aktion": "sperren", "bestaetigt": "1"},
        "login": {"username": "leitung", "password": "falsch"},
        "password_change": {
            "old_password": "falsch",
            "new_password1": "Ein-langes-Passwort-42",
            "new_password2": "Ein-langes-Passwort-42",
        },
        "set_language": {"language": "en", "next": "/"},
    }.get(name, {"version": 1, "number": 1, "reason": "x", "published": "1"})
    if name == "manage:player_edit":
        data["start_number"] = player.start_number
    return data
