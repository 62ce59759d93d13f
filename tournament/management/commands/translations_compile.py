"""Compile the translation catalogues (`locale/*/LC_MESSAGES/*.po`) to `.mo` files in pure Python.

Django's `compilemessages` needs GNU gettext's `msgfmt`, which a fresh laptop often lacks and a
user who is not root cannot install; polib writes the same binary catalogue. Fuzzy and untranslated
entries are left out, as msgfmt leaves them out.
"""

from __future__ import annotations

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compiles every .po catalogue of the project to its .mo file (no gettext needed)."

    def handle(self, *args, **options) -> None:
        for folder in settings.LOCALE_PATHS:
            for po_path in sorted(Path(folder).glob("*/LC_MESSAGES/*.po")):
                mo_path = po_path.with_suffix(".mo")
                polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
                if options["verbosity"] > 1:
                    self.stdout.write(f"{po_path} -> {mo_path.name}")
