"""Write a backup: every tournament's interchange document and history into one zip archive."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import zipfile
from collections.abc import Iterable
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.utils import timezone

from tournament import models
from tournament.exchange.backup import FORMAT, HISTORY_FORMAT, MANIFEST, VERSION
from tournament.exchange.backup.door import pending_dump, player_door
from tournament.exchange.backup.signature import installation_secret, manifest_signature
from tournament.exchange.interchange.writer import tournament_document

# Tournament fields the history does not keep: the database id, the slug (the document has it),
# the counter of the public pages' cache (a restored tournament starts its own).
SKIPPED_SETTINGS = {"id", "slug", "generation", "organiser"}  # the organiser: by its slug


def backup_name(now=None, *, slug: str = "") -> str:
    """`schafkopf-backup-YYYY-MM-DD-HHMMSS.zip` in local time (with the slug of one tournament)."""
    stamp = timezone.localtime(now).strftime("%Y-%m-%d-%H%M%S")
    return f"schafkopf-backup-{slug}-{stamp}.zip" if slug else f"schafkopf-backup-{stamp}.zip"


class _Encoder(DjangoJSONEncoder):
    """Django's encoder, but times to the microsecond (it cuts them to milliseconds)."""

    def default(self, o):
        if isinstance(o, dt.datetime):
            return o.isoformat()
        return super().default(o)


def _json(value: Any) -> bytes:
    return json.dumps(value, cls=_Encoder, ensure_ascii=False, indent=1).encode()


def tournament_history(tournament: models.Tournament) -> dict[str, Any]:
    """Everything of the tournament the interchange document does not hold, by natural keys."""
    t = tournament
    users = _Users()
    tables = {
        table.pk: (table.durchgang.number, table.number)
        for table in models.Table.objects.filter(durchgang__tournament=t).select_related(
            "durchgang"
        )
    }
    players = dict(models.Player.objects.filter(tournament=t).values_list("pk", "ident"))
    hands = models.Hand.objects.filter(table__durchgang__tournament=t).order_by("table", "number")
    return {
        "format": HISTORY_FORMAT,
        "version": VERSION,
        "tournament": t.slug,
        # The organiser by slug and name (its person register is not in backups yet). Only the
        # administrator's restore (manage.py restore) follows it; the web restore keeps the
        # organiser of the tournament it replaces.
        "organiser": {"slug": t.organiser.slug, "name": t.organiser.name} if t.organiser else None,
        "settings": {
            f.name: f.value_from_object(t)
            for f in models.Tournament._meta.concrete_fields
            if f.name not in SKIPPED_SETTINGS
        },
        "memberships": [
            {"user": users.name(m.user_id), "role": m.role} for m in t.memberships.order_by("pk")
        ],
        "players": [
            {"id": p.ident, "start_number": p.start_number, "withdrawn": p.withdrawn}
            | {"drawn_lot": p.drawn_lot, "personal_code": p.personal_code}
            | {"publish_full_name": p.publish_full_name, "initial_only": p.initial_only}
            | player_door(p, users.name)
            for p in t.players.order_by("pk")
        ],
        "pending_registrations": pending_dump(t),
        "durchgaenge": [
            {"number": d.number, "draw_seed": d.draw_seed, "published": d.published}
            | {"drawn_at": d.drawn_at}
            for d in t.durchgaenge.order_by("number")
        ],
        "tables": [
            {"table": tables[table.pk], "closed_at": table.closed_at}
            | {"closed_by": users.name(table.closed_by_id)}
            | {"totals_at": table.totals_at, "totals_version": table.totals_version}
            for table in models.Table.objects.filter(durchgang__tournament=t).order_by("pk")
        ],
        "seats": [
            {"table": tables[s.table_id], "position": s.position, "signed_at": s.signed_at}
            | {"signature": s.signature, "signed_by": users.name(s.signed_by_id)}
            for s in models.Seat.objects.filter(durchgang__tournament=t).order_by("pk")
            if s.signed_at is not None or s.signature or s.signed_by_id
        ],
        "hands": [
            {"table": tables[h.table_id], "number": h.number}
            | {"needs_approval": h.needs_approval, "approved_at": h.approved_at}
            | {"approved_by_user": users.name(h.approved_by_user_id)}
            | {"approval_note": h.approval_note, "version": h.version}
            | {"created_at": h.created_at, "updated_at": h.updated_at}
            for h in hands
        ],
        "sanctions": [
            {"table": tables[s.hand.table_id], "number": s.hand.number}
            | {"recorded_by": users.name(s.recorded_by_id), "recorded_at": s.recorded_at}
            for s in models.Sanction.objects.filter(hand__table__durchgang__tournament=t)
            .select_related("hand")
            .order_by("pk")
        ],
        "seat_swaps": [
            {"durchgang": s.durchgang.number, "first": players[s.first_id]}
            | {"second": players[s.second_id], "reason": s.reason}
            | {"swapped_by": users.name(s.swapped_by_id), "swapped_at": s.swapped_at}
            for s in models.SeatSwap.objects.filter(durchgang__tournament=t)
            .select_related("durchgang")
            .order_by("pk")
        ],
        "sheet_events": [
            {"table": tables[e.table_id], "number": e.number, "kind": e.kind}
            | {"user": users.name(e.user_id), "at": e.at, "before": e.before, "after": e.after}
            | {"reason": e.reason}
            for e in models.SheetEvent.objects.filter(table__durchgang__tournament=t).order_by("pk")
        ],
        "corrections": [
            {"table": tables[c.table_id], "number": c.number}
            | {"proposed": _proposed(c.proposed, players), "reason": c.reason}
            | {"status": c.status, "requested_by": users.name(c.requested_by_id)}
            | {"requested_at": c.requested_at, "decided_by": users.name(c.decided_by_id)}
            | {"decided_at": c.decided_at, "decision_note": c.decision_note}
            for c in models.Correction.objects.filter(table__durchgang__tournament=t).order_by("pk")
        ],
        "point_table_changes": [
            {"user": users.name(c.user_id), "at": c.at, "reason": c.reason}
            | {"before": c.before, "after": c.after, "hands_rescored": c.hands_rescored}
            for c in t.point_table_changes.order_by("pk")
        ],
        "users": users.records(),
    }


PLAYER_KEYS = ("declarer", "partner")


def _proposed(proposed: dict | None, players: dict[int, str]) -> dict | None:
    """A correction's proposed game names its players by database id: write their ids."""
    if proposed is None:
        return None
    out = dict(proposed)
    for key in PLAYER_KEYS:
        if out.get(key) is not None:
            out[key] = players.get(out[key])
    return out


class _Users:
    """The users a tournament's rows name, loaded once each, written by username."""

    FIELDS = ("username", "first_name", "last_name", "email")

    def __init__(self) -> None:
        self.model = get_user_model()
        self.seen: dict[int, dict[str, str]] = {}

    def name(self, pk: int | None) -> str | None:
        if pk is None:
            return None
        if pk not in self.seen:
            user = self.model.objects.filter(pk=pk).values(*self.FIELDS).first()
            self.seen[pk] = user or {"username": f"unbekannt-{pk}"}
        return self.seen[pk]["username"]

    def records(self) -> list[dict[str, str]]:
        return sorted(self.seen.values(), key=lambda u: u["username"])


def _consistent_snapshot() -> None:
    """Every query of the backup sees the same state of the database (PostgreSQL reads each
    statement's own snapshot otherwise; SQLite's read transaction is one snapshot already)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")


def backup_write(out: IO[bytes], tournaments: Iterable[models.Tournament] | None = None) -> int:
    """Write the backup archive of `tournaments` (default: all) to `out`, signed by this
    installation; return how many."""
    secret = installation_secret()  # before the read-only snapshot: it may have to make it
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost:  # inside a caller's transaction, its snapshot holds
            _consistent_snapshot()
        if tournaments is None:
            tournaments = models.Tournament.objects.order_by("pk")
        members: dict[str, bytes] = {}
        slugs = []
        for tournament in tournaments:
            members[f"{tournament.slug}.json"] = _json(tournament_document(tournament))
            members[f"{tournament.slug}.history.json"] = _json(tournament_history(tournament))
            slugs.append(tournament.slug)
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "created_at": timezone.now(),
        "tournaments": slugs,
        "files": {
            name: {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
            for name, data in members.items()
        },
    }
    readable = json.loads(_json(manifest))  # signed as it reads back (times as text)
    readable["signature"] = manifest_signature(readable, secret)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, _json(readable))
        for name, data in members.items():
            archive.writestr(name, data)
    return len(slugs)
