"""The `door` tournament's Startgeld (tests/checkin/conftest.py); its online registration: the
address, a registration posted, and the registration opened with a limit."""

from __future__ import annotations

from decimal import Decimal

from django.test import Client
from django.urls import reverse

from tournament.checkin.services import door_settings_save

FEE = Decimal("12.50")  # the `door` tournament's Startgeld


def url(door) -> str:
    return reverse("tournament:registration", args=[door.slug])


def register(door, name: str, club: str = "", full: str = "0", **extra):
    values = {"name": name, "club": club, "email": "", "full_name_public": full, **extra}
    return Client().post(url(door), values)


def open_with(door, limit, reserved: int = 0):
    door_settings_save(
        tournament=door,
        entry_fee=door.entry_fee,
        check_in=True,
        registration_open=True,
        registration_limit=limit,
        registration_reserved=reserved,
    )
