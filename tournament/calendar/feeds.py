"""The Atom feed of newly published rankings (Django's syndication framework): the announced
tournaments whose ranking the public sees, newest publication first, each linking its ranking.

An entry's id is a tag URI made of the server's host, the tournament's creation day, pk and
creation time: it stays when the tournament is renamed or moved. Its time is when the ranking
became public (`Tournament.ranking_published_at`, tournament/ranking/publication.py); a ranking
withdrawn leaves the feed, and published again comes back with the new time under the same id.
A ranking published before that time was noted has the tournament's creation time instead.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.syndication.views import Feed
from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournament import models
from tournament.calendar.entries import announced_tournaments
from tournament.calendar.ics import host_of
from tournament.web.site_url import absolute_url

#: How many rankings the feed carries.
ITEMS = 50


@dataclass(frozen=True)
class FeedScope:
    request: HttpRequest
    organiser: models.Organiser | None


@dataclass(frozen=True)
class RankingItem:
    title: str
    link: str
    guid: str
    published: dt.datetime
    description: str


def tag_uri(host: str, created: dt.datetime, specific: str) -> str:
    """A tag URI (RFC 4151): stable for what was created at `created` on `host`."""
    return f"tag:{host},{created.date().isoformat()}:{specific}"


class RankingFeed(Feed):
    feed_type = Atom1Feed

    def get_object(self, request: HttpRequest, *args, **kwargs) -> FeedScope:  # type: ignore[override]
        slug = kwargs.get("organiser")
        organiser = None
        if slug is not None:
            organiser = models.Organiser.objects.filter(slug=slug).first()
            if organiser is None:
                raise Http404
        return FeedScope(request=request, organiser=organiser)

    def title(self, obj: FeedScope) -> str:
        if obj.organiser is not None:
            return _("Rankings of %(organiser)s") % {"organiser": obj.organiser.name}
        return _("Published rankings")

    def subtitle(self, obj: FeedScope) -> str:
        return _("The rankings of the tournaments in the calendar, newest publication first.")

    def link(self, obj: FeedScope) -> str:
        if obj.organiser is not None:
            path = reverse("tournament:calendar_organiser", args=[obj.organiser.slug])
        else:
            path = reverse("tournament:calendar")
        return absolute_url(obj.request, path)

    def feed_url(self, obj: FeedScope) -> str:
        return absolute_url(obj.request, obj.request.path)

    def feed_guid(self, obj: FeedScope) -> str:
        return self.feed_url(obj)

    def items(self, obj: FeedScope) -> list[RankingItem]:
        query = (
            announced_tournaments()
            .exclude(ranking_publication=models.Tournament.Publication.HIDDEN)
            .select_related("organiser")
        )
        if obj.organiser is not None:
            query = query.filter(organiser=obj.organiser)
        tournaments = sorted(
            query, key=lambda t: (t.ranking_published_at or t.created_at, t.pk), reverse=True
        )
        host = host_of(absolute_url(obj.request, "/"))
        return [_item(t, obj.request, host) for t in tournaments[:ITEMS]]

    def item_title(self, item: RankingItem) -> str:
        return item.title

    def item_link(self, item: RankingItem) -> str:
        return item.link

    def item_guid(self, item: RankingItem) -> str:
        return item.guid

    def item_description(self, item: RankingItem) -> str:
        return item.description

    def item_pubdate(self, item: RankingItem) -> dt.datetime:
        return item.published

    def item_updateddate(self, item: RankingItem) -> dt.datetime:
        return item.published


def _item(t: models.Tournament, request: HttpRequest, host: str) -> RankingItem:
    parts = [date_format(t.date, "SHORT_DATE_FORMAT")]
    if t.venue:
        parts.append(t.venue)
    if t.organiser is not None:
        parts.append(t.organiser.name)
    created = t.created_at.astimezone(dt.UTC)
    return RankingItem(
        title=_("Ranking: %(name)s") % {"name": t.name},
        link=absolute_url(request, reverse("tournament:ranking", args=[t.slug])),
        guid=tag_uri(host, created, f"turnier-{t.pk}-{created:%H%M%S%f}"),
        published=t.ranking_published_at or t.created_at,
        description=" · ".join(parts),
    )
