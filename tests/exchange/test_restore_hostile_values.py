"""Hostile values in a backup: a real backup of the example tournament, one field of each kind
of record changed to one hostile value at a time (its checksum made to fit, as anyone with an
editor and sha256sum can), posted to the web restore's preview and confirmed. Never a server
error: a German refusal naming the field, and nothing stored. The same through
`manage.py restore`; duplicate keys and members the archive cannot read are refused too."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.exchange.helpers import history_changed, history_text_changed
from tests.web.walk_helpers import changed, snapshot
from tournament.exchange.backup.dump import backup_write

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: The values every field must survive (each is wrong for every field it is sent to below).
HOSTILE = ["\x00", "a\x00b", "x" * 5000, -1, 2**63, -(2**63), 10**30, 1.5, float("nan")]
HOSTILE += [None, [1], {"a": 1}, "\ud800", True, "evil"]
#: One field per kind of record: (history path, the values of HOSTILE it may take).
FIELDS = [
    ("settings.status", ()),
    ("settings.deck", ()),
    ("settings.rule_set", ()),
    ("settings.tiebreak", ()),
    ("settings.recording", ()),
    ("settings.games_per_durchgang", ()),
    ("settings.registration_limit", (None,)),
    ("settings.entry_fee", (1.5,)),
    ("players.0.email", ()),
    ("players.0.payment", ()),
    ("players.0.paid_amount", (1.5,)),
    ("players.0.start_number", ()),
    ("players.0.personal_code", ("evil",)),
    ("players.0.publish_full_name", (True,)),
    ("durchgaenge.0.published", (True,)),
    ("tables.0.closed_at", (None,)),
    ("hands.0.version", ()),
    ("hands.0.approval_note", ("evil",)),
    ("memberships.0.role", ()),
]


def _archive(tournament) -> bytes:
    out = io.BytesIO()
    backup_write(out, [tournament])
    return out.getvalue()


def _set(path: str, value):
    *steps, last = path.split(".")

    def change(history):
        node = history
        for step in steps:
            node = node[int(step)] if step.isdigit() else node[step]
        assert last in node, path
        node[last] = value

    return change


def _stored(before) -> list[str]:
    """What changed besides the record of the restore's job (which keeps the refusal)."""
    return [model for model in changed(before, snapshot()) if model != "tournament.Job"]


def _restore_page(client: Client, slug: str, data: bytes):
    """The preview of the restore of `data`, and the answer to its confirmation."""
    url = reverse("manage:restore", args=[slug])
    upload = SimpleUploadedFile("sicherung.zip", data, content_type="application/zip")
    uploaded = client.post(url, {"archive": upload})
    assert uploaded.status_code == 302, uploaded.status_code
    token = uploaded.url.split("token=")[1]
    preview = client.get(uploaded.url)
    confirmed = client.post(url, {"token": token, "bestaetigt": "1"}, follow=True)
    return preview, confirmed


@pytest.mark.parametrize(("path", "allowed"), FIELDS, ids=[path for path, _ in FIELDS])
def test_every_hostile_value_of_every_kind_is_refused_naming_its_field_and_stores_nothing(
    example_tournament, supervisor, path, allowed
):
    client = Client(raise_request_exception=False)
    client.force_login(supervisor)
    saved = _archive(example_tournament)
    problems = []
    field = path.split(".")[-1]
    for value in HOSTILE:
        if any(value is ok or (value == ok and type(value) is type(ok)) for ok in allowed):
            continue
        before = snapshot()
        preview, confirmed = _restore_page(
            client, example_tournament.slug, history_changed(saved, _set(path, value))
        )
        text = preview.content.decode()
        where = f"{path} = {value!r:.30}"
        if preview.status_code != 409 or confirmed.status_code >= 500:
            problems.append(f"{where}: {preview.status_code}/{confirmed.status_code}")
        elif field not in text or "kann nicht wiederhergestellt werden" not in text:
            problems.append(f"{where}: the refusal does not name the field")
        if _stored(before):
            problems.append(f"{where}: stored {_stored(before)}")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda h: h["players"][1].update(id=h["players"][0]["id"]), "players[0].id"),
        (
            lambda h: h["players"][1].update(start_number=h["players"][0]["start_number"]),
            "players[0].start_number",
        ),
        (
            lambda h: h["memberships"].append(dict(h["memberships"][0], role="clerk")),
            "memberships[0].user",
        ),
    ],
)
def test_duplicate_keys_are_refused_before_anything_is_stored(
    example_tournament, supervisor, change, field
):
    client = Client(raise_request_exception=False)
    client.force_login(supervisor)
    before = snapshot()
    preview, confirmed = _restore_page(
        client, example_tournament.slug, history_changed(_archive(example_tournament), change)
    )
    assert preview.status_code == 409 and confirmed.status_code == 200
    text = preview.content.decode()
    assert field in text and "doppelt aufgeführt" in text, text[text.find("refused") :][:600]
    assert _stored(before) == []


def _correction(proposed):
    """A pending correction of game 1 at the first table, proposing `proposed`."""

    def change(history):
        history["corrections"].append(
            {"table": history["tables"][0]["table"], "number": 1, "proposed": proposed}
            | {"reason": "verschrieben", "status": "pending", "requested_by": None}
            | {"requested_at": "2026-11-21T20:00:00+01:00", "decided_by": None}
            | {"decided_at": None, "decision_note": ""}
        )

    return change


@pytest.mark.parametrize(
    "proposed, field",
    [
        ({"contract": "evil"}, "proposed.contract"),
        ({"contract": "rufspiel", "declarer": [1]}, "proposed.declarer"),
        ({"contract": "rufspiel", "augen": 500}, "proposed"),
        ({"contract": "rufspiel", "trumpf": 1}, "proposed.trumpf"),
        ([1], "proposed"),
    ],
)
def test_a_correction_proposing_a_game_no_sheet_can_hold_is_refused(
    example_tournament, supervisor, proposed, field
):
    """A correction's proposed game is read by the correction queue later: each of its fields
    is checked as a game stores it, its players are players of the backup."""
    client = Client(raise_request_exception=False)
    client.force_login(supervisor)
    data = history_changed(_archive(example_tournament), _correction(proposed))
    before = snapshot()
    preview, confirmed = _restore_page(client, example_tournament.slug, data)
    text = preview.content.decode()
    assert preview.status_code == 409 and confirmed.status_code == 200
    assert f"corrections[0].{field}" in text and _stored(before) == []


@pytest.mark.parametrize(
    "path, value",
    [("settings.status", "evil"), ("players.0.email", "x" * 300 + "@example.org")],
)
def test_manage_py_restore_refuses_a_hostile_value_in_german_naming_the_field(
    example_tournament, path, value, tmp_path
):
    archive = tmp_path / "sicherung.zip"
    archive.write_bytes(history_changed(_archive(example_tournament), _set(path, value)))
    before = snapshot()
    with translation.override("de"), pytest.raises(CommandError) as refused:
        call_command("restore", str(archive))
    message = str(refused.value)
    assert "beispielturnier-2026 kann nicht wiederhergestellt werden" in message
    assert path.split(".")[-1] in message and changed(before, snapshot()) == []


def test_a_key_named_twice_in_one_object_is_refused_naming_the_member_and_the_key(
    example_tournament, supervisor
):
    """`{"status": "running", "status": "evil"}`: JSON readers differ in which value they
    take, so the backup is refused rather than read either way."""
    client = Client(raise_request_exception=False)
    client.force_login(supervisor)
    data = history_text_changed(
        _archive(example_tournament),
        lambda text: text.replace(b'"status": "', b'"status": "evil", "status": "', 1),
    )
    before = snapshot()
    preview, confirmed = _restore_page(client, example_tournament.slug, data)
    text = preview.content.decode()
    assert preview.status_code == 409 and confirmed.status_code == 200
    assert "nennt den Schlüssel „status“ zweimal" in text
    assert f"{example_tournament.slug}.history.json" in text and _stored(before) == []


def _method(data: bytes, member: str, method: int, flags: int = 0) -> bytes:
    """`data` with the compression method (and flag bits) of `member` overwritten in its local
    header and in the central directory, as another program may write them."""
    raw = bytearray(data)
    name = member.encode()
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = 0
        while (at := raw.find(signature, start)) >= 0:
            start = at + 4
            head = 30 if signature == b"PK\x03\x04" else 46
            length_at = 26 if signature == b"PK\x03\x04" else 28
            length = int.from_bytes(raw[at + length_at : at + length_at + 2], "little")
            if bytes(raw[at + head : at + head + length]) != name:
                continue
            raw[at + offset + 2 : at + offset + 4] = method.to_bytes(2, "little")
            flag = int.from_bytes(raw[at + offset : at + offset + 2], "little") | flags
            raw[at + offset : at + offset + 2] = flag.to_bytes(2, "little")
    return bytes(raw)


@pytest.mark.parametrize(
    "method, flags, words",
    [(99, 1, "verschlüsselt"), (93, 0, "unbekannten Verfahren"), (8, 1, "verschlüsselt")],
)
def test_an_encrypted_member_or_an_unknown_compression_is_refused_naming_the_member(
    example_tournament, supervisor, method, flags, words
):
    client = Client(raise_request_exception=False)
    client.force_login(supervisor)
    member = f"{example_tournament.slug}.history.json"
    data = _method(_archive(example_tournament), member, method, flags)
    before = snapshot()
    preview, confirmed = _restore_page(client, example_tournament.slug, data)
    text = preview.content.decode()
    assert preview.status_code == 409 and confirmed.status_code == 200
    assert words in text and member in text
    assert _stored(before) == []
