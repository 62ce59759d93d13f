"""Settings for pytest: ``config.settings`` with test defaults put into the environment first.

pytest-django loads the settings before any conftest runs, so the defaults live here. Tests run
with DEBUG off (as in production) and so need a secret key; they serve static files under their
own names because nobody runs collectstatic before pytest. Values already set in the environment
(DATABASE_URL from CI, say) win. Add no settings here: every setting belongs in settings.py.
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-insecure-key-not-for-any-deployment")
os.environ.setdefault("DJANGO_STATIC_MANIFEST", "0")

from config.settings import *  # noqa: E402, F403
