"""The embeds' language: `?sprache=de|en|sv`, else the visitor's browser (Accept-Language), else
German. Never a cookie: a framed page reads none and sets none, and it has no language switch."""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.utils import translation
from django.utils.translation import trans_real

#: The query parameter that names the language of an embed.
PARAMETER = "sprache"


def embed_language_code(request) -> str:
    """The language an embed speaks for this request."""
    asked = request.GET.get(PARAMETER, "").strip().lower()
    supported = {code for code, _name in settings.LANGUAGES}
    if asked in supported:
        return asked
    header = request.headers.get("Accept-Language", "")
    for language, _quality in trans_real.parse_accept_lang_header(header):
        if language == "*":
            break
        try:
            return translation.get_supported_language_variant(language)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


def embed_language(view):
    """Run `view` in the embed's language (the cache key of a public page holds it)."""

    @wraps(view)
    def in_language(request, *args, **kwargs):
        translation.activate(embed_language_code(request))
        request.LANGUAGE_CODE = translation.get_language()
        return view(request, *args, **kwargs)

    return in_language
