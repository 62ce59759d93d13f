"""The server's log: standard error always, and a file when DJANGO_LOG_FILE names one.

`logging_config(file)` is the LOGGING of config/settings.py; `configure` is its LOGGING_CONFIG,
which Django runs in every process it sets up (web workers, management commands, the PDF pool).
Errors reach the log with their traceback, also with DEBUG off: the 500s (`django.request`),
the background jobs (`tournament.jobs.runner`, in the task workers), and whatever a management
command or a thread leaves uncaught (the hooks that `configure` installs). The same warning or
error again and again (a database away for half a minute gives thousands) is written once a
minute, with how many like it were left out (`Repeats`); "the same" is the same text with its
values (two jobs failing are two errors, each written).

Every line's time is in the project's zone (TIME_ZONE, which Django makes the process's own)
with its offset to UTC, as gunicorn writes its own lines (config/gunicorn.conf.py puts its
master process in the same zone): one log reads in one zone (`Formatter`).
"""

from __future__ import annotations

import logging
import logging.config
import sys
import threading
import time

FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d %(threadName)s] %(message)s"

logger = logging.getLogger(__name__)


def logging_config(file: str | None) -> dict:
    """Warnings and errors of every library, and what Django and this project tell, to
    standard error and to `file` (appended; reopened when logrotate moves it)."""
    handlers: dict[str, dict] = {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["repeats"]},
    }
    if file:
        handlers["file"] = {
            "class": "logging.handlers.WatchedFileHandler",
            "filename": file,
            "encoding": "utf-8",
            "formatter": "plain",
            "filters": ["repeats"],
        }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"plain": {"()": "config.log.Formatter", "format": FORMAT}},
        "filters": {"repeats": {"()": "config.log.Repeats"}},
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


class Formatter(logging.Formatter):
    """The time with milliseconds and the offset to UTC: `2026-11-28 10:33:15,249 +0100`."""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        moment = self.converter(record.created)
        return f"{super().formatTime(record, datefmt)} {time.strftime('%z', moment)}"


class Repeats(logging.Filter):
    """Lets a warning or error through once per `window` seconds: the same logger, level,
    message (with its values: another job's failure is another message) and exception again
    within it is counted, not written, and the next one written
    after it says how many were left out. One filter serves every handler (one decision per
    record)."""

    LARGEST = 1000  # kinds of message remembered at the most

    def __init__(self, window: float = 60.0) -> None:
        super().__init__()
        self.window = window
        self.seen: dict[tuple, list] = {}  # kind -> [written at, left out since]
        self.lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        decided = getattr(record, "repeats_passed", None)
        if decided is not None:  # another handler asked already
            return bool(decided)
        error = record.exc_info[1] if record.exc_info else None
        try:
            text = record.getMessage()
        except (TypeError, ValueError):  # values that do not fit the message: logging says so
            text = str(record.msg)
        kind = (record.name, record.levelno, text, type(error).__name__, str(error))
        now = time.monotonic()
        with self.lock:
            entry = self.seen.get(kind)
            passed = entry is None or now - entry[0] >= self.window
            if entry is not None and not passed:
                entry[1] += 1
            else:
                if entry is not None and entry[1]:
                    left_out = f" [{entry[1]} more like it in the {self.window:.0f} s before]"
                    record.msg = f"{record.msg}{left_out.replace('%', '%%')}"
                if len(self.seen) >= self.LARGEST:
                    self.seen.clear()
                self.seen[kind] = [now, 0]
        record.repeats_passed = passed
        return passed


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
