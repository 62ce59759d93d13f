"""The API's operations (django-ninja): the OpenAPI document `/api/v1/openapi.json` and its
page `/api/v1/docs` are generated from them and the schemas (schemas.py). Reading only."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Query, Schema
from ninja.decorators import decorate_view
from ninja.errors import ValidationError

from tournament.api import schemas, services
from tournament.api.caching import conditional, listed, of_tournament

api = NinjaAPI(
    title="Schafkopf-Turniere",
    version="1",
    description=(
        "Read-only: organisers, the tournament calendar, the published rankings, seasons and "
        "cups. Version 1 only gains fields, never loses or renames one (docs/api.md)."
    ),
    urls_namespace="api-v1",
    docs_url="/docs",
    openapi_url="/openapi.json",
)

ERRORS = {400: schemas.Error, 404: schemas.Error}


@api.exception_handler(services.BadParameter)
def _bad_parameter(request: HttpRequest, error: services.BadParameter) -> HttpResponse:
    return api.create_response(request, {"detail": error.detail}, status=400)


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, error: Http404) -> HttpResponse:
    detail = str(error) if isinstance(error, services.NotFound) else _("Not found.")
    return api.create_response(request, {"detail": detail}, status=404)


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, error: ValidationError) -> HttpResponse:
    names = sorted({str(e["loc"][-1]) for e in error.errors if e.get("loc")})
    detail = _("Parameter “%(name)s” is not valid.") % {"name": ", ".join(names)}
    return api.create_response(request, {"detail": detail}, status=400)


class CalendarFilter(Schema):
    #: An organiser's slug.
    veranstalter: str = ""
    #: A cup's slug: the evenings it hosts.
    pokal: str = ""
    #: The organiser's region, case-insensitive, e.g. "Oberbayern".
    region: str = ""
    #: "kommend" (today and later, nearest first) or "vergangen" (newest first).
    zeit: str = ""


@api.get("/veranstalter/", response=list[schemas.Organiser], tags=["organisers"])
@decorate_view(conditional(listed))
def organisers(request: HttpRequest):
    """Every organiser: slug, name and region."""
    return services.organisers()


@api.get("/turniere/", response={200: list[schemas.Tournament], **ERRORS}, tags=["calendar"])
@decorate_view(conditional(listed))
def tournaments(request: HttpRequest, filters: Query[CalendarFilter]):
    """The calendar: every announced tournament, by date; drafts are never listed."""
    return services.tournaments(
        organiser=filters.veranstalter.strip(),
        cup=filters.pokal.strip(),
        region=filters.region,
        when=filters.zeit.strip(),
    )


@api.get("/turniere/{slug}/", response={200: schemas.TournamentDetail, **ERRORS}, tags=["calendar"])
@decorate_view(conditional(of_tournament))
def tournament(request: HttpRequest, slug: str):
    """One announced tournament."""
    return services.tournament_detail(services.tournament_public(slug))


@api.get("/turniere/{slug}/wertung/", response={200: schemas.Ranking, **ERRORS}, tags=["rankings"])
@decorate_view(conditional(of_tournament))
def ranking(request: HttpRequest, slug: str, nach: str = ""):
    """The ranking after Durchgang `nach` (default: the last published) with the tie-break
    counters of rule 5.4.2; 404 while the supervisor has not published it."""
    return services.ranking(services.tournament_public(slug), nach.strip())


@api.get("/saisons/", response=list[schemas.SeriesSummary], tags=["seasons"])
@decorate_view(conditional(listed))
def seasons(request: HttpRequest):
    """Every season (Jahreswertung)."""
    return services.seasons()


@api.get("/saisons/{slug}/", response={200: schemas.SeasonTable, **ERRORS}, tags=["seasons"])
@decorate_view(conditional(listed))
def season(request: HttpRequest, slug: str):
    """A season's standings."""
    return services.season_table(slug)


@api.get("/pokale/", response=list[schemas.SeriesSummary], tags=["cups"])
@decorate_view(conditional(listed))
def cups(request: HttpRequest):
    """Every cup across clubs."""
    return services.cups()


@api.get("/pokale/{slug}/", response={200: schemas.CupTable, **ERRORS}, tags=["cups"])
@decorate_view(conditional(listed))
def cup(request: HttpRequest, slug: str):
    """A cup's table."""
    return services.cup_table_public(slug)
