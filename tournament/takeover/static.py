"""The hall's static files during a take-over: collected in the background while Litestream
restores (`collect_static`), and not at all when they are current already (`static_current`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings


def static_current() -> bool:
    """Whether the collected static files are newer than every source of them (the project's
    static/ and the installed packages): collectstatic would only take time then (compressing
    every file again: a minute on a busy laptop)."""
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if not manifest.is_file():
        return False
    collected = manifest.stat().st_mtime
    installed = Path(sys.executable).parent.parent / ".installed"
    sources = [installed] if installed.exists() else []
    for folder in settings.STATICFILES_DIRS:
        sources += [path for path in Path(folder).rglob("*") if path.is_file()]
    return all(path.stat().st_mtime <= collected for path in sources)


def collect_static(key: str) -> subprocess.Popen:
    """`manage.py collectstatic` as make hall runs it, in the background."""
    return subprocess.Popen(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity=0"],
        cwd=settings.BASE_DIR,
        env=dict(os.environ, DJANGO_SECRET_KEY=key),
        stdout=subprocess.DEVNULL,
    )
