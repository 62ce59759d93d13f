"""The team ranking's settings and the teams registered in advance (docs/teams.md).

Teams are entered as lines of text, one team a line: its name, a colon, and the start numbers
of its players separated by commas or spaces ("Die Asse: 3, 17, 22, 41"). Every line is checked
before anything is stored: an unknown start number, a player in two teams, a team of the wrong
size or a name used twice is a message naming the line, and nothing is changed.
"""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import models
from tournament.scorekeeping.changes import public_pages_changed
from tournament.web.form_errors import ServiceError


class TeamError(ServiceError):
    pass


def teams_text(tournament: models.Tournament) -> str:
    """The registered teams as the page shows them for editing."""
    numbers: dict[int, list[str]] = {}
    members = models.TeamMember.objects.filter(team__tournament=tournament)
    for team_id, number in members.order_by("player__start_number").values_list(
        "team_id", "player__start_number"
    ):
        numbers.setdefault(team_id, []).append(str(number))
    return "\n".join(
        f"{team.name}: {', '.join(numbers.get(team.pk, []))}" for team in tournament.teams.all()
    )


def _teams_parse(
    tournament: models.Tournament, text: str, size: int
) -> tuple[list[tuple[str, list[int]]], list[str]]:
    players = dict(tournament.players.values_list("start_number", "pk"))
    teams: list[tuple[str, list[int]]] = []
    problems: list[str] = []
    seen_names: dict[str, int] = {}
    seen_players: dict[int, str] = {}
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = _("Line %(line)s") % {"line": line_number}
        name, colon, rest = line.partition(":")
        name = name.strip()
        if not colon or not name:
            problems.append(
                _("%(where)s: write the team's name, a colon and its start numbers.")
                % {"where": where}
            )
            continue
        if len(name) > 100:
            problems.append(_("%(where)s: the team's name is too long.") % {"where": where})
            continue
        if name.casefold() in seen_names:
            problems.append(
                _("%(where)s: the team name “%(name)s” is already used in line %(other)s.")
                % {"where": where, "name": name, "other": seen_names[name.casefold()]}
            )
            continue
        seen_names[name.casefold()] = line_number
        parts = [p for p in re.split(r"[,;\s]+", rest) if p]
        chosen: list[int] = []
        for part in parts:
            if not part.isdecimal() or int(part) not in players:
                problems.append(
                    _("%(where)s: there is no player with start number “%(number)s”.")
                    % {"where": where, "number": part}
                )
                continue
            number = int(part)
            if number in seen_players:
                problems.append(
                    _("%(where)s: player no. %(number)s is already in the team “%(team)s”.")
                    % {"where": where, "number": number, "team": seen_players[number]}
                )
                continue
            seen_players[number] = name
            chosen.append(players[number])
        if len(parts) != size:
            problems.append(
                _("%(where)s: the team “%(name)s” has %(count)s players, a team has %(size)s.")
                % {"where": where, "name": name, "count": len(parts), "size": size}
            )
        teams.append((name, chosen))
    return teams, problems


def teams_save(
    *, tournament: models.Tournament, kind: str, size: int, teams: str
) -> models.TeamRanking:
    """Store the team ranking's settings and, for registered teams, the teams of `teams`
    (replacing those stored); TeamError naming the field and line, nothing stored."""
    parsed: list[tuple[str, list[int]]] = []
    if kind == models.TeamRanking.Kind.REGISTERED:
        parsed, problems = _teams_parse(tournament, teams, size)
        if problems:
            raise TeamError({"teams": problems})
    with transaction.atomic():
        setting, _created = models.TeamRanking.objects.get_or_create(tournament=tournament)
        setting.kind, setting.size = kind, size
        setting.save(update_fields=["kind", "size"])
        if kind == models.TeamRanking.Kind.REGISTERED:
            tournament.teams.all().delete()
            for name, player_ids in parsed:
                team = models.Team.objects.create(tournament=tournament, name=name)
                models.TeamMember.objects.bulk_create(
                    models.TeamMember(team=team, player_id=pk) for pk in player_ids
                )
        public_pages_changed(tournament.pk)  # the ranking pages show the team table
    return setting
