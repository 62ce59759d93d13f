"""A change of server, as the phones meet it: the new server's database lacks the newest games
(restored from a copy without the last saves), together with the answers kept for them."""

from __future__ import annotations

from tournament.models import Hand, PhoneEntry, Table
from tournament.sheets.services.hands import hand_delete


def server_loses(table: Table, *numbers: int) -> None:
    """The server forgets games `numbers` of `table` and the phones' entries that saved them,
    as a copy of the database taken before they were saved would."""
    for number in sorted(numbers, reverse=True):
        hand_delete(table=table, number=number, version=None, reason="Serverwechsel")
    PhoneEntry.objects.filter(table=table, number__in=numbers).delete()
    assert not Hand.objects.filter(table=table, number__in=numbers).exists()


def resend(enter, client, link, number: int, code: str, key: str, version: int = 0):
    """A game sent again after a change of server: its key, its payload, marked `resent`."""
    data = {"key": key, "number": number, "code": code, "version": version, "resent": True}
    return enter(client, "phone_entry", link, data)
