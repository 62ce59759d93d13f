"""Strict readers for settings taken from the environment.

Each helper returns the default when the variable is unset or empty, and raises
``ImproperlyConfigured`` naming the variable when its value cannot be read: a typo such as
``DJANGO_DEBUG=maybe`` stops the start instead of silently meaning "off".
"""

import os
from typing import Any
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

#: The hosts the site answers to when DJANGO_ALLOWED_HOSTS is not set (`make hall` adds its own).
DEFAULT_ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


def _raw(name: str) -> str | None:
    """The stripped value of ``name``, or None when it is unset or blank."""
    value = os.environ.get(name, "").strip()
    return value or None


def env_str(name: str, default: str | None = None, *, required: bool = False) -> str | None:
    """A string; with ``required=True`` an unset variable is an error."""
    value = _raw(name)
    if value is None:
        if required:
            raise ImproperlyConfigured(f"The environment variable {name} must be set.")
        return default
    return value


def env_bool(name: str, default: bool = False) -> bool:
    """A flag written as 1/0, true/false, yes/no or on/off (any case)."""
    value = _raw(name)
    if value is None:
        return default
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a boolean; use 1 or 0 (also true/false, yes/no, on/off)."
    )


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """A comma-separated list; blanks around items are dropped, empty items are an error."""
    value = _raw(name)
    if value is None:
        return list(default or [])
    items = [item.strip() for item in value.split(",")]
    if not all(items):
        raise ImproperlyConfigured(
            f"{name}={value!r} contains an empty item; separate values by single commas."
        )
    return items


def env_int(name: str, default: int) -> int:
    """A whole number (0 or more)."""
    value = _raw(name)
    if value is None:
        return default
    if not value.isdecimal():
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number (0 or more).")
    return int(value)


def env_site_url(name: str) -> str:
    """An http(s) address without query or fragment (``http://192.168.1.23:8000``, or with a
    path prefix), returned without its trailing slash; empty when unset."""
    value = _raw(name)
    if value is None:
        return ""
    parts = urlsplit(value)
    try:
        parts.port  # noqa: B018  (raises on a port that is no number)
    except ValueError:
        parts = parts._replace(netloc="")
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ImproperlyConfigured(
            f"{name}={value!r} is no site address; write it as http://HOST:PORT "
            "(for example http://192.168.1.23:8000)."
        )
    return value.rstrip("/")


#: EMAIL_URL schemes: (Django's e-mail backend, TLS mode, default port).
_MAIL_SCHEMES = {
    "smtp": ("django.core.mail.backends.smtp.EmailBackend", "", 25),
    "smtp+tls": ("django.core.mail.backends.smtp.EmailBackend", "starttls", 587),
    "smtps": ("django.core.mail.backends.smtp.EmailBackend", "ssl", 465),
    "console": ("django.core.mail.backends.console.EmailBackend", "", 0),
}


def env_email(name: str) -> dict[str, Any]:
    """Django's e-mail settings from one address, empty when unset:
    ``smtp://USER:PASSWORD@HOST:PORT`` (plain, port 25), ``smtp+tls://…`` (STARTTLS, port 587),
    ``smtps://…`` (TLS from the start, port 465), ``console://`` (printed, for development).
    User and password are percent-decoded (``%40`` for an @ in the user name)."""
    value = _raw(name)
    if value is None:
        return {}
    parts = urlsplit(value)
    try:
        port = parts.port
    except ValueError:
        port, parts = None, parts._replace(scheme="")
    if parts.scheme not in _MAIL_SCHEMES or parts.path not in ("", "/") or parts.query:
        raise ImproperlyConfigured(
            f"{name} is no mail address; write it as smtp+tls://USER:PASSWORD@HOST:587 "
            "(or smtp://, smtps://, console://)."
        )
    backend, tls, default_port = _MAIL_SCHEMES[parts.scheme]
    if parts.scheme != "console" and not parts.hostname:
        raise ImproperlyConfigured(f"{name} names no mail server (smtp+tls://USER:PASSWORD@HOST).")
    return {
        "EMAIL_BACKEND": backend,
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": port or default_port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": tls == "starttls",
        "EMAIL_USE_SSL": tls == "ssl",
    }
