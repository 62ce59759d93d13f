"""German first: the language is German unless the user chose another with the switch."""

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

#: Paths whose answers are the same in every language (docs/api.md).
LANGUAGE_NEUTRAL = "/api/"


class ChosenLanguageMiddleware(LocaleMiddleware):
    """LocaleMiddleware that ignores the browser's Accept-Language header.

    A laptop or phone set to English still shows the German interface; the language buttons
    (Django's `set_language`, which stores a cookie) switch to English and back.
    """

    def process_request(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        try:
            language = translation.get_supported_language_variant(chosen or "")
        except LookupError:
            language = settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request, response):
        """The JSON API answers alike in every language (codes, German messages): no
        `Vary: Accept-Language`, which would make a proxy keep a copy per language."""
        if request.path.startswith(LANGUAGE_NEUTRAL):
            return response
        return super().process_response(request, response)
