"""The JSON API under /api/v1/ (public, read-only), included by config/urls.py beside the
public pages: django-ninja names its URLs in a namespace of its own, `api-v1`."""

from django.urls import path

from tournament.api.views import api

urlpatterns = [path("api/v1/", api.urls)]
