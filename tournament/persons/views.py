"""The person register's pages: list with search, a person with their tournaments, create,
edit, likely duplicates and merging; and the search a registration form asks while typing."""

# Declared boilerplate (duplicates): views composed of mixins and one generic view are alike in
# shape.

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament.models import Person
from tournament.persons.access import OrganiserMixin
from tournament.persons.forms import MergeForm, PersonForm
from tournament.persons.results import person_results
from tournament.persons.services import (
    PersonError,
    organiser_of,
    person_create,
    person_merge,
    person_update,
    persons_duplicates,
    persons_find,
    persons_keep_apart,
    persons_scripts_mixed,
    persons_similar,
)
from tournament.web.access import TournamentMixin
from tournament.web.form_errors import form_errors_add

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TEMPLATES = "tournament/persons/"
SEARCH_LIMIT = 12


class PersonListView(OrganiserMixin, TemplateView):
    template_name = TEMPLATES + "list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        query = self.request.GET.get("q", "").strip()[:100]
        persons = persons_find(organiser=self.organiser, query=query)
        return super().get_context_data(persons=persons[:200], q=query, **kwargs)


class PersonDetailView(OrganiserMixin, TemplateView):
    template_name = TEMPLATES + "detail.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        person = get_object_or_404(self.organiser.persons, pk=self.kwargs["pk"])
        return super().get_context_data(
            person=person,
            results=person_results(person=person),
            merges=person.merges.select_related("by"),
            similar=persons_similar(person=person),
            **kwargs,
        )


class PersonCreateView(OrganiserMixin, FormView):
    form_class = PersonForm
    template_name = TEMPLATES + "form.html"

    def form_valid(self, form: PersonForm) -> HttpResponse:
        try:
            person = person_create(organiser=self.organiser, **form.cleaned_data)
        except PersonError as exc:
            form_errors_add(form, exc.errors)
            return self.form_invalid(form)
        messages.success(self.request, _("%(name)s added to the register.") % {"name": person})
        return redirect("manage:person", organiser=self.organiser.slug, pk=person.pk)


class PersonEditView(OrganiserMixin, FormView):
    form_class = PersonForm
    template_name = TEMPLATES + "form.html"

    def get_person(self) -> Person:
        return get_object_or_404(self.organiser.persons, pk=self.kwargs["pk"])

    def get_initial(self) -> dict[str, Any]:
        p = self.get_person()
        return {f: getattr(p, f) for f in ("name", "club", "email", "phone", "publication")}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(person=self.get_person(), **kwargs)

    def form_valid(self, form: PersonForm) -> HttpResponse:
        try:
            person = person_update(person=self.get_person(), **form.cleaned_data)
        except PersonError as exc:
            form_errors_add(form, exc.errors)
            return self.form_invalid(form)
        messages.success(self.request, _("%(name)s saved.") % {"name": person})
        return redirect("manage:person", organiser=self.organiser.slug, pk=person.pk)


#: The scripts a name most often mixes, by their names in Unicode.
SCRIPTS = {
    "LATIN": gettext_lazy("Latin"),
    "CYRILLIC": gettext_lazy("Cyrillic"),
    "GREEK": gettext_lazy("Greek"),
    "MATHEMATICAL": gettext_lazy("mathematical letters"),
}


class DuplicatesView(OrganiserMixin, TemplateView):
    """Pairs of persons that are probably one: merge them, or leave them apart. Names that mix
    scripts ("Jоsef" with a Cyrillic о) are pointed out, in a pair and in a list of their own."""

    template_name = TEMPLATES + "duplicates.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        mixed = {
            person.pk: (person, self.mixed_note(person, scripts))
            for person, scripts in persons_scripts_mixed(organiser=self.organiser)
        }
        pairs = [
            (a, b, [mixed[p.pk][1] for p in (a, b) if p.pk in mixed])
            for a, b in persons_duplicates(organiser=self.organiser)
        ]
        return super().get_context_data(pairs=pairs, mixed=list(mixed.values()), **kwargs)

    @staticmethod
    def mixed_note(person: Person, scripts: list[str]) -> str:
        names = ", ".join(str(SCRIPTS.get(script, script.capitalize())) for script in scripts)
        return _(
            "“%(name)s” mixes scripts (%(scripts)s): letters that look alike may hide another name."
        ) % {
            "name": person.name,
            "scripts": names,
        }


class PersonPairView(OrganiserMixin, View):
    """POST only: a step on two persons of the register, `kept` and `merged` (MergeForm); a form
    that names no two persons, or a refusal, is a message on the duplicates page."""

    http_method_names = ["post"]
    unnamed: StrOrPromise = ""  # the message when the form names no two persons

    def post(self, request: HttpRequest, organiser: str) -> HttpResponse:
        form = MergeForm(request.POST)
        if not form.is_valid():
            messages.error(request, self.unnamed)
            return redirect("manage:person_duplicates", organiser=organiser)
        persons = self.organiser.persons
        kept = get_object_or_404(persons, pk=form.cleaned_data["kept"])
        merged = get_object_or_404(persons, pk=form.cleaned_data["merged"])
        try:
            return self.step(kept, merged)
        except PersonError as exc:
            for message in exc.errors["__all__"]:
                messages.error(request, message)
            return redirect("manage:person_duplicates", organiser=organiser)

    def step(self, kept: Person, merged: Person) -> HttpResponse:
        raise NotImplementedError


class PersonMergeView(PersonPairView):
    """Join the person `merged` into `kept`."""

    unnamed = gettext_lazy("Choose two persons to merge.")

    def step(self, kept: Person, merged: Person) -> HttpResponse:
        merged_label = str(merged)
        merge = person_merge(kept=kept, merged=merged, by=self.request.user)
        messages.success(
            self.request,
            _("%(merged)s merged into %(kept)s: %(n)s tournament entries moved.")
            % {"merged": merged_label, "kept": merge.kept, "n": merge.players_moved},
        )
        return redirect("manage:person", organiser=self.organiser.slug, pk=kept.pk)


class PersonApartView(PersonPairView):
    """The two persons of a likely pair are two people; the pair is no longer listed."""

    unnamed = gettext_lazy("Choose two persons to keep apart.")

    def step(self, kept: Person, merged: Person) -> HttpResponse:
        persons_keep_apart(first=kept, second=merged, by=self.request.user)
        messages.success(
            self.request,
            _("%(first)s and %(second)s are kept apart: no longer proposed as one.")
            % {"first": kept, "second": merged},
        )
        return redirect("manage:person_duplicates", organiser=self.organiser.slug)


class PersonSearchView(TournamentMixin, View):
    """JSON for the registration form's search as you type: the register's persons whose
    name or club contains the words typed."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        query = request.GET.get("q", "").strip()[:100]
        if len(query) < 2:
            return JsonResponse({"persons": []})
        persons = persons_find(organiser=organiser_of(self.tournament), query=query)
        return JsonResponse(
            {
                "persons": [
                    {"id": p.pk, "name": p.name, "club": p.club} for p in persons[:SEARCH_LIMIT]
                ]
            }
        )


class RegisterOfView(TournamentMixin, View):
    """The tournament's way into its organiser's register."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return redirect("manage:persons", organiser=organiser_of(self.tournament).slug)
