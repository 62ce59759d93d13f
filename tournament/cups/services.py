"""Cups: their settings, members and keys, the evenings counting in them (a tournament hosted
here, or a signed result file sent in), and withdrawing an evening. Every change of an evening
is kept in its history (`CupEntryEvent`). A file is verified before anything is read from it:
unsigned, signed by another member's key, altered after signing, older than the one the cup
holds, or the very file the cup holds already, it is refused with a German message naming why.
"""

# Declared boilerplate (duplicates): checking a form's values and raising the feature's
# ServiceError is alike in shape in every service.

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.season import placement_parse
from tournament import models
from tournament.cups.files import Evening, evening_read
from tournament.cups.signing import (
    CupFileError,
    envelope_open,
    fingerprint,
    public_key_parse,
    signature_valid,
)
from tournament.persons.matching import key as name_key
from tournament.seasons.services import season_results_write
from tournament.web.form_errors import ServiceError

Entry = models.CupEntry
Event = models.CupEntryEvent


class CupError(ServiceError):
    """A user error; `errors` maps a form field (or "__all__") to translated messages."""


def cup_save(
    *,
    organiser: models.Organiser,
    cup: models.Cup | None = None,
    name: str,
    slug: str,
    season: str,
    kind: str = models.Cup.Kind.SUM,
    best: int | None = None,
    minimum: int = 0,
    placement_text: str = "",
    team_size: int | None = None,
) -> models.Cup:
    """Create or change a cup: its rules are those of the seasons (scoring/season.py); its team
    table counts a club's best `team_size` players of each evening (left out: unchanged)."""
    errors: dict[str, list[str]] = {}
    placement: tuple[int, ...] = ()
    try:
        placement = placement_parse(placement_text or "")
    except ValueError as error:
        errors["placement_text"] = [
            _("“%(part)s” is no number of points: write the points by place, e.g. 25-20-16-13.")
            % {"part": error.args[0]}
        ]
    if kind == models.Cup.Kind.PLACEMENT and not placement and not errors:
        errors["placement_text"] = [_("Enter the points by place, e.g. 25-20-16-13.")]
    if kind == models.Cup.Kind.BEST and not best:
        errors["best"] = [_("Enter how many evenings count.")]
    if errors:
        raise CupError(errors)
    with transaction.atomic():
        if cup is None:
            cup = models.Cup(organiser=organiser, slug=slug)
        cup.name, cup.season, cup.kind = name, season, kind
        cup.best, cup.minimum, cup.placement = best, minimum, list(placement)
        if team_size:
            cup.team_size = team_size
        cup.save()
    return cup


def member_add(*, cup: models.Cup, organiser: models.Organiser) -> models.CupMember:
    member, _created = models.CupMember.objects.get_or_create(cup=cup, organiser=organiser)
    return member


def member_key_register(*, member: models.CupMember, text: str, by: Any) -> models.CupMember:
    """Register the member's public key from its code or key file; CupError naming why not."""
    try:
        public_key = public_key_parse(text)
    except CupFileError as error:
        raise CupError({"key": [error.message]}) from error
    other = member.cup.members.exclude(pk=member.pk).filter(public_key=public_key).first()
    if other is not None:
        raise CupError(
            {
                "key": [
                    _("This key is registered for %(member)s already: each member has its own.")
                    % {"member": other.organiser.name}
                ]
            }
        )
    member.public_key = public_key
    member.key_registered_at = timezone.now()
    member.key_registered_by = models.user_recorded(by)
    member.save(update_fields=["public_key", "key_registered_at", "key_registered_by"])
    return member


def entry_hosted_add(
    *, cup: models.Cup, member: models.CupMember, tournament: models.Tournament, by: Any
) -> models.CupEntry:
    """A tournament of the member's own, hosted on this server, counts in the cup."""
    if tournament.organiser_id != member.organiser_id:
        raise CupError({"tournament": [_("Only the member's own tournaments count for it.")]})
    with transaction.atomic():
        if cup.entries.filter(tournament=tournament).exists():
            raise CupError(
                {"tournament": [_("%(name)s counts in the cup already.") % {"name": tournament}]}
            )
        entry = Entry.objects.create(
            cup=cup,
            member=member,
            tournament=tournament,
            name=tournament.name,
            date=tournament.date,
        )
        Event.objects.create(entry=entry, kind=Event.Kind.ADDED, by=models.user_recorded(by))
    season_results_write(tournament.pk)  # its stored part, read by the cup table
    return entry


def entry_withdraw(*, entry: models.CupEntry, reason: str, by: Any) -> models.CupEntry:
    reason = reason.strip()
    if not reason:
        raise CupError({"reason": [_("Give the reason: the member reads it in the history.")]})
    if entry.state == Entry.State.WITHDRAWN:
        raise CupError({"reason": [_("The evening is withdrawn already.")]})
    with transaction.atomic():
        entry.state, entry.withdraw_reason = Entry.State.WITHDRAWN, reason[:300]
        entry.save(update_fields=["state", "withdraw_reason"])
        Event.objects.create(
            entry=entry, kind=Event.Kind.WITHDRAWN, reason=reason[:300], by=models.user_recorded(by)
        )
    return entry


@dataclass(frozen=True)
class Change:
    name: str
    before: tuple[int, int] | None  # rank, points; None: not in the stored file
    after: tuple[int, int] | None  # None: not in the new file


@dataclass(frozen=True)
class UploadCheck:
    evening: Evening
    digest: str
    existing: models.CupEntry | None
    changes: list[Change]


def _verified(member: models.CupMember, data: bytes) -> bytes:
    """The payload of `data` once its signature is the member's; CupFileError naming why not."""
    envelope = envelope_open(data)
    names = {"member": member.organiser.name}
    if not envelope.signature:
        raise CupFileError(
            _(
                "The file is not signed: only a cup file exported by %(member)s's installation "
                "is taken."
            )
            % names
        )
    if not member.public_key:
        raise CupFileError(
            _("No key is registered for %(member)s yet: the cup organiser registers it first.")
            % names
        )
    if signature_valid(member.public_key, envelope):
        return envelope.payload
    others = member.cup.members.exclude(pk=member.pk).exclude(public_key="")
    for other in others.select_related("organiser"):
        if signature_valid(other.public_key, envelope):
            raise CupFileError(
                _(
                    "The file is signed with the key of %(other)s, not with the key of "
                    "%(member)s: each member sends its own evenings."
                )
                % {**names, "other": other.organiser.name}
            )
    known = {fingerprint(member.public_key)} | {fingerprint(o.public_key) for o in others}
    if envelope.key in known:
        raise CupFileError(
            _(
                "The file was changed after it was signed (its signature no longer fits its "
                "content): export it again."
            )
        )
    raise CupFileError(
        _(
            "The file is signed with a key the cup does not know (%(key)s), not with the key "
            "registered for %(member)s (%(registered)s)."
        )
        % {**names, "key": envelope.key or "?", "registered": fingerprint(member.public_key)}
    )


def _key(row: dict[str, Any]) -> str:
    return name_key(row["name"])


def _changes(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[Change]:
    old = {_key(r): r for r in before}
    new = {_key(r): r for r in after}
    changes = []
    for key in [*new, *(k for k in old if k not in new)]:
        a, b = old.get(key), new.get(key)
        was = (a["rank"], a["points"]) if a else None
        now = (b["rank"], b["points"]) if b else None
        if was != now:
            changes.append(Change(name=(b or a or {})["name"], before=was, after=now))
    return changes


def upload_check(*, cup: models.Cup, member: models.CupMember, data: bytes) -> UploadCheck:
    """What storing the file would do, without storing it; CupFileError when it is refused."""
    evening = evening_read(_verified(member, data))
    digest = hashlib.sha256(data).hexdigest()
    existing = cup.entries.filter(
        member=member, tournament__isnull=True, source_slug=evening.slug
    ).first()
    if existing is None:
        return UploadCheck(evening, digest, None, _changes([], evening.standings))
    names = {"evening": existing.name}
    if existing.state == Entry.State.WITHDRAWN:
        raise CupFileError(
            _("The cup organiser withdrew %(evening)s (%(reason)s): it is not sent again.")
            % {**names, "reason": existing.withdraw_reason}
        )
    if existing.digest == digest:
        raise CupFileError(_("The cup holds exactly this file of %(evening)s already.") % names)
    assert existing.signed_at is not None
    if evening.signed_at <= existing.signed_at:
        raise CupFileError(
            _(
                "This file of %(evening)s is older than the one the cup holds (signed on "
                "%(signed)s; the cup holds the file signed on %(held)s): an old file is not "
                "taken again."
            )
            % {
                **names,
                "signed": date_format(timezone.localtime(evening.signed_at), "d.m.Y H:i"),
                "held": date_format(timezone.localtime(existing.signed_at), "d.m.Y H:i"),
            }
        )
    return UploadCheck(evening, digest, existing, _changes(existing.standings, evening.standings))


def upload_store(
    *, cup: models.Cup, member: models.CupMember, data: bytes, by: Any
) -> models.CupEntry:
    """Store the file's evening (new, or replacing the older file of the same evening), checked
    again in the transaction; CupFileError when it is refused now."""
    with transaction.atomic():
        models.CupMember.objects.select_for_update().get(pk=member.pk)
        check = upload_check(cup=cup, member=member, data=data)
        evening = check.evening
        entry = check.existing or Entry(cup=cup, member=member, source_slug=evening.slug)
        entry.name, entry.date, entry.standings = evening.name, evening.date, evening.standings
        entry.digest, entry.signed_at = check.digest, evening.signed_at
        entry.save()
        kind = Event.Kind.REPLACED if check.existing else Event.Kind.UPLOADED
        Event.objects.create(
            entry=entry,
            kind=kind,
            by=models.user_recorded(by),
            digest=check.digest,
            signed_at=evening.signed_at,
        )
    return entry
