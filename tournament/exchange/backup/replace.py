"""Restore one tournament from its own backup, replacing it as it is now (the supervisor's
*Wiederherstellen*), all or nothing; and what that will do, computed by the same code in a
transaction that is rolled back.

A backup restored through the web is trusted with tournament data only (trust.py): the
tournament stays with its organiser, in its seasons, with its prize list and its roles of now;
no account, organiser or person is made; of the backup's roles only those are added that the
restoring supervisor ticked, each of an account that is staff of the organiser already, and only
from a backup signed by this installation (signature.py).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournament import models
from tournament.exchange.backup import BackupError
from tournament.exchange.backup.archive import Archive, archive_read
from tournament.exchange.backup.changes import (
    FieldChange,
    player_changes,
    players_state,
    publication_keep,
    publication_now,
    setting_changes,
    settings_state,
)
from tournament.exchange.backup.checks import backup_tournament_check
from tournament.exchange.backup.restore import _tournament_restore
from tournament.exchange.backup.signature import Origin
from tournament.exchange.backup.trust import Trust, history_user_names, users_existing
from tournament.exchange.tournaments import tournament_delete
from tournament.scorekeeping.changes import public_pages_changed
from tournament.web.dry_run import dry_run

Source = str | Path | IO[bytes]


@dataclass(frozen=True)
class BackupRole:
    """A role the backup names, and why it is not taken over ("" when it is, if ticked)."""

    username: str
    role: str
    user_id: int | None
    refused: str

    @property
    def role_display(self) -> str:
        return str(models.Membership.Role(self.role).label)


def backup_roles(tournament: models.Tournament, history: Any, origin: Origin) -> list[BackupRole]:
    """The roles of the backup's history, each judged for `tournament` as it is now."""
    entries = history.get("memberships") if isinstance(history, dict) else None
    valid = [
        (m["user"], m["role"])
        for m in (entries if isinstance(entries, list) else [])
        if isinstance(m, dict)
        and isinstance(m.get("user"), str)
        and m.get("role") in models.Membership.Role.values
    ]
    accounts = users_existing([name for name, _role in valid])
    organiser = tournament.organiser
    staff = set(organiser.staff.values_list("pk", flat=True)) if organiser else set()
    now = set(tournament.memberships.values_list("user_id", flat=True))
    roles = []
    for name, role in dict.fromkeys(valid):
        user_id = accounts.get(name)
        if origin is not Origin.HERE:
            refused = _("the backup is not signed by this installation")
        elif user_id is None:
            refused = _("this installation has no such account")
        elif user_id in now:
            refused = _("has a role in the tournament now, which stays")
        elif user_id not in staff:
            refused = _("not staff of the organiser %(organiser)s") % {
                "organiser": organiser.name if organiser else "–"
            }
        else:
            refused = ""
        roles.append(BackupRole(name, role, user_id, refused))
    return roles


def _matching(tournament: models.Tournament, contents: list[tuple[Any, Any]]) -> tuple[Any, Any]:
    matching = [(doc, history) for doc, history in contents if _slug(doc) == tournament.slug]
    if not matching:
        slugs = ", ".join(_slug(doc) for doc, _history in contents) or "–"
        raise BackupError(
            _("The backup does not hold the tournament %(slug)s (it holds: %(slugs)s).")
            % {"slug": tournament.slug, "slugs": slugs}
        )
    return matching[0]


def backup_tournament_replace(
    tournament: models.Tournament,
    source: Source | Archive,
    *,
    roles: Collection[str] = (),
    publish_fuller: bool = False,
) -> models.Tournament:
    """Replace `tournament` by the tournament of the same slug in the backup `source` (or the
    archive read of it): deleted and restored in one transaction (every score checked against
    the backup), or nothing.
    `roles`: the user names whose role in the backup the supervisor ticked; `publish_fuller`:
    he ticked that names are published as fully as the backup says (else no player's name is
    published more fully than now)."""
    return _replace(tournament, source, roles=roles, publish_fuller=publish_fuller)[0]


def _replace(
    tournament: models.Tournament,
    source: Source | Archive,
    *,
    roles: Collection[str] = (),
    publish_fuller: bool = False,
) -> tuple[models.Tournament, list[str]]:
    """The restored tournament, and the ids of its players the backup publishes more fully
    than they chose now."""
    archive = source if isinstance(source, Archive) else archive_read(source)
    data, history = _matching(tournament, archive.tournaments)
    doc = backup_tournament_check(data, history)  # every value, before anything changes
    with transaction.atomic():
        old = models.Tournament.objects.select_for_update().get(pk=tournament.pk)
        organiser = old.organiser or models.organiser_default()
        kept = list(old.memberships.order_by("pk").values_list("user_id", "role"))
        added = [
            (r.user_id, r.role)
            for r in backup_roles(old, history, archive.origin)
            if not r.refused and r.username in roles and r.user_id is not None
        ]
        names = history_user_names(history) if archive.origin is Origin.HERE else []
        seasons, prizes = list(old.seasons.all()), _prizes(old)
        publication = publication_now(old)
        tournament_delete(old)
        trust = Trust.tournament_only(organiser, users_existing(names), kept + added)
        restored = _tournament_restore(doc, history, trust)
        fuller = publication_keep(restored, publication, fuller=publish_fuller)
        restored.seasons.set(seasons)
        models.Prize.objects.bulk_create(
            models.Prize(tournament=restored, **values) for values in prizes
        )
        restored.refresh_from_db()
        public_pages_changed(restored.pk)
        return restored, fuller


def _prizes(tournament: models.Tournament) -> list[dict[str, Any]]:
    """The prize list is no part of a backup: it stays as it is now."""
    fields = [
        f.attname
        for f in models.Prize._meta.concrete_fields
        if not f.primary_key and f.name != "tournament"
    ]
    return list(tournament.prizes.order_by("pk").values(*fields))


def _slug(doc) -> str:
    value = doc.get("tournament", {}).get("slug") if isinstance(doc, dict) else None
    return str(value or "")


@dataclass(frozen=True)
class Counts:
    players: int
    durchgaenge: int
    games: int
    closed_sheets: int
    history: int


def tournament_counts(tournament: models.Tournament) -> Counts:
    return Counts(
        players=tournament.players.count(),
        durchgaenge=tournament.durchgaenge.count(),
        games=models.Hand.objects.filter(table__durchgang__tournament=tournament).count(),
        closed_sheets=models.Table.objects.filter(
            durchgang__tournament=tournament, closed_at__isnull=False
        ).count(),
        history=models.SheetEvent.objects.filter(table__durchgang__tournament=tournament).count(),
    )


def _game_versions(tournament: models.Tournament) -> dict[tuple[int, int, int], int]:
    return {
        (dg, table, number): version
        for dg, table, number, version in models.Hand.objects.filter(
            table__durchgang__tournament=tournament
        ).values_list("table__durchgang__number", "table__number", "number", "version")
    }


def _person_links(tournament: models.Tournament) -> dict[str, tuple[int, str, str]]:
    """Player id → (start number, name, the person of the register it is linked to)."""
    return {
        p.ident: (p.start_number, p.name, str(p.person) if p.person else "–")
        for p in tournament.players.select_related("person")
    }


@dataclass(frozen=True)
class PersonLinkChange:
    start_number: int
    name: str
    before: str
    after: str


@dataclass(frozen=True)
class ReplacePreview:
    name: str
    now: Counts
    after: Counts
    #: games there are now and not in the backup, in the backup and not now, in both but changed
    games_lost: int
    games_added: int
    games_changed: int
    links: int
    origin: Origin
    #: the organiser the tournament stays with, and the one the backup names if another
    organiser: str
    backup_organiser: str
    #: the roles of now (kept), and the backup's roles as judged for this tournament
    roles_now: list[tuple[str, str]]
    roles: list[BackupRole]
    person_changes: list[PersonLinkChange]
    #: every field of a player or a setting that changes
    player_changes: list[FieldChange]
    setting_changes: list[FieldChange]
    #: the players the backup would publish more fully than they chose now (start no., name)
    published_fuller: list[tuple[int, str]]


def backup_replace_preview(tournament: models.Tournament, source: Source) -> ReplacePreview:
    """What `backup_tournament_replace` does, done and rolled back; `BackupError` when it would
    refuse (a damaged archive, another tournament, scores that differ from the backup)."""
    archive = archive_read(source)
    doc, history = _matching(tournament, archive.tournaments)
    now, versions = tournament_counts(tournament), _game_versions(tournament)
    persons_now = _person_links(tournament)
    links = models.TableLink.objects.filter(
        table__durchgang__tournament=tournament, revoked_at__isnull=True
    ).count()
    roles = backup_roles(tournament, history, archive.origin)
    players_now, settings_now = players_state(tournament), settings_state(tournament)

    def replace():
        restored, fuller = _replace(tournament, archive)  # read once, not twice
        return (
            restored.name,
            tournament_counts(restored),
            _game_versions(restored),
            _person_links(restored),
            (players_state(restored), settings_state(restored), fuller),
        )

    name, after, restored, persons_after, changed = dry_run(replace)
    players_after, settings_after, fuller = changed
    named = history.get("organiser") if isinstance(history, dict) else None
    organiser = tournament.organiser.name if tournament.organiser else "–"
    backup_organiser = (
        str(named.get("name") or named.get("slug")) if isinstance(named, dict) else ""
    )
    if (
        isinstance(named, dict)
        and tournament.organiser
        and named.get("slug") == tournament.organiser.slug
    ):
        backup_organiser = ""
    return ReplacePreview(
        name=name,
        now=now,
        after=after,
        games_lost=len(versions.keys() - restored.keys()),
        games_added=len(restored.keys() - versions.keys()),
        games_changed=sum(
            1 for key in versions.keys() & restored.keys() if versions[key] != restored[key]
        ),
        links=links,
        origin=archive.origin,
        organiser=organiser,
        backup_organiser=backup_organiser,
        roles_now=[
            (m.user.get_username(), m.get_role_display())
            for m in tournament.memberships.select_related("user").order_by("pk")
        ],
        roles=roles,
        player_changes=player_changes(players_now, players_after),
        setting_changes=setting_changes(settings_now, settings_after),
        published_fuller=[
            (persons_now[ident][0], persons_now[ident][1])
            for ident in fuller
            if ident in persons_now
        ],
        person_changes=[
            PersonLinkChange(number, player, before, persons_after[ident][2])
            for ident, (number, player, before) in sorted(
                persons_now.items(), key=lambda item: item[1][0]
            )
            if ident in persons_after and persons_after[ident][2] != before
        ],
    )
