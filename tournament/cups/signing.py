"""The signature of cup files: Ed25519 (the `cryptography` package) over the exact bytes of the
file's content, detached in a small JSON envelope (docs/cup.md, *The cup file*).

Each organiser has a key of its own (`CupSigningKey`, in the database like the backups' secret,
so that every app server and task worker of the installation signs alike); the cup knows each
member's public key, registered once by the cup organiser from the code or key file the member's
installation shows. A key is named by its fingerprint: the first 8 bytes of the SHA-256 of the
raw public key, in hex groups of four (`1a2b-3c4d-5e6f-7a8b`), short enough to read out on the
phone.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournament.models import CupSigningKey, Organiser

ENVELOPE = "schafkopf-pokal-datei"
KEY_FILE = "schafkopf-pokal-schluessel"
VERSION = 1
ALGORITHM = "Ed25519"


class CupFileError(Exception):
    """A file or key refused; the message is German and names why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def signing_key(organiser: Organiser) -> CupSigningKey | None:
    return CupSigningKey.objects.filter(organiser=organiser).first()


def signing_key_make(organiser: Organiser) -> CupSigningKey:
    """The organiser's key, made on first use (two requests at once: one wins)."""
    key = signing_key(organiser)
    if key is not None:
        return key
    private = Ed25519PrivateKey.generate()
    raw = private.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    public = private.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    try:
        with transaction.atomic():
            return CupSigningKey.objects.create(
                organiser=organiser, private_key=_b64(raw), public_key=_b64(public)
            )
    except IntegrityError:
        return CupSigningKey.objects.get(organiser=organiser)


def fingerprint(public_key: str) -> str:
    digest = hashlib.sha256(base64.b64decode(public_key)).hexdigest()[:16]
    return "-".join(digest[i : i + 4] for i in range(0, 16, 4))


def key_file(key: CupSigningKey) -> str:
    """The public key as a small JSON file for the cup organiser."""
    content = {
        "format": KEY_FILE,
        "version": VERSION,
        "organiser": key.organiser.name,
        "algorithm": ALGORITHM,
        "public_key": key.public_key,
        "fingerprint": fingerprint(key.public_key),
    }
    return json.dumps(content, ensure_ascii=False, indent=1) + "\n"


def public_key_parse(text: str) -> str:
    """The base64 public key from its code (spaces allowed) or from the key file's text;
    CupFileError in German otherwise."""
    text = text.strip()
    if text.startswith("{"):
        try:
            content = json.loads(text)
        except ValueError:
            content = None
        if not isinstance(content, dict) or content.get("format") != KEY_FILE:
            raise CupFileError(_("This is no key file of a cup member."))
        text = str(content.get("public_key", ""))
    code = "".join(text.split())
    try:
        raw = base64.b64decode(code, validate=True)
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != 32:
        raise CupFileError(
            _("This is no public key: the code has 44 characters (letters, digits, + / =).")
        )
    return _b64(raw)


def envelope_sign(payload: bytes, key: CupSigningKey) -> bytes:
    """The cup file: `payload` signed by `key`, in its envelope."""
    private = Ed25519PrivateKey.from_private_bytes(base64.b64decode(key.private_key))
    envelope = {
        "format": ENVELOPE,
        "version": VERSION,
        "algorithm": ALGORITHM,
        "key": fingerprint(key.public_key),
        "signature": _b64(private.sign(payload)),
        "payload": _b64(payload),
    }
    return (json.dumps(envelope, indent=1) + "\n").encode()


@dataclass(frozen=True)
class Envelope:
    payload: bytes
    signature: bytes  # empty: not signed
    key: str  # the fingerprint the file names


def envelope_open(data: bytes) -> Envelope:
    """The envelope of a cup file, not verified yet; CupFileError when it is none."""
    try:
        content = json.loads(data)
    except ValueError:
        content = None
    if not isinstance(content, dict) or content.get("format") != ENVELOPE:
        raise CupFileError(
            _("This is no cup file: export it with “Cup file” on the sending installation.")
        )
    try:
        payload = base64.b64decode(str(content.get("payload", "")), validate=True)
    except (binascii.Error, ValueError):
        payload = b""
    if not payload:
        raise CupFileError(_("The cup file holds no result."))
    signature = content.get("signature")
    if not signature or content.get("algorithm") != ALGORITHM:
        return Envelope(payload=payload, signature=b"", key="")
    try:
        raw = base64.b64decode(str(signature), validate=True)
    except (binascii.Error, ValueError):
        raw = b"-"  # present but unreadable: verifies under no key
    return Envelope(payload=payload, signature=raw, key=str(content.get("key", "")))


def signature_valid(public_key: str, envelope: Envelope) -> bool:
    if not public_key or not envelope.signature:
        return False
    verifier = Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key))
    try:
        verifier.verify(envelope.signature, envelope.payload)
    except InvalidSignature:
        return False
    return True
