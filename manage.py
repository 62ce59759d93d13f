#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import secrets
import sys

# Commands that sign nothing (no sessions, cookies or tokens) may run without a configured
# secret key: they get a random one that lives as long as the process. So the tournament
# command line works on a fresh machine; the web server still refuses to start without a key.
KEYLESS_COMMANDS = {
    "migrate",
    "import_tournament",
    "export_tournament",
    "standings",
    "seed_demo",
    "print_scoresheets",
    "export_xlsx",
    "draw",
    "backup",
    "restore",
    "compilemessages",
    "translations_compile",
    "makemessages",
}


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if len(sys.argv) > 1 and sys.argv[1] in KEYLESS_COMMANDS:
        os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    try:
        from django.core.management import execute_from_command_line
    except ImportError as exc:
        raise ImportError(
            "Couldn't import Django. Run `make venv` and use .venv/bin/python."
        ) from exc
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
