"""A person's data protection pages: their data as a JSON download, and their erasure after a
confirmation page (tournament/persons/privacy.py)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View

from tournament.models import Person
from tournament.persons.access import OrganiserMixin
from tournament.persons.cup_privacy import cup_rows_count
from tournament.persons.privacy import ERASED, person_erase, person_export
from tournament.web.confirm import Preview, confirm_page, is_confirmed


class PersonExportView(OrganiserMixin, View):
    def get(self, request: HttpRequest, organiser: str, pk: int) -> HttpResponse:
        person = get_object_or_404(self.organiser.persons, pk=pk)
        body = json.dumps(person_export(person), ensure_ascii=False, indent=2)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="person-{person.pk}.json"'
        response["Cache-Control"] = "no-store"
        return response


class PersonEraseView(OrganiserMixin, View):
    """GET (or an unconfirmed POST): what the erasure does; the confirmed POST does it."""

    def _person(self) -> Person:
        return get_object_or_404(self.organiser.persons, pk=self.kwargs["pk"])

    def get(self, request: HttpRequest, organiser: str, pk: int) -> HttpResponse:
        return self._confirm(self._person())

    def post(self, request: HttpRequest, organiser: str, pk: int) -> HttpResponse:
        person = self._person()
        if not is_confirmed(request) or person.erased_at is not None:
            return self._confirm(person)
        count = person_erase(person=person, by=request.user)
        messages.success(
            request,
            ngettext(
                "The person is erased; %(n)s tournament entry now reads “%(erased)s”.",
                "The person is erased; %(n)s tournament entries now read “%(erased)s”.",
                count,
            )
            % {"n": count, "erased": ERASED},
        )
        return redirect("manage:person", organiser=organiser, pk=pk)

    def _cup_lines(self, person: Person) -> list[str]:
        rows = cup_rows_count(person, ERASED)
        if not rows:
            return []
        text = ngettext(
            "In %(n)s row of the evenings this organiser sent in to a cup the name becomes "
            "“%(erased)s” too; the cup's points and places stay.",
            "In %(n)s rows of the evenings this organiser sent in to a cup the name becomes "
            "“%(erased)s” too; the cup's points and places stay.",
            rows,
        )
        return [text % {"n": rows, "erased": ERASED}]

    def _confirm(self, person: Person) -> HttpResponse:
        players = person.players.count()
        preview = Preview(
            heading=_("Erase %(name)s?") % {"name": person.name},
            lines=[
                _(
                    "Name, club, e-mail and phone are removed from the register; the name reads "
                    "“%(erased)s” from now on."
                )
                % {"erased": ERASED},
                ngettext(
                    "In %(n)s tournament entry the name becomes “%(erased)s” too, signatures "
                    "included; every score, total and rank stays as it is.",
                    "In %(n)s tournament entries the name becomes “%(erased)s” too, signatures "
                    "included; every score, total and rank stays as it is.",
                    players,
                )
                % {"n": players, "erased": ERASED},
                *self._cup_lines(person),
                _("This cannot be undone. Download the person's data first if they asked for it."),
            ],
            action=_("Erase the person"),
            refused=_("This person is erased already.") if person.erased_at else "",
        )
        cancel = reverse("manage:person", args=[self.organiser.slug, person.pk])
        return confirm_page(self.request, preview, cancel_url=cancel)
