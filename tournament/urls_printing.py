"""Printed, signed scoresheets as PDF/A (issue 5)."""

urlpatterns: list = []
