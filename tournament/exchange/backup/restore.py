"""Restore a backup archive into an empty database, all or nothing.

Each tournament's interchange document is read by the interchange reader (its structure checked
field by field); its rows are stored as they were, with the history's extra data (signatures,
closings, approvals, versions, timestamps), and every sheet is scored again by the services.
The scores must equal the `points` the backup wrote for every game, else nothing is stored: the
restore gives the same standings or none. History rows keep their times and their users; a user
missing in this database is created inactive, without a usable password. What is taken from the
backup besides the tournament's data (organiser, accounts, roles, persons) is the restore's
`Trust` (tournament/exchange/backup/trust.py).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.game import GAME_FIELDS, game_values
from scoring.scoresheet import SEAT_TOTAL_FIELDS
from tournament import models
from tournament.exchange.backup import BackupError
from tournament.exchange.backup.archive import archive_read
from tournament.exchange.backup.checks import backup_tournament_check
from tournament.exchange.backup.door import pending_restore, player_door_values
from tournament.exchange.backup.dump import PLAYER_KEYS, SKIPPED_SETTINGS
from tournament.exchange.backup.totals import seat_typed, table_recording
from tournament.exchange.backup.trust import Trust, persons_for_keys, users_ensure
from tournament.exchange.backup.values import value_shown
from tournament.exchange.interchange.reader import Document
from tournament.models.players import personal_code_new
from tournament.scorekeeping.bulk import rows_insert, statistics_refresh
from tournament.scorekeeping.engine import sheet_context
from tournament.scorekeeping.scores import table_rescore


def database_empty_check() -> None:
    count = models.Tournament.objects.count()
    if count:
        raise BackupError(
            _(
                "The database is not empty: it holds %(count)s tournament(s). A backup is "
                "restored only into an empty database; nothing was restored."
            )
            % {"count": count}
        )


def backup_restore(source: str | Path | IO[bytes]) -> list[models.Tournament]:
    """Restore every tournament of the archive into an empty database, in one transaction:
    everything the backup says (the administrator's tool): organisers, accounts, roles, persons."""
    contents = archive_read(source).tournaments
    checked = [(backup_tournament_check(data, history), history) for data, history in contents]
    with transaction.atomic():
        database_empty_check()
        users = users_ensure([u for _doc, history in checked for u in history.get("users", [])])
        trust = Trust.everything(users)
        return [_tournament_restore(doc, history, trust) for doc, history in checked]


def _tournament_restore(doc: Document, history: Any, trust: Trust) -> models.Tournament:
    """Store one tournament of a backup, its document and history checked before
    (`backup_tournament_check`)."""
    try:
        return _Restore(doc, history, trust).run()
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError) as exc:
        raise BackupError(
            _("The history of %(slug)s in the backup is invalid (%(error)s).")
            % {"slug": doc.tournament.slug, "error": value_shown(f"{type(exc).__name__}: {exc}")}
        ) from None


def _time(value: str | None):
    if value is None:
        return None
    return connection.ops.adapt_datetimefield_value(dt.datetime.fromisoformat(value))


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value)


def _key(value: list) -> tuple:
    return tuple(value)


def _personal_code(value: Any) -> str:
    """A player's code as the backup has it, so that the start cards handed out stay valid;
    a new one when it has none (a backup made before personal codes existed)."""
    if isinstance(value, str) and 0 < len(value) <= 12:
        return value
    return personal_code_new()


class _Restore:
    """One tournament: its rows, in the order their references need."""

    def __init__(self, doc: Document, history: dict, trust: Trust):
        self.doc, self.history, self.trust = doc, history, trust

    def user(self, name: str | None) -> int | None:
        return None if name is None else self.trust.users.get(name)

    def run(self) -> models.Tournament:
        self.tournament = self.tournament_create()
        self.player = self.players_create()
        self.tables = self.tables_create()
        self.hands_create()
        self.scores_check()
        self.history_create()
        return self.tournament

    def tournament_create(self) -> models.Tournament:
        t, settings = self.doc.tournament, self.history["settings"]
        values: dict[str, Any] = {
            "slug": t.slug,
            "name": t.name,
            "date": t.date,
            "venue": t.venue,
            "scoring": t.scoring,
            "point_table": t.point_table,
            "games_per_durchgang": t.games_per_durchgang,
            "number_of_durchgaenge": t.number_of_durchgaenge,
            "contracts": t.contracts,
            "solo_approval_from": t.solo_approval_from,
            "lot_seed": t.lot_seed or t.slug,
        }
        fields = {f.name: f for f in models.Tournament._meta.concrete_fields}
        for name, value in settings.items():
            field = fields.get(name)
            if field is not None and name not in SKIPPED_SETTINGS and not field.is_relation:
                values[name] = field.to_python(value)
        organiser = self.history.get("organiser")  # absent in backups made before organisers
        if self.trust.organiser is not None:
            values["organiser"] = self.trust.organiser
        elif organiser:
            values["organiser"], _created = models.Organiser.objects.get_or_create(
                slug=organiser["slug"], defaults={"name": organiser["name"]}
            )
        created_at = values.pop("created_at", None)
        tournament = models.Tournament.objects.create(**values)
        if created_at is not None:
            models.Tournament.objects.filter(pk=tournament.pk).update(created_at=created_at)
            tournament.refresh_from_db(fields=["created_at"])
        roles = self.trust.memberships
        if roles is None:
            roles = [
                (self.trust.users[m["user"]], m["role"])
                for m in self.history["memberships"]
                if m["user"] in self.trust.users
            ]
        models.Membership.objects.bulk_create(
            models.Membership(tournament=tournament, user_id=user, role=role)
            for user, role in dict.fromkeys(roles)
        )
        return tournament

    def players_create(self) -> dict[str, int]:
        extra = {p["id"]: p for p in self.history["players"]}
        full = {p.id: bool(extra[p.id].get("publish_full_name", True)) for p in self.doc.players}
        persons = persons_for_keys(
            self.tournament.organiser or models.organiser_default(),
            [(p.person, p.name, p.club, full[p.id]) for p in self.doc.players],
            create=self.trust.persons_create,
        )
        players = models.Player.objects.bulk_create(
            models.Player(
                tournament=self.tournament,
                ident=p.id,
                name=p.name,
                club=p.club,
                start_number=extra[p.id]["start_number"],
                withdrawn=extra[p.id]["withdrawn"],
                drawn_lot=extra[p.id]["drawn_lot"],
                personal_code=_personal_code(extra[p.id].get("personal_code")),
                person=persons.get(p.person or ""),
                # the person's consent bounds the player's: "initial only" of either holds
                publish_full_name=full[p.id]
                and (p.person not in persons or persons[p.person].publishes_full_name),
                initial_only=bool(extra[p.id].get("initial_only", False)),  # absent before
                **player_door_values(extra[p.id], self.user),
            )
            for p in self.doc.players
        )
        pk = {p.ident: p.pk for p in players}
        substitutes = []
        for player, doc_player in zip(players, self.doc.players, strict=True):
            if doc_player.replaces:
                player.replaces_id = pk[doc_player.replaces]
                substitutes.append(player)
        models.Player.objects.bulk_update(substitutes, ["replaces"])
        return pk

    def tables_create(self) -> dict[tuple, models.Table]:
        extra = {d["number"]: d for d in self.history["durchgaenge"]}
        durchgaenge = models.Durchgang.objects.bulk_create(
            models.Durchgang(
                tournament=self.tournament,
                number=d.number,
                draw_seed=extra[d.number]["draw_seed"],
                published=extra[d.number]["published"],
                drawn_at=extra[d.number]["drawn_at"],
            )
            for d in self.doc.durchgaenge
        )
        self.durchgang = {d.number: d for d in durchgaenge}
        closing = {_key(t["table"]): t for t in self.history["tables"]}
        pairs = [
            (dg, t)
            for dg, d in zip(durchgaenge, self.doc.durchgaenge, strict=True)
            for t in d.tables
        ]
        tables = models.Table.objects.bulk_create(
            models.Table(
                durchgang=dg,
                number=t.number,
                seat_count=len(t.seats),
                closed_at=closing[(dg.number, t.number)]["closed_at"],
                closed_by_id=self.user(closing[(dg.number, t.number)]["closed_by"]),
                **table_recording(t, closing[(dg.number, t.number)]),
            )
            for dg, t in pairs
        )
        signed = {(*_key(s["table"]), s["position"]): s for s in self.history["seats"]}
        none = {"signed_at": None, "signature": "", "signed_by": None}
        seats = []
        for table, (dg, doc_table) in zip(tables, pairs, strict=True):
            for position, ident in enumerate(doc_table.seats, start=1):
                s = signed.get((dg.number, table.number, position), none)
                seats.append(
                    (table.pk, dg.pk, position, self.player[ident])
                    + (_time(s["signed_at"]), s["signature"], self.user(s["signed_by"]))
                    + seat_typed(doc_table, ident)
                )
        rows_insert(models.Seat, SEAT_FIELDS, seats)
        self.doc_tables = {(dg.number, t.number): t for dg, t in pairs}
        return {(t.durchgang.number, t.number): t for t in tables}

    def hands_create(self) -> None:
        extra = {(*_key(h["table"]), h["number"]): h for h in self.history["hands"]}
        rows = []
        for key, doc_table in self.doc_tables.items():
            for h in doc_table.hands:
                e = extra[(*key, h.number)]
                game = game_values(h, player=lambda name: self.player[name] if name else None)
                rows.append(
                    (self.tables[key].pk, h.number, *game.values(), h.disallowed)
                    + (e["needs_approval"], h.approved_by, self.user(e["approved_by_user"]))
                    + (_time(e["approved_at"]), e["approval_note"], e["version"])
                    + (_time(e["created_at"]), _time(e["updated_at"]))
                )
        rows_insert(models.Hand, HAND_FIELDS, rows)
        self.hand_id = {
            (dg, table, number): pk
            for pk, dg, table, number in models.Hand.objects.filter(
                table__durchgang__tournament=self.tournament
            ).values_list("pk", "table__durchgang__number", "table__number", "number")
        }
        recorded = {(*_key(s["table"]), s["number"]): s for s in self.history["sanctions"]}
        now = timezone.now().isoformat()
        sanctions = []
        for key, doc_table in self.doc_tables.items():
            for h in doc_table.hands:
                if h.offender is None:
                    continue
                r = recorded.get((*key, h.number), {"recorded_by": None, "recorded_at": now})
                sanctions.append(
                    (self.hand_id[(*key, h.number)], self.player[h.offender])
                    + (self.player.get(h.mistake_by or ""), h.reason)
                    + (self.user(r["recorded_by"]), _time(r["recorded_at"]))
                )
        rows_insert(models.Sanction, SANCTION_FIELDS, sanctions)
        statistics_refresh(models.Player, models.Seat, models.Hand, models.Sanction)
        for table in self.tables.values():
            if self.doc_tables[(table.durchgang.number, table.number)].hands:
                table_rescore(sheet_context(table))

    def scores_check(self) -> None:
        """Every game scores as the backup says: the restored standings are the saved ones."""
        ident = {pk: i for i, pk in self.player.items()}
        stored: dict[int, dict[str, int]] = {}
        for hand_id, player_id, points in models.HandScore.objects.filter(
            tournament=self.tournament
        ).values_list("hand_id", "player_id", "points"):
            stored.setdefault(hand_id, {})[ident[player_id]] = points
        for key, doc_table in self.doc_tables.items():
            for h in doc_table.hands:
                if h.points is None:
                    continue
                computed = stored.get(self.hand_id[(*key, h.number)], {})
                seated = set(doc_table.seats)
                if {p: h.points.get(p, 0) for p in seated} != {
                    p: computed.get(p, 0) for p in seated
                }:
                    raise BackupError(
                        _("%(place)s: the points differ from the backup; nothing was restored.")
                        % {"place": f"{self.doc.tournament.slug}: {h.path}"}
                    )

    def history_create(self) -> None:
        h = self.history
        pending_restore(self.tournament, h.get("pending_registrations", []))  # absent before
        rows_insert(
            models.SeatSwap,
            ("durchgang", "first", "second", "reason", "swapped_by", "swapped_at"),
            [
                (self.durchgang[s["durchgang"]].pk, self.player[s["first"]])
                + (self.player[s["second"]], s["reason"], self.user(s["swapped_by"]))
                + (_time(s["swapped_at"]),)
                for s in h["seat_swaps"]
            ],
        )
        rows_insert(
            models.SheetEvent,
            ("table", "number", "kind", "user", "at", "before", "after", "reason"),
            [
                (self.tables[_key(e["table"])].pk, e["number"], e["kind"], self.user(e["user"]))
                + (_time(e["at"]), _json(e["before"]), _json(e["after"]), e["reason"])
                for e in h["sheet_events"]
            ],
        )
        rows_insert(
            models.Correction, CORRECTION_FIELDS, [self.correction(c) for c in h["corrections"]]
        )
        rows_insert(
            models.PointTableChange,
            ("tournament", "user", "at", "reason", "before", "after", "hands_rescored"),
            [
                (self.tournament.pk, self.user(c["user"]), _time(c["at"]), c["reason"])
                + (_json(c["before"]), _json(c["after"]), c["hands_rescored"])
                for c in h["point_table_changes"]
            ],
        )

    def correction(self, c: dict) -> tuple:
        proposed = c["proposed"]
        if proposed is not None:
            proposed = dict(proposed)
            for key in PLAYER_KEYS:
                if proposed.get(key) is not None:
                    proposed[key] = self.player[proposed[key]]
        return (
            (self.tables[_key(c["table"])].pk, c["number"], _json(proposed), c["reason"])
            + (c["status"], self.user(c["requested_by"]), _time(c["requested_at"]))
            + (self.user(c["decided_by"]), _time(c["decided_at"]), c["decision_note"])
        )


SEAT_FIELDS: tuple[str, ...]
SEAT_FIELDS = ("table", "durchgang", "position", "player", "signed_at", "signature", "signed_by")
SEAT_FIELDS += SEAT_TOTAL_FIELDS
HAND_FIELDS: tuple[str, ...]  # built up over several lines
HAND_FIELDS = ("table", "number", *GAME_FIELDS, "struck", "needs_approval")
HAND_FIELDS += ("approved_by", "approved_by_user", "approved_at", "approval_note", "version")
HAND_FIELDS += ("created_at", "updated_at")
SANCTION_FIELDS = ("hand", "offender", "mistake_by", "reason", "recorded_by", "recorded_at")
CORRECTION_FIELDS: tuple[str, ...]
CORRECTION_FIELDS = ("table", "number", "proposed", "reason", "status", "requested_by")
CORRECTION_FIELDS += ("requested_at", "decided_by", "decided_at", "decision_note")
