"""The public calendar: its page (the whole server's with filters, one organiser's, one cup's)
and its iCalendar feeds. What it shows is public by the supervisor's choice: announced
tournaments only, a past one's ranking only once published (tournament/calendar/entries.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournament import models
from tournament.calendar.entries import CalendarEntry, calendar_entries, recent_since
from tournament.calendar.forms import CalendarFilterForm
from tournament.calendar.ics import CONTENT_TYPE, calendar_ics
from tournament.calendar.texts import fee_text, places_text
from tournament.web.site_url import absolute_url

TEMPLATES = "tournament/calendar/"


@dataclass(frozen=True)
class Row:
    """An entry as the page shows it."""

    entry: CalendarEntry
    fee: str
    places: str
    full: bool
    registration: str  # the registration page's path; "" when it takes none


def _rows(entries: list[CalendarEntry]) -> list[Row]:
    return [
        Row(
            entry=e,
            fee=fee_text(e),
            places=places_text(e),
            full=e.places_left == 0 and e.upcoming,
            registration=(
                reverse("tournament:registration", args=[e.slug])
                if e.registration_open and e.upcoming
                else ""
            ),
        )
        for e in entries
    ]


def entry_page(entry: CalendarEntry) -> str:
    """Where an entry links: its ranking once published (before, the ranking page is the
    staff's alone), else its place in its organiser's calendar."""
    if entry.ranking_published:
        return reverse("tournament:ranking", args=[entry.slug])
    if entry.organiser_slug:
        path = reverse("tournament:calendar_organiser", args=[entry.organiser_slug])
    else:
        path = reverse("tournament:calendar")
    return f"{path}#turnier-{entry.slug}"


def _organiser(slug: str) -> models.Organiser:
    found = models.Organiser.objects.filter(slug=slug).first()
    if found is None:
        raise Http404
    return found


def _cup(slug: str) -> models.Cup:
    found = models.Cup.objects.filter(slug=slug).select_related("organiser").first()
    if found is None:
        raise Http404
    return found


class CalendarView(TemplateView):
    """The server's calendar, filtered by organiser, region and place (GET)."""

    template_name = TEMPLATES + "calendar.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        form = CalendarFilterForm(self.request.GET or None)
        filters: dict[str, Any] = {}
        valid = form.is_valid() if form.is_bound else True
        if form.is_bound and valid:
            filters = {
                "organiser": form.organiser(),
                "region": form.cleaned_data["region"],
                "place": form.cleaned_data["ort"],
            }
        upcoming = calendar_entries(when="upcoming", **filters) if valid else []
        past = calendar_entries(when="past", since=recent_since(), **filters) if valid else []
        return super().get_context_data(
            form=form,
            filtered=bool(form.is_bound and any(filters.values())),
            heading=_("Tournament calendar"),
            upcoming=_rows(upcoming),
            past=_rows(past),
            ics=reverse("tournament:calendar_ics"),
            atom=reverse("tournament:calendar_rankings_atom"),
            **kwargs,
        )


class OrganiserCalendarView(TemplateView):
    """One organiser's calendar."""

    template_name = TEMPLATES + "calendar.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        organiser = _organiser(self.kwargs["organiser"])
        return super().get_context_data(
            heading=_("Tournament calendar of %(name)s") % {"name": organiser.name},
            scope=organiser,
            upcoming=_rows(calendar_entries(organiser=organiser, when="upcoming")),
            past=_rows(calendar_entries(organiser=organiser, when="past", since=recent_since())),
            ics=reverse("tournament:calendar_organiser_ics", args=[organiser.slug]),
            atom=reverse("tournament:calendar_organiser_rankings_atom", args=[organiser.slug]),
            **kwargs,
        )


class CupCalendarView(TemplateView):
    """The evenings of one cup."""

    template_name = TEMPLATES + "calendar.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        cup = _cup(self.kwargs["cup"])
        return super().get_context_data(
            heading=_("Tournament calendar of %(name)s") % {"name": cup.name},
            shown_cup=cup,
            upcoming=_rows(calendar_entries(cup=cup, when="upcoming")),
            past=_rows(calendar_entries(cup=cup, when="past", since=recent_since())),
            ics=reverse("tournament:calendar_cup_ics", args=[cup.slug]),
            **kwargs,
        )


def _ics_response(request: HttpRequest, entries: list[CalendarEntry], name: str, file: str):
    def links(entry: CalendarEntry) -> dict[str, str]:
        found = {"page": absolute_url(request, entry_page(entry))}
        if entry.registration_open and entry.upcoming:
            path = reverse("tournament:registration", args=[entry.slug])
            found["registration"] = absolute_url(request, path)
        return found

    body = calendar_ics(
        entries,
        name=name,
        address=lambda path: absolute_url(request, path),
        links=links,
    )
    response = HttpResponse(body, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{file}.ics"'
    return response


class CalendarIcsView(View):
    """The whole server's calendar as iCalendar."""

    def get(self, request: HttpRequest) -> HttpResponse:
        entries = calendar_entries(since=recent_since())
        return _ics_response(request, entries, _("Schafkopf tournaments"), "kalender")


class OrganiserIcsView(View):
    def get(self, request: HttpRequest, organiser: str) -> HttpResponse:
        found = _organiser(organiser)
        entries = calendar_entries(organiser=found, since=recent_since())
        return _ics_response(request, entries, found.name, found.slug)


class CupIcsView(View):
    def get(self, request: HttpRequest, cup: str) -> HttpResponse:
        found = _cup(cup)
        entries = calendar_entries(cup=found, since=recent_since())
        return _ics_response(request, entries, found.name, found.slug)
