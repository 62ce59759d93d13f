"""Who may see a tournament's ranking and its public pages, and up to which Durchgang."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import models
from tournament.ranking.standings import standings_played
from tournament.scorekeeping.changes import public_pages_changed
from tournament.web.access import tournament_role
from tournament.web.form_errors import ServiceError

Publication = models.Tournament.Publication


class PublicationError(ServiceError):
    """The ranking cannot be published so; `errors` maps a field to messages in the user's
    language. Nothing was changed."""


def ranking_visible_until(tournament: models.Tournament, user) -> int | None:
    """The last Durchgang whose ranking this user may see; None: not published for him.

    The tournament's staff always sees the ranking after every Durchgang begun; everybody else
    what the supervisor has published (live: all begun; after a Durchgang: up to that one). A
    Durchgang drawn without a game yet is left out: the ranking would claim to be "after" it.
    """
    last = standings_played(tournament)
    if tournament_role(user, tournament) is not None:
        return last
    return tournament.ranking_public_until(last)


def ranking_public_last(tournament: models.Tournament) -> int | None:
    """The last Durchgang whose ranking the public sees (the embeds, the API); None: not
    published."""
    return tournament.ranking_public_until(standings_played(tournament))


def ranking_publish(
    *, tournament: models.Tournament, publication: str, after: int | None = None
) -> None:
    """The supervisor publishes the ranking (live, or after Durchgang `after`) or withdraws it,
    noting since when it is public (`ranking_published_at`); raises `PublicationError`
    (nothing changes) for a Durchgang the tournament does not have."""
    if publication == Publication.AFTER:
        if after is None or not 1 <= after <= tournament.number_of_durchgaenge:
            message = _("Choose a Durchgang from 1 to %(max)s.") % {
                "max": tournament.number_of_durchgaenge
            }
            raise PublicationError({"after": [message]})
    else:
        after = None
    was_public = tournament.ranking_publication != Publication.HIDDEN
    tournament.ranking_publication, tournament.ranking_published_after = publication, after
    # Public since: set when it leaves hidden, kept while it stays public, cleared when withdrawn
    # (the calendar's Atom feed of rankings, tournament/calendar/feeds.py).
    if publication == Publication.HIDDEN:
        tournament.ranking_published_at = None
    elif not was_public or tournament.ranking_published_at is None:
        tournament.ranking_published_at = timezone.now()
    fields = ["ranking_publication", "ranking_published_after", "ranking_published_at"]
    with transaction.atomic():
        tournament.save(update_fields=fields)
        public_pages_changed(tournament.pk)
