"""Backup and restore: every tournament with its history into one zip, back into an empty
database with the same standings, games, scores, signatures and history; the supervisor
downloads his tournament's backup."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import zipfile
from dataclasses import replace
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone, translation

from tests.sheets.fixtures import ruf
from tournament import models
from tournament.draw.services import seats_swap
from tournament.exchange.backup import BackupError
from tournament.exchange.backup.door import PLAYER_DOOR_FIELDS
from tournament.exchange.backup.dump import backup_write
from tournament.exchange.backup.restore import backup_restore
from tournament.ranking.standings import standings_compute
from tournament.ranking.standings_export import standing_record
from tournament.sheets.services.corrections import correction_apply, correction_request
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close
from tournament.sheets.services.supervision import hand_approve

NOT_EMPTY = "Die Datenbank ist nicht leer"


def _fill_and_close(table, p, leitung, schreiber) -> None:
    """32 Rufspiele, signed and closed; a correction signed off and one still pending."""
    for number in range(1, 33):
        hand_save(table=table, number=number, game=ruf(p), version=0, user=schreiber)
    for seat in table.seats.order_by("position"):
        typed = seat.player.name if seat.position == 1 else ""
        seat_sign(seat=seat, user=schreiber, signature=typed, paper=not typed)
    sheet_close(table=table, user=leitung)
    applied = correction_request(
        table=table, number=4, game=ruf(p, won=False), reason="verschrieben", user=schreiber
    )
    correction_apply(correction=applied, user=leitung, note="passt")
    correction_request(
        table=table, number=7, game=replace(ruf(p), partner=p[2]), reason="Partner", user=schreiber
    )


def _evening_games(evening, leitung, schreiber) -> None:
    """Without the first-game rule: a Tout in game 1 counts as a Tout; one approved, one
    waiting for the approval; two players of the second Durchgang swapped before its games."""
    evening.first_game_rule = False
    evening.save(update_fields=["first_game_rule"])
    table = models.Table.objects.get(durchgang__tournament=evening, number=1)
    p = {int(s.player.ident): s.player for s in table.seats.select_related("player")}
    tout = HandEntry(contract="solo", suit="herz", declarer=p[2], won=True, tout=True)
    hand = hand_save(table=table, number=1, game=tout, version=0, user=schreiber)
    hand_approve(hand=hand, user=leitung, note="ok")
    hand_save(table=table, number=2, game=replace(tout, declarer=p[3]), version=0, user=schreiber)
    hand_save(table=table, number=3, game=ruf(p), version=0, user=schreiber)
    durchgang = models.Durchgang.objects.create(tournament=evening, number=2, draw_seed="x")
    other = models.Table.objects.create(durchgang=durchgang, number=1, seat_count=4)
    for position in range(1, 5):
        models.Seat.objects.create(
            table=other, durchgang=durchgang, position=position, player=p[position]
        )
    seats_swap(durchgang=durchgang, first=p[1], second=p[2], reason="Rollstuhl", user=leitung)
    models.PointTableChange.objects.create(
        tournament=evening,
        user=leitung,
        reason="Tarif geändert",
        before={"title": "alt"},
        after={"title": "neu"},
        hands_rescored=3,
    )


def _door(evening, helper) -> None:
    """The door of the evening: a player checked in and paid, one registered online (with the
    key of his withdrawal link), one on the waiting list; a registration not confirmed yet."""
    first, second, third = evening.players.order_by("start_number")[:3]
    at = timezone.now() - dt.timedelta(hours=2, microseconds=17)
    first.checked_in_at, first.checked_in_by, first.payment = at, helper, models.Payment.CASH
    first.paid_amount = Decimal("12.50")
    second.registered_online_at, second.email = at, "sepp@example.org"
    second.withdraw_key = "a" * 64
    third.waiting_since = at
    models.Player.objects.bulk_update(
        [first, second, third],
        ["checked_in_at", "checked_in_by", "payment", "paid_amount", "registered_online_at"]
        + ["email", "withdraw_key", "waiting_since"],
    )
    pending = models.PendingRegistration.objects.create(
        tournament=evening,
        name="Vroni Huber",
        club="Au",
        email="vroni@example.org",
        publish_full_name=True,
        language="de",
        key="b" * 64,
    )
    models.PendingRegistration.objects.filter(pk=pending.pk).update(created_at=at)


@pytest.fixture
def full(example_tournament, evening, table, p, supervisor, clerk):
    """Three tournaments with every kind of history a tournament night writes."""
    _fill_and_close(table, p, supervisor, clerk)
    _evening_games(evening, supervisor, clerk)
    _door(evening, clerk)
    return [example_tournament, evening, table.durchgang.tournament]


def _name(user_id):
    if user_id is None:
        return None
    return get_user_model().objects.get(pk=user_id).username


def _rows(queryset, *exclude: str, users=(), players=(), organisers=()) -> list[dict]:
    """The rows as dicts without database ids: users by name, players by their id, organisers
    by their slug."""
    out = []
    for row in queryset if queryset._fields else queryset.values():
        row = {k: v for k, v in row.items() if k not in ("id", *exclude)}
        for key in users:
            row[key] = _name(row.pop(f"{key}_id"))
        for key in players:
            pk = row.pop(f"{key}_id")
            row[key] = models.Player.objects.get(pk=pk).ident if pk else None
        for key in organisers:
            pk = row.pop(f"{key}_id")
            row[key] = models.Organiser.objects.get(pk=pk).slug if pk else None
        out.append(row)
    return out


def snapshot() -> dict:
    """What a user sees of every tournament: standings, sheets, scores and history."""
    state = {}
    for t in models.Tournament.objects.order_by("slug"):
        where = {"table__durchgang__tournament": t}
        table_key = {"table__durchgang__number", "table__number"}
        state[t.slug] = {
            # `generation` counts the changes for the public pages' cache: not tournament data.
            "tournament": _rows(
                models.Tournament.objects.filter(pk=t.pk), "generation", organisers=["organiser"]
            ),
            "standings": [standing_record(s) for s in standings_compute(t)],
            "players": _rows(
                t.players.order_by("start_number"),
                "tournament_id",
                players=["replaces"],
                users=["checked_in_by"],
            ),
            "pending_registrations": _rows(
                t.pending_registrations.order_by("created_at"), "tournament_id"
            ),
            "durchgaenge": _rows(t.durchgaenge.order_by("number"), "tournament_id"),
            "tables": _rows(
                models.Table.objects.filter(durchgang__tournament=t)
                .order_by("durchgang__number", "number")
                .values("durchgang__number", "number", "seat_count", "closed_at", "closed_by_id")
            ),
            "seats": _rows(
                models.Seat.objects.filter(durchgang__tournament=t)
                .order_by("durchgang__number", "table__number", "position")
                .values(
                    *table_key, "position", "player_id", "signed_at", "signature", "signed_by_id"
                ),
                users=["signed_by"],
                players=["player"],
            ),
            "hands": _rows(
                models.Hand.objects.filter(**where)
                .order_by("table__durchgang__number", "table__number", "number")
                .values(*table_key, *HAND_VALUES),
                users=["approved_by_user"],
                players=["declarer", "partner"],
            ),
            "scores": sorted(
                (dg, tn, n, ident, points)
                for dg, tn, n, ident, points in models.HandScore.objects.filter(
                    tournament=t
                ).values_list(
                    "hand__table__durchgang__number",
                    "hand__table__number",
                    "hand__number",
                    "player__ident",
                    "points",
                )
            ),
            "sanctions": _rows(
                models.Sanction.objects.filter(hand__table__durchgang__tournament=t)
                .order_by("pk")
                .values("hand__number", "offender_id", "reason", "recorded_by_id", "recorded_at"),
                users=["recorded_by"],
                players=["offender"],
            ),
            "events": _rows(
                models.SheetEvent.objects.filter(**where)
                .order_by("pk")
                .values(*table_key, "number", "kind", "user_id", "at", "before", "after", "reason"),
                users=["user"],
            ),
            "corrections": _rows(
                models.Correction.objects.filter(**where).order_by("pk").values(*CORRECTION_VALUES),
                users=["requested_by", "decided_by"],
            ),
            "point_table_changes": _rows(
                t.point_table_changes.order_by("pk"), "tournament_id", users=["user"]
            ),
            "swaps": _rows(
                models.SeatSwap.objects.filter(durchgang__tournament=t).order_by("pk"),
                "durchgang_id",
                users=["swapped_by"],
                players=["first", "second"],
            ),
            "memberships": sorted(
                t.memberships.values_list("user__username", "role"), key=lambda m: m[0]
            ),
        }
        for table in state[t.slug]["tables"]:
            table["closed_by"] = _name(table.pop("closed_by_id"))
        for correction in state[t.slug]["corrections"]:
            proposed = correction["proposed"]
            for key in ("declarer", "partner"):
                if proposed and proposed.get(key):
                    proposed[key] = models.Player.objects.get(pk=proposed[key]).ident
    return state


HAND_VALUES = ("number", "contract", "suit", "declarer_id", "partner_id", "won", "schneider")
HAND_VALUES += ("schwarz", "tout", "augen", "laufende", "kontra", "struck", "needs_approval")
HAND_VALUES += ("approved_by", "approved_by_user_id", "approved_at", "approval_note", "version")
HAND_VALUES += ("created_at", "updated_at")
CORRECTION_VALUES = ("table__durchgang__number", "table__number", "number", "proposed", "reason")
CORRECTION_VALUES += ("status", "requested_by_id", "requested_at", "decided_by_id", "decided_at")
CORRECTION_VALUES += ("decision_note",)


def _archive(tournaments=None) -> bytes:
    out = io.BytesIO()
    backup_write(out, tournaments)
    return out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_backup_restored_into_an_empty_database_gives_the_same_tournaments(full, tmp_path):
    before = snapshot()
    assert before["spielliste"]["events"] and before["spielliste"]["corrections"]
    door = before["abend"]["players"][:3]
    assert door[0]["paid_amount"] == Decimal("12.50") and door[0]["checked_in_by"] == "schreiber"
    assert door[1]["email"] and door[2]["waiting_since"]
    assert before["abend"]["pending_registrations"][0]["name"] == "Vroni Huber"
    assert any(h["needs_approval"] and not h["approved_by"] for h in before["abend"]["hands"])
    call_command("backup", "--output", str(tmp_path), stdout=io.StringIO(), stderr=io.StringIO())
    (archive,) = tmp_path.glob("schafkopf-backup-*.zip")
    call_command("flush", "--noinput")
    assert not models.Tournament.objects.exists() and not get_user_model().objects.exists()

    out = io.StringIO()
    call_command("restore", str(archive), stdout=out, stderr=io.StringIO())

    assert sorted(out.getvalue().split()) == sorted(before)
    after = snapshot()
    for slug in before:
        for key in before[slug]:
            assert after[slug][key] == before[slug][key], (slug, key)
    assert after == before
    restored = get_user_model().objects.get(username="leitung")
    assert not restored.is_active and not restored.has_usable_password()


@pytest.mark.django_db
def test_the_archive_holds_a_document_and_a_history_per_tournament_with_checksums(full):
    with zipfile.ZipFile(io.BytesIO(_archive())) as archive:
        manifest = json.loads(archive.read("manifest.json"))
        names = set(archive.namelist())
    slugs = {"beispielturnier-2026", "abend", "spielliste"}
    assert manifest["format"] == "schafkopf-backup" and manifest["version"] == 1
    assert set(manifest["tournaments"]) == slugs
    assert names == {"manifest.json"} | {f"{s}.json" for s in slugs} | {
        f"{s}.history.json" for s in slugs
    }
    assert all(len(entry["sha256"]) == 64 for entry in manifest["files"].values())


@pytest.mark.django_db
def test_restore_into_a_database_with_a_tournament_is_refused_and_changes_nothing(full):
    archive = _archive()
    counts = {m: m.objects.count() for m in (models.Tournament, models.Hand, models.SheetEvent)}
    with translation.override("de"), pytest.raises(CommandError) as refused:
        call_command("restore", _file(archive))
    assert NOT_EMPTY in str(refused.value) or "not empty" in str(refused.value)
    assert {m: m.objects.count() for m in counts} == counts


@pytest.mark.django_db
def test_a_damaged_archive_is_refused_naming_the_member(full, tmp_path):
    archive = _archive([full[1]])
    damaged = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as src, zipfile.ZipFile(damaged, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            dst.writestr(info, data.replace(b"Abendturnier", b"Abendturnieh"))
    with pytest.raises(BackupError) as refused:
        backup_restore(io.BytesIO(damaged.getvalue()))
    assert "abend.json" in str(refused.value)
    assert models.Tournament.objects.count() == 3


def _file(data: bytes) -> str:
    import tempfile

    handle = tempfile.NamedTemporaryFile(suffix=".zip", delete=False)  # noqa: SIM115
    handle.write(data)
    handle.close()
    return handle.name


@pytest.mark.django_db
def test_the_supervisor_downloads_the_backup_of_his_tournament(client, supervisor, evening):
    client.force_login(supervisor)
    response = client.get(reverse("manage:backup", args=[evening.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "schafkopf-backup-abend-" in response["Content-Disposition"]
    with zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content))) as archive:
        assert json.loads(archive.read("manifest.json"))["tournaments"] == ["abend"]
    dashboard = client.get(reverse("manage:dashboard", args=[evening.slug]))
    # The dashboard's button starts a background job (tests/jobs/ follow it to the download).
    start = reverse("manage:job_start", args=[evening.slug, "sicherung"])
    assert f'action="{start}"' in dashboard.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("who, status", [("clerk", 403), ("other_clerk", 403), (None, 302)])
def test_clerks_and_visitors_get_no_backup(client, request, example_tournament, who, status):
    if who:
        client.force_login(request.getfixturevalue(who))
    response = client.get(reverse("manage:backup", args=[example_tournament.slug]))
    assert response.status_code == status
    if status == 302:
        assert "/login" in response["Location"] or "login" in response["Location"]


@pytest.mark.django_db
def test_history_rows_stay_append_only(full):
    with pytest.raises(models.AppendOnlyError):
        models.SheetEvent.objects.all().delete()
    with pytest.raises(models.AppendOnlyError):
        models.PointTableChange.objects.update(reason="x")


def test_a_backup_of_a_database_not_set_up_says_so_in_german(tmp_path, monkeypatch):
    from django.db import OperationalError

    def unreadable(out):
        raise OperationalError("no such table: tournament_tournament")

    monkeypatch.setattr("tournament.management.commands.backup.backup_write", unreadable)
    with translation.override("de"), pytest.raises(CommandError) as caught:
        call_command("backup", "--output", str(tmp_path))
    assert "manage.py migrate" in str(caught.value) and "Datenbank" in str(caught.value)
    assert list(tmp_path.iterdir()) == []  # no half-written archive


def _history_changed(archive: bytes, slug: str, change) -> bytes:
    """The archive with `change(history)` applied to the history of `slug` and the manifest's
    checksum made to fit (its signature then no longer does: a backup of "another" origin,
    which the administrator's restore takes all the same)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as src, zipfile.ZipFile(out, "w") as dst:
        members = {info.filename: src.read(info) for info in src.infolist()}
        history = json.loads(members[f"{slug}.history.json"])
        change(history)
        data = json.dumps(history).encode()
        members[f"{slug}.history.json"] = data
        manifest = json.loads(members["manifest.json"])
        manifest["files"][f"{slug}.history.json"] = {
            "sha256": hashlib.sha256(data).hexdigest(),
            "size": len(data),
        }
        members["manifest.json"] = json.dumps(manifest).encode()
        for name, member in members.items():
            dst.writestr(name, member)
    return out.getvalue()


def _without_the_door(history: dict) -> None:
    del history["pending_registrations"]
    history["players"] = [
        {k: v for k, v in p.items() if k not in (*PLAYER_DOOR_FIELDS, "checked_in_by")}
        for p in history["players"]
    ]


@pytest.mark.django_db(transaction=True)
def test_a_backup_written_before_the_door_was_kept_restores_with_nobody_checked_in(full):
    """A history without the door's fields and the waiting registrations (backups made before
    they were kept): restored with nobody checked in, nothing paid, no registration waiting."""
    count = full[1].players.count()
    old = _history_changed(_archive([full[1]]), "abend", _without_the_door)
    call_command("flush", "--noinput")

    (restored,) = backup_restore(io.BytesIO(old))

    players = restored.players.all()
    assert players.count() == count and not models.PendingRegistration.objects.exists()
    assert all(p.checked_in_at is None and p.checked_in_by is None for p in players)
    assert all(p.payment == models.Payment.OPEN and p.paid_amount == 0 for p in players)
    assert all(p.email == "" and p.withdraw_key == "" and p.waiting_since is None for p in players)


@pytest.mark.django_db(transaction=True)
def test_a_backup_with_a_paid_amount_that_is_no_number_is_refused_naming_it(full):
    def unreadable(history: dict) -> None:
        history["players"][0]["paid_amount"] = "zwölf"

    bad = _history_changed(_archive([full[1]]), "abend", unreadable)
    call_command("flush", "--noinput")
    with translation.override("de"), pytest.raises(BackupError) as refused:
        backup_restore(io.BytesIO(bad))
    assert "abend" in str(refused.value) and "zwölf" in str(refused.value)
    assert not models.Tournament.objects.exists() and not models.Player.objects.exists()
