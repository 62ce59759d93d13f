"""The players' phones at a table: the supervisor issues a table's link with a PIN,
revokes or reissues it; a phone that knows both opens that table's sheet while it is open."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from tournament import models
from tournament.models.compiled import Compiled
from tournament.scorekeeping.revisions import TABLE, links_forget, revision_raise


def table_link_issue(*, table: models.Table, user) -> models.TableLink:
    """A new link for `table`; the one valid before stops working."""
    with transaction.atomic():
        table_link_revoke(table=table)
        return models.TableLink.objects.create(table=table, **_fresh(user))


def _fresh(user) -> dict:
    """A new link's unguessable token and six-digit PIN, and who issued it."""
    return {
        "token": secrets.token_urlsafe(16),
        "pin": f"{secrets.randbelow(10**6):06d}",
        "issued_by": user,
    }


def table_link_revoke(*, table: models.Table) -> int:
    """Stop the table's valid link; returns how many were valid (0 or 1)."""
    return _revoked(models.TableLink.objects.filter(table=table, revoked_at__isnull=True))


def _revoked(links) -> int:
    """Revoke `links`: their phones' next poll finds them gone (scorekeeping/revisions.py)."""
    with transaction.atomic():
        valid = list(links.values_list("token", "table_id"))
        count = links.update(revoked_at=timezone.now())
        links_forget(token for token, _table in valid)
        for table_id in {table for _token, table in valid}:
            revision_raise(TABLE, table_id)
    return count


def table_link_valid(table: models.Table) -> models.TableLink | None:
    return models.TableLink.objects.filter(table=table, revoked_at__isnull=True).first()


def table_links_valid(durchgang: models.Durchgang) -> dict[int, models.TableLink]:
    """The valid link of each table of the Durchgang that has one, by the table's id."""
    links = models.TableLink.objects.filter(table__durchgang=durchgang, revoked_at__isnull=True)
    return {link.table_id: link for link in links}


def table_links_issue_missing(*, durchgang: models.Durchgang, user) -> int:
    """A link for every open table of the Durchgang without a valid one; how many were made.
    The draw issues them with the tables (tournament/draw/views/actions.py), so that the table cards
    and scoresheets printed next carry each table's PIN. In one query, not three per table: a
    table without a valid link has none to revoke."""
    valid = models.TableLink.objects.filter(revoked_at__isnull=True).values("table_id")
    without = list(durchgang.tables.filter(closed_at__isnull=True).exclude(pk__in=valid))
    models.TableLink.objects.bulk_create(
        models.TableLink(table=table, **_fresh(user)) for table in without
    )
    return len(without)


#: The valid link of a token whose sheet is still open, with its table (built once: every
#: request of a phone asks it).
_OPEN = Compiled(
    lambda token: (
        models.TableLink.objects.select_related("table__durchgang__tournament")
        .filter(token=token, revoked_at__isnull=True, table__closed_at__isnull=True)
        .order_by("pk")[:1]
    ),
    token=str,
)


def table_link_open(token: str) -> models.TableLink | None:
    """The valid link of `token` whose sheet is still open, with its table; else None."""
    return _OPEN.first(token=token)


def pin_matches(link: models.TableLink, pin: str) -> bool:
    """Compared as bytes: `compare_digest` refuses text with non-ASCII characters."""
    return secrets.compare_digest(link.pin.encode(), pin.strip().encode())


def table_links_revoke_all(*, durchgang: models.Durchgang) -> int:
    """Stop the valid link of every open table of the Durchgang (a closed table's link works no
    more anyway); returns how many there were."""
    return _revoked(table_links_working(durchgang))


def table_links_working(durchgang: models.Durchgang):
    """The links of the Durchgang that open a sheet: valid, of an open table."""
    return models.TableLink.objects.filter(
        table__durchgang=durchgang, revoked_at__isnull=True, table__closed_at__isnull=True
    )
