"""An address under /api/ that names no operation: a JSON 404 with a German `detail`, like
every other error of the API, instead of the site's HTML page."""

from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _


def api_missing(request: HttpRequest, rest: str = "") -> JsonResponse:
    with translation.override("de"):
        detail = _("There is no such address in the API; see /api/v1/docs.")
    return JsonResponse({"detail": detail}, status=404)
