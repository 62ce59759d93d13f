"""`/healthz` (config/urls.py includes it at the site's root)."""

from django.urls import path

from tournament.health import views

urlpatterns = [path("healthz", views.healthz, name="healthz")]
