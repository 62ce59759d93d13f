"""Restore one tournament from its own backup, replacing it as it is now (the supervisor's
*Wiederherstellen*), all or nothing; and what that will do, computed by the same code in a
transaction that is rolled back."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import IO

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from tournament import models
from tournament.core.access import tournament_role
from tournament.core.dry_run import dry_run
from tournament.core.public_cache import public_pages_changed
from tournament.exchange.backup import BackupError
from tournament.exchange.backup.archive import archive_read
from tournament.exchange.backup.restore import _tournament_restore, _users_ensure
from tournament.exchange.tournaments import tournament_delete

Source = str | Path | IO[bytes]


def backup_tournament_replace(tournament: models.Tournament, source: Source) -> models.Tournament:
    """Replace `tournament` by the tournament of the same slug in the backup `source`: deleted
    and restored in one transaction (every score checked against the backup), or nothing."""
    contents = archive_read(source)
    matching = [(doc, history) for doc, history in contents if _slug(doc) == tournament.slug]
    if not matching:
        slugs = ", ".join(_slug(doc) for doc, _history in contents) or "–"
        raise BackupError(
            _("The backup does not hold the tournament %(slug)s (it holds: %(slugs)s).")
            % {"slug": tournament.slug, "slugs": slugs}
        )
    doc, history = matching[0]
    if isinstance(history, dict):
        # The tournament stays with its organiser, whichever the backup names: an edited backup
        # must not move it to another organiser, whose register its supervisors would then keep.
        history = {**history, "organiser": _organiser(tournament)}
    with transaction.atomic():
        old = models.Tournament.objects.select_for_update().get(pk=tournament.pk)
        tournament_delete(old)
        records = history.get("users", []) if isinstance(history, dict) else []
        users = _users_ensure(list(records) if isinstance(records, list) else [])
        restored = _tournament_restore(doc, history, users)
        public_pages_changed(restored.pk)
        return restored


def _organiser(tournament: models.Tournament) -> dict[str, str] | None:
    organiser = tournament.organiser
    return {"slug": organiser.slug, "name": organiser.name} if organiser else None


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
    users_created: int
    #: the user's role in the tournament afterwards (None: no role; the backup's roles apply)
    role_after: str | None


def backup_replace_preview(
    tournament: models.Tournament, source: Source, *, user
) -> ReplacePreview:
    """What `backup_tournament_replace` does, done and rolled back; `BackupError` when it would
    refuse (a damaged archive, another tournament, scores that differ from the backup)."""
    now, versions = tournament_counts(tournament), _game_versions(tournament)
    links = models.TableLink.objects.filter(
        table__durchgang__tournament=tournament, revoked_at__isnull=True
    ).count()
    users = get_user_model().objects.count()

    def replace():
        restored = backup_tournament_replace(tournament, source)
        return (
            restored.name,
            tournament_counts(restored),
            _game_versions(restored),
            get_user_model().objects.count() - users,
            tournament_role(user, restored),
        )

    name, after, restored, created, role = dry_run(replace)
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
        users_created=created,
        role_after=role,
    )
