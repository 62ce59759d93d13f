"""The person register: find, match, create, change, merge and keep apart persons, and link a
tournament's players to them. Names are compared by `persons.matching`; every write is one
transaction."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from tournament import models
from tournament.persons.matching import (
    Entry,
    duplicates_likely,
    key,
    name_canonical,
    same,
    scripts_mixed,
    similar_to,
)
from tournament.scorekeeping.changes import public_pages_changed
from tournament.web.form_errors import ServiceError
from tournament.web.names import name_normal, name_problem

NAME_LENGTH = 200
CLUB_LENGTH = 200
PHONE_LENGTH = 40


class PersonError(ServiceError):
    """A user error; `errors` maps a form field (or "__all__") to translated messages."""


def organiser_of(tournament: models.Tournament) -> models.Organiser:
    return tournament.organiser or models.organiser_default()


def _entry(person: models.Person) -> Entry:
    return Entry(id=person.pk, name=person.name, club=person.club)


def persons_find(*, organiser: models.Organiser, query: str = "") -> QuerySet[models.Person]:
    """The organiser's persons whose name or club contains every word of `query`."""
    persons = organiser.persons.order_by("name", "club")
    for word in query.split()[:5]:
        persons = persons.filter(Q(name__icontains=word) | Q(club__icontains=word))
    return persons


def person_match(*, organiser: models.Organiser, name: str, club: str) -> models.Person | None:
    """The person of this name and club (folded alike), if the register holds one."""
    wanted = (key(name), key(club))
    # Folded in Python: SQL folds neither ß nor umlauts the same way on every database.
    for pk, known, known_club in organiser.persons.order_by("pk").values_list("pk", "name", "club"):
        if (key(known), key(known_club)) == wanted:
            return organiser.persons.get(pk=pk)
    return None


def persons_similar(*, person: models.Person) -> list[models.Person]:
    """Other persons of the register that are probably this one (not those kept apart)."""
    apart = _kept_apart(person.organiser)
    others = {
        p.pk: p
        for p in person.organiser.persons.exclude(pk=person.pk)
        if _pair(person.pk, p.pk) not in apart
    }
    found = similar_to(_entry(person), (_entry(p) for p in others.values()))
    return [others[e.id] for e in found]


def persons_duplicates(*, organiser: models.Organiser) -> list[tuple[models.Person, models.Person]]:
    """Pairs of the register's persons that are probably one person each, but those kept
    apart."""
    persons = {p.pk: p for p in organiser.persons.order_by("name", "pk")}
    apart = _kept_apart(organiser)
    pairs = duplicates_likely(_entry(p) for p in persons.values())
    return [(persons[a.id], persons[b.id]) for a, b in pairs if _pair(a.id, b.id) not in apart]


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _kept_apart(organiser: models.Organiser) -> set[tuple[int, int]]:
    return set(organiser.apart.values_list("first_id", "second_id"))


def persons_keep_apart(
    *, first: models.Person, second: models.Person, by: User | AnonymousUser | None = None
) -> None:
    """`first` and `second` (of one register) are two people: they are no longer proposed as
    one. Merging them by hand stays possible."""
    if first.pk == second.pk:
        raise PersonError({"__all__": [_("Choose two different persons.")]})
    low, high = _pair(first.pk, second.pk)
    models.PersonApart.objects.get_or_create(
        organiser_id=first.organiser_id,
        first_id=low,
        second_id=high,
        defaults={"by": models.user_recorded(by)},
    )


def persons_scripts_mixed(*, organiser: models.Organiser) -> list[tuple[models.Person, list[str]]]:
    """The register's persons whose names mix scripts (`matching.scripts_mixed`), each with
    the scripts of its letters."""
    persons = organiser.persons.filter(erased_at__isnull=True).order_by("name", "pk")
    return [(person, scripts) for person in persons if (scripts := scripts_mixed(person.name))]


def _checked(*, name: str, club: str, email: str, phone: str, publication: str) -> dict[str, str]:
    errors: dict[str, list[str]] = {}
    name, club, email, phone = name_normal(name), club.strip(), email.strip(), phone.strip()
    if not name:
        errors["name"] = [_("Enter the person's name.")]
    elif problem := name_problem(name, field=_("Name")):
        errors["name"] = [problem]
    elif len(name) > NAME_LENGTH:
        errors["name"] = [_("The name is longer than %(n)s characters.") % {"n": NAME_LENGTH}]
    if len(club) > CLUB_LENGTH:
        errors["club"] = [_("The club is longer than %(n)s characters.") % {"n": CLUB_LENGTH}]
    if email:
        try:
            validate_email(email)
        except ValidationError:
            errors["email"] = [_("The e-mail address is not valid.")]
    if len(phone) > PHONE_LENGTH or any(c not in "0123456789 +-/()" for c in phone):
        errors["phone"] = [_("Enter the phone number with digits, spaces, + - / ( ) only.")]
    if publication not in models.Person.Publication.values:
        errors["publication"] = [_("Choose how the name is shown on public pages.")]
    if errors:
        raise PersonError(errors)
    return {"name": name, "club": club, "email": email, "phone": phone, "publication": publication}


def person_create(
    *,
    organiser: models.Organiser,
    name: str,
    club: str = "",
    email: str = "",
    phone: str = "",
    publication: str = models.Person.Publication.INITIAL,
) -> models.Person:
    values = _checked(name=name, club=club, email=email, phone=phone, publication=publication)
    return models.Person.objects.create(organiser=organiser, **values)


def _players_publication_follow(person: models.Person) -> None:
    """Copy the person's choice onto their players (never the full name onto a player who
    asked for the initial only); the public pages of their tournaments change where it
    differs."""
    full = person.publishes_full_name
    following = person.players.filter(initial_only=False, publish_full_name=not full)
    to_initial = person.players.filter(initial_only=True, publish_full_name=True)
    tournaments = set(following.values_list("tournament_id", flat=True))
    tournaments |= set(to_initial.values_list("tournament_id", flat=True))
    following.update(publish_full_name=full)
    to_initial.update(publish_full_name=False)
    for tournament_id in tournaments:
        public_pages_changed(tournament_id)


def person_update(
    *,
    person: models.Person,
    name: str,
    club: str,
    email: str = "",
    phone: str = "",
    publication: str,
) -> models.Person:
    """Change the register's entry; the tournaments' players keep the name they played under,
    but follow the publication choice."""
    values = _checked(name=name, club=club, email=email, phone=phone, publication=publication)
    with transaction.atomic():
        for field, value in values.items():
            setattr(person, field, value)
        person.save(update_fields=[*values, "updated_at"])
        _players_publication_follow(person)
    return person


def player_person_link(*, player: models.Player, person: models.Person) -> None:
    """The player is this person of the register: public pages show the name as the person
    chose, or the initial only where the player asked for it. The person stays as recorded."""
    player.person = person
    player.publish_full_name = person.publishes_full_name and not player.initial_only
    player.save(update_fields=["person", "publish_full_name"])


def person_candidates(
    *, tournament: models.Tournament, players: list[models.Player]
) -> dict[int, list[models.Person]]:
    """For each player (by id), the persons of the tournament's register that are, or are
    probably, that player (by name and club, `persons.matching`), the exact match first. The
    register is read once; a player is compared only with the persons who have a name word
    beginning like the player's family name (a slip in the first letter is rare), so that a
    page listing many players against a register of thousands stays quick."""
    organiser = organiser_of(tournament)
    by_initial: dict[str, list[models.Person]] = {}
    for person in organiser.persons.filter(erased_at__isnull=True).order_by("name", "pk"):
        for initial in {word[:1] for word in name_canonical(person.name).split()}:
            by_initial.setdefault(initial, []).append(person)
    found: dict[int, list[models.Person]] = {}
    for player in players:
        wanted = Entry(id=0, name=player.name, club=player.club)
        words = name_canonical(player.name).split()
        nearby = by_initial.get(words[-1][:1], []) if words else []
        persons = {p.pk: p for p in nearby}
        matches = similar_to(wanted, (_entry(p) for p in persons.values()))
        matches.sort(key=lambda entry: not same(wanted, entry))
        found[player.pk] = [persons[entry.id] for entry in matches]
    return found


def person_from_player(*, player: models.Player) -> models.Person:
    """A new person of the register made of what the player typed when registering (name,
    club, e-mail, the publication choice), linked to the player."""
    publication = models.Person.Publication
    with transaction.atomic():
        person = person_create(
            organiser=organiser_of(player.tournament),
            name=player.name,
            club=player.club,
            email=player.email,
            publication=publication.FULL if player.publish_full_name else publication.INITIAL,
        )
        player_person_link(player=player, person=person)
        public_pages_changed(player.tournament_id)
    return person


def person_for_player(*, organiser: models.Organiser, name: str, club: str) -> models.Person:
    """The register's person of this name and club, or a new one (publication: initial only,
    until the person consents to more)."""
    return person_match(organiser=organiser, name=name, club=club) or person_create(
        organiser=organiser, name=name, club=club
    )


@dataclass(frozen=True)
class Merge:
    kept: models.Person
    players_moved: int


def person_merge(
    *, kept: models.Person, merged: models.Person, by: User | AnonymousUser | None = None
) -> Merge:
    """Join `merged` into `kept`: every player (and so every result) of both now belongs to
    `kept`, contact data missing in `kept` is taken over, `merged` is deleted and the merge
    recorded. The players keep their names and every score row stays as it is."""
    if kept.pk == merged.pk:
        raise PersonError({"__all__": [_("Choose two different persons to merge.")]})
    if kept.organiser_id != merged.organiser_id:
        raise PersonError({"__all__": [_("Only persons of the same register can be merged.")]})
    with transaction.atomic():
        moved = models.Player.objects.filter(person=merged).update(person=kept)
        updated = []
        for field in ("club", "email", "phone"):
            if not getattr(kept, field) and getattr(merged, field):
                setattr(kept, field, getattr(merged, field))
                updated.append(field)
        kept.save(update_fields=[*updated, "updated_at"])
        models.PersonMerge.objects.create(
            organiser_id=kept.organiser_id,
            kept=kept,
            merged_name=merged.name,
            merged_club=merged.club,
            merged_id=merged.pk,
            players_moved=moved,
            by=models.user_recorded(by),
        )
        merged.delete()
        _players_publication_follow(kept)
    return Merge(kept=kept, players_moved=moved)


def registrations_to_link(tournament: models.Tournament) -> list[tuple[models.Player, list]]:
    """The players of the public registration not yet linked to a person of the register,
    each with the register's persons that are, or are probably, them."""
    players = list(
        tournament.players.filter(
            registered_online_at__isnull=False, person__isnull=True, withdrawn=False
        ).order_by("start_number")
    )
    candidates = person_candidates(tournament=tournament, players=players)
    return [(player, candidates[player.pk]) for player in players]
