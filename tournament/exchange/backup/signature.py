"""Backups carry their origin: the manifest is signed with an HMAC-SHA256 under the key of the
installation that wrote it (`InstallationKey`, one row in its database). The SHA-256 sums of
the manifest prove only that the archive is whole; anyone can recompute them. The signature
proves that this installation wrote the manifest, and with its sums every member.

A backup whose signature does not verify here was written elsewhere, or changed after it was
written: the supervisor's restore through the web then trusts it with tournament data only
(docs/security.md, *Trust boundaries*).
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import json
from typing import Any

from django.db import IntegrityError, transaction

from tournament.models import InstallationKey

ALGORITHM = "HMAC-SHA256"


class Origin(enum.Enum):
    #: signed by this installation, unchanged since
    HERE = "here"
    #: signed by another installation, or not signed (a backup made before signatures)
    ELSEWHERE = "elsewhere"
    #: names this installation but the signature is wrong: changed after it was written
    ALTERED = "altered"


def installation_secret() -> bytes:
    """This installation's secret, made on first use (two servers at once: one wins)."""
    key = InstallationKey.objects.order_by("pk").first()
    if key is None:
        try:
            with transaction.atomic():
                key = InstallationKey.objects.create(pk=1)
        except IntegrityError:
            key = InstallationKey.objects.get(pk=1)
    return key.secret.encode()


def installation_id(secret: bytes) -> str:
    """A public name of the installation, derived from its secret (which it does not reveal)."""
    return hashlib.sha256(b"schafkopf-installation:" + secret).hexdigest()[:16]


def _signed_bytes(manifest: dict[str, Any]) -> bytes:
    body = {key: value for key, value in manifest.items() if key != "signature"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def manifest_signature(manifest: dict[str, Any], secret: bytes) -> dict[str, str]:
    """The `signature` entry of `manifest` (as it reads back from JSON)."""
    digest = hmac.new(secret, _signed_bytes(manifest), hashlib.sha256).hexdigest()
    return {"algorithm": ALGORITHM, "installation": installation_id(secret), "value": digest}


def manifest_origin(manifest: dict[str, Any], secret: bytes) -> Origin:
    """Where the manifest comes from, judged by its signature under this installation's key."""
    signature = manifest.get("signature")
    if not isinstance(signature, dict) or signature.get("algorithm") != ALGORITHM:
        return Origin.ELSEWHERE
    if signature.get("installation") != installation_id(secret):
        return Origin.ELSEWHERE
    expected = manifest_signature(manifest, secret)["value"]
    value = signature.get("value")
    if isinstance(value, str) and hmac.compare_digest(value, expected):
        return Origin.HERE
    return Origin.ALTERED
