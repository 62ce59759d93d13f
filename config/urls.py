"""URLs of the whole site; kept language-neutral (the language lives in the session/cookie)."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("tournament.urls_public")),
    path("", include("tournament.urls")),
]
