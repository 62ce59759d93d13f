"""Data protection (DSGVO): a person's data as JSON, their erasure, and the retention of the
tournaments' documents (scoresheets are kept six months after the tournament, rule 5.3.5).

Erasing or anonymising replaces names and contact data only. Every score, total and rank lives
on the players' and seats' rows by their keys, never by a name, so no result changes (the tests
compare the rankings before and after).
"""

from __future__ import annotations

import datetime
from calendar import monthrange

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone

from tournament import models
from tournament.models.players import personal_code_new
from tournament.persons.cup_privacy import cup_rows_erase
from tournament.persons.renaming import documents_remove, names_replace
from tournament.persons.results import person_results
from tournament.scorekeeping.changes import public_pages_changed
from tournament.web.uploads import uploads_sweep

#: What stands where an erased person's name stood, in every tournament.
ERASED = "gelöscht"


def _when(value: datetime.datetime | datetime.date | None) -> str | None:
    return value.isoformat() if value else None


def person_export(person: models.Person) -> dict:
    """Everything stored about `person`, as JSON-ready data (Art. 15 DSGVO)."""
    results = person_results(person=person)
    seats = models.Seat.objects.filter(player__person=person).exclude(signature="")
    signatures = {
        (s.player_id, s.durchgang.number): s.signature for s in seats.select_related("durchgang")
    }
    return {
        "format": "schafkopf-person",
        "version": 1,
        "exported_at": timezone.now().isoformat(),
        "organiser": person.organiser.name,
        "person": {
            "name": person.name,
            "club": person.club,
            "email": person.email,
            "phone": person.phone,
            "publication": person.publication,
            "created_at": _when(person.created_at),
            "updated_at": _when(person.updated_at),
            "erased_at": _when(person.erased_at),
        },
        "tournaments": [
            {
                "tournament": r.player.tournament.name,
                "date": _when(r.player.tournament.date),
                "start_number": r.player.start_number,
                "name": r.player.name,
                "club": r.player.club,
                "email": r.player.email,
                "registered_online_at": _when(r.player.registered_online_at),
                "withdrawn": r.player.withdrawn,
                "checked_in_at": _when(r.player.checked_in_at),
                "startgeld": r.player.payment,
                "rank": r.rank,
                "points": r.points,
                "signatures": {
                    str(number): text
                    for (player, number), text in sorted(signatures.items())
                    if player == r.player.pk
                },
            }
            for r in results
        ],
        "merges": [
            {"at": _when(m.at), "merged_name": m.merged_name, "merged_club": m.merged_club}
            for m in person.merges.all()
        ],
    }


def person_erase(*, person: models.Person, by: User | AnonymousUser) -> int:
    """Erase `person` (Art. 17 DSGVO): name "gelöscht", no club, e-mail or phone, in the
    register and on every player of theirs in every tournament (with the e-mail typed when
    registering), signatures included, and in the rows of the evenings their organiser sent in
    to a cup (persons/cup_privacy.py); the results stay. Returns how many tournament entries
    changed."""
    with transaction.atomic():
        players = models.Player.objects.filter(person=person)
        entries = list(players.values_list("tournament_id", "start_number", "tournament__slug"))
        tournaments = {tournament_id for tournament_id, _number, _slug in entries}
        cup_rows_erase(person, ERASED)  # before the names it compares are replaced
        changed = players.update(
            name=ERASED, club="", email="", withdraw_key="", publish_full_name=False
        )
        for tournament_id in tournaments:
            numbers = [n for t, n, _slug in entries if t == tournament_id]
            names_replace(tournament_id, dict.fromkeys(numbers, ERASED), signature=ERASED)
        documents_remove({slug for _t, _n, slug in entries})
        person.merges.update(merged_name=ERASED, merged_club="")
        person.name, person.club, person.email, person.phone = ERASED, "", "", ""
        person.publication = models.Person.Publication.INITIAL
        person.erased_at = timezone.now()
        person.erased_by = by if isinstance(by, User) else None  # a staff page: always a User
        person.save()
        for tournament_id in tournaments:
            public_pages_changed(tournament_id)
    # a backup uploaded for a restore and not confirmed may hold the name: gone now, too
    uploads_sweep(datetime.timedelta(0))
    return changed


def _months_before(day: datetime.date, months: int) -> datetime.date:
    month_index = day.year * 12 + day.month - 1 - months
    year, month = divmod(month_index, 12)
    return datetime.date(year, month + 1, min(day.day, monthrange(year, month + 1)[1]))


def retention_limit(today: datetime.date | None = None) -> datetime.date:
    """Tournaments held before this day are past their retention."""
    return _months_before(today or timezone.localdate(), settings.RETENTION_MONTHS)


def retention_due(today: datetime.date | None = None) -> list[models.Tournament]:
    """The tournaments past their retention and not anonymised yet, oldest first."""
    return list(
        models.Tournament.objects.filter(
            date__lt=retention_limit(today), anonymised_at__isnull=True
        ).order_by("date", "name")
    )


def tournament_anonymise(tournament: models.Tournament) -> int:
    """Replace every player's name by "Spieler N" (the start number), also in the sheet
    history; drop clubs, e-mails, the registrations waiting for confirmation, the links to the
    person register, signatures, the phones' links and ids and the stored documents; the
    results stay. Returns the number of players."""
    with transaction.atomic():
        players = list(tournament.players.all())
        for player in players:
            player.name = f"Spieler {player.start_number}"
            player.club, player.person, player.publish_full_name = "", None, True
            player.email, player.withdraw_key = "", ""
            player.personal_code = personal_code_new()
        models.Player.objects.bulk_update(
            players,
            [
                "name",
                "club",
                "person",
                "publish_full_name",
                "email",
                "withdraw_key",
                "personal_code",
            ],
        )
        tournament.pending_registrations.all().delete()
        names_replace(tournament.pk, {p.start_number: p.name for p in players}, signature="")
        models.PhoneEntry.objects.filter(table__durchgang__tournament=tournament).update(phone="")
        documents_remove({tournament.slug})
        models.TableLink.objects.filter(table__durchgang__tournament=tournament).delete()
        tournament.anonymised_at = timezone.now()
        tournament.save(update_fields=["anonymised_at"])
        public_pages_changed(tournament.pk)
    return len(players)
