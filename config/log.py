"""The server's log: standard error always, and a file when DJANGO_LOG_FILE names one.

`logging_config(file)` is the LOGGING of config/settings.py; `configure` is its LOGGING_CONFIG,
which Django runs in every process it sets up (web workers, management commands, the PDF pool).
Errors reach the log with their traceback, also with DEBUG off: the 500s (`django.request`),
the background jobs (`tournament.jobs.runner`, in the task workers), and whatever a management
command or a thread leaves uncaught (the hooks that `configure` installs).
"""

from __future__ import annotations

import logging
import logging.config
import sys
import threading

FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d %(threadName)s] %(message)s"

logger = logging.getLogger(__name__)


def logging_config(file: str | None) -> dict:
    """Warnings and errors of every library, and what Django and this project tell, to
    standard error and to `file` (appended; reopened when logrotate moves it)."""
    handlers: dict[str, dict] = {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
    }
    if file:
        handlers["file"] = {
            "class": "logging.handlers.WatchedFileHandler",
            "filename": file,
            "encoding": "utf-8",
            "formatter": "plain",
        }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"plain": {"format": FORMAT}},
        "handlers": handlers,
        "root": {"handlers": list(handlers), "level": "WARNING"},
        "loggers": {
            # Django's own handlers print only with DEBUG on and mail the ADMINS (there are
            # none): its records go to the handlers above instead, once, whatever DEBUG says.
            "django": {"handlers": [], "level": "INFO"},
            "config": {"level": "INFO"},
            "tournament": {"level": "INFO"},
        },
    }


def configure(config: dict) -> None:
    """Django's LOGGING_CONFIG: apply `config`, and log what nobody catches."""
    logging.config.dictConfig(config)
    sys.excepthook = _uncaught
    threading.excepthook = _uncaught_in_thread


def _uncaught(kind, error, traceback) -> None:
    if issubclass(kind, KeyboardInterrupt):  # Ctrl+C is no error
        sys.__excepthook__(kind, error, traceback)
        return
    logger.critical("%s stopped by an error", " ".join(sys.argv), exc_info=(kind, error, traceback))


def _uncaught_in_thread(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread else "?"
    logger.error("thread %s stopped by an error", name, exc_info=args.exc_value)
