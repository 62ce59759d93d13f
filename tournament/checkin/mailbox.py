"""One mailbox however its address is written, for the limit of registrations per mailbox
(`REGISTRATION_LIMIT_PER_MAILBOX`, docs/checkin.md).

- Case does not matter: `Josef.Huber@Example.ORG` is `josef.huber@example.org` (mail servers
  treat the part before the @ without regard to case, whatever the standard allows).
- A tag after `+` is the same mailbox: `josef+kirta@example.org` is `josef@example.org`.
- Dots stay, except at Gmail: elsewhere `j.huber` and `jhuber` may be two people's mailboxes,
  and a domain that takes every address (catch-all) is limited by the source's limit and the
  places only the Turnierleitung gives, not here. Gmail ignores dots, and `googlemail.com` is
  `gmail.com`, so there `j.o.sef@googlemail.com` is `josef@gmail.com`.
"""

from __future__ import annotations

GMAIL = {"gmail.com", "googlemail.com"}


def mailbox_of(email: str) -> str:
    """The mailbox `email` reaches, written one way."""
    local, at, domain = email.strip().lower().rpartition("@")
    if not at:
        return email.strip().lower()
    local = local.split("+", 1)[0]
    if domain in GMAIL:
        local, domain = local.replace(".", ""), "gmail.com"
    return f"{local}@{domain}"
