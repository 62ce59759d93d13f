"""Destructive or irreversible actions show what they will do before they do it.

A view made of `ConfirmActionMixin` answers GET — and a POST without the confirmation field —
with one confirmation page (`templates/tournament/web/confirm.html`): what will happen, stated
from the data without changing it (`preview()`), a primary button naming the action and a
Cancel link back. Only a POST that carries the confirmation field performs the action
(`perform()`). The action's parameters (a seed, two players, a table …) travel along as hidden
fields (`action_params()`), so the confirmed POST is exactly the request that was previewed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

#: The hidden field of the confirmation page's form; without it a POST only shows the preview.
CONFIRMED = "bestaetigt"
TEMPLATE = "tournament/web/confirm.html"


@dataclass(frozen=True)
class PreviewTable:
    """Rows shown under the statements, e.g. the top of the ranking before and after."""

    caption: str
    headers: Sequence[str]
    rows: Sequence[Sequence[Any]]
    #: the columns (by index) that hold numbers, aligned right
    numeric: frozenset[int] = frozenset()


@dataclass(frozen=True)
class PreviewOption:
    """A checkbox of the confirmation's form, not ticked at first: ticked, its value is posted
    with the action (e.g. a role of a backup to take over)."""

    name: str
    value: str
    label: str


@dataclass(frozen=True)
class Preview:
    """What an action will do: a heading (the question), concrete statements and the label of
    the button that does it. `refused` says why it cannot be done; then there is no button."""

    heading: str
    lines: Sequence[str]
    action: str
    refused: str = ""
    tables: Sequence[PreviewTable] = field(default_factory=tuple)
    #: a button that destroys (red) or one that only changes (the usual colour)
    danger: bool = True
    #: checkboxes in the confirmation's form, under a legend
    options: Sequence[PreviewOption] = field(default_factory=tuple)
    options_legend: str = ""


def confirm_page(
    request: HttpRequest,
    preview: Preview,
    *,
    cancel_url: str,
    params: Mapping[str, Any] | Sequence[tuple[str, Any]] = (),
    context: Mapping[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The confirmation page of `preview`; its form posts `params` and the confirmation field
    back to the page's own address (with its query string: a preset of the point table)."""
    pairs = list(params.items()) if isinstance(params, Mapping) else list(params)
    return render(
        request,
        TEMPLATE,
        {
            **(context or {}),
            "preview": preview,
            "params": [(name, "" if value is None else str(value)) for name, value in pairs],
            "cancel_url": cancel_url,
            "confirmed_field": CONFIRMED,
        },
        status=status if not preview.refused else 409,
    )


def is_confirmed(request: HttpRequest) -> bool:
    return request.method == "POST" and request.POST.get(CONFIRMED) == "1"


class ConfirmActionMixin:
    """GET (or a POST without the confirmation) shows `preview()`; the confirmed POST calls
    `perform()`. Mixed in after the access mixin (TournamentMixin, DurchgangMixin …), before
    `View`."""

    request: HttpRequest
    tournament: Any
    role: Any

    def preview(self) -> Preview:
        raise NotImplementedError

    def perform(self) -> HttpResponse:
        raise NotImplementedError

    def cancel_url(self) -> str:
        raise NotImplementedError

    def action_params(self) -> Mapping[str, Any] | Sequence[tuple[str, Any]]:
        """The parameters of the action, posted back by the confirmation page."""
        return ()

    @property
    def data(self):
        """The request's parameters: the query string of a GET, the form of a POST."""
        return self.request.POST if self.request.method == "POST" else self.request.GET

    def get(self, request, *args, **kwargs):
        return self.confirm_response()

    def post(self, request, *args, **kwargs):
        if is_confirmed(request):
            return self.perform()
        return self.confirm_response()

    def confirm_response(self) -> HttpResponse:
        return confirm_page(
            self.request,
            self.preview(),
            cancel_url=self.cancel_url(),
            params=self.action_params(),
            context={"tournament": self.tournament, "role": self.role},
        )
