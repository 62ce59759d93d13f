"""The public, read-only JSON API `/api/v1/` for club websites and calendar sites (docs/api.md):
organisers, the calendar, the published rankings, the seasons and the cups, with names only as
their players chose to publish them."""
