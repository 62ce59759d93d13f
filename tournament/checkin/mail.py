"""The mails of the public registration: the link that confirms it, and the confirmation with
the start number and the withdrawal link. In the visitor's language (German unless the page
was read in another one), subject and body from templates (templates/tournament/checkin/mail/),
links on `base`: `SITE_URL`, else the address the visitor's request came to
(tournament/web/site_url.py). They are sent by a task worker (tournament/checkin/jobs.py),
never inside the visitor's request."""

from __future__ import annotations

import smtplib

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tournament import models

MAILS = "tournament/checkin/mail/"
#: What a mail server that cannot be reached or refuses raises.
MAIL_ERRORS = (OSError, smtplib.SMTPException)


def _send(*, template: str, context: dict, to: str, language: str) -> None:
    with translation.override(language):
        subject = render_to_string(MAILS + template + "_subject.txt", context)
        body = render_to_string(MAILS + template + ".txt", context)
    send_mail(" ".join(subject.split()), body, settings.DEFAULT_FROM_EMAIL, [to])


def registration_mail_confirm(*, pending: models.PendingRegistration, key: str, base: str) -> None:
    """The mail with the link that confirms the registration; raises MAIL_ERRORS."""
    tournament = pending.tournament
    path = reverse("tournament:registration_confirm", args=[tournament.slug, key])
    context = {
        "tournament": tournament,
        "name": pending.name,
        "link": base + path,
        "hours": settings.REGISTRATION_CONFIRM_HOURS,
    }
    _send(template="confirm", context=context, to=pending.email, language=pending.language)


def registration_mail_confirmed(
    *, player: models.Player, waiting: int | None, key: str, base: str, language: str
) -> None:
    """The confirmation: tournament, day, start number (or the place on the waiting list) and
    the withdrawal link; raises MAIL_ERRORS."""
    path = reverse("tournament:registration_withdraw", args=[player.tournament.slug, key])
    context = {
        "tournament": player.tournament,
        "player": player,
        "waiting": waiting,
        "link": base + path,
    }
    _send(template="confirmed", context=context, to=player.email, language=language)
