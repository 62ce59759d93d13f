"""The JSON API under /api/v1/ (public, read-only), included by config/urls.py beside the
public pages: django-ninja names its URLs in a namespace of its own, `api-v1`.

A HEAD request is answered as its GET without the body (as Django's own views do; ninja answers
the methods of its operations only): a reader may ask whether an answer changed by its headers
alone."""

from functools import wraps

from django.urls import path

from tournament.api.missing import api_missing
from tournament.api.views import api


def _head_as_get(view):
    @wraps(view)
    def answer(request, *args, **kwargs):
        if request.method != "HEAD":
            return view(request, *args, **kwargs)
        request.method = "GET"
        try:
            response = view(request, *args, **kwargs)
        finally:
            request.method = "HEAD"
        if not response.streaming:
            length = len(response.content)
            response.content = b""
            response["Content-Length"] = str(length)
        return response

    return answer


# Not named `app_name` here: include() would take it for this module's namespace.
_patterns, _app, _namespace = api.urls
for _pattern in _patterns:
    _pattern.callback = _head_as_get(_pattern.callback)
    if getattr(_pattern, "name", "") == "api-root":  # ninja's root, named for its paths only
        _pattern.callback = api_missing

urlpatterns = [
    path("api/v1/", (_patterns, _app, _namespace)),
    path("api/", api_missing, name="api_missing"),
    path("api/<path:rest>", api_missing, name="api_missing_path"),
]
