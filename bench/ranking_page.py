"""Render the public ranking page of a tournament once, as a visitor's request does: the
process `bench/run.py` times against the `standings` command (at most 3 x)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_STATIC_MANIFEST", "0")  # no collectstatic before a benchmark

import django

django.setup()

from django.test import Client  # noqa: E402

from tournament.models import Tournament  # noqa: E402
from tournament.ranking.views import RANKING_ROWS  # noqa: E402

slug = sys.argv[1]
Tournament.objects.filter(slug=slug).update(ranking_publication="live")
response = Client().get(f"/turnier/{slug}/", HTTP_HOST="127.0.0.1")
assert response.status_code == 200, response.status_code
players = Tournament.objects.get(slug=slug).players.count()
assert response.content.count(b"<tr") > min(players, RANKING_ROWS)  # a page of rows, and the head
