"""The mails of the public registration: the link that confirms it, and the confirmation with
the start number and the withdrawal link. In the visitor's language (German unless the page
was read in another one), subject and body from templates (templates/tournament/checkin/mail/),
links on `SITE_URL` (tournament/web/site_url.py)."""

from __future__ import annotations

import logging
import smtplib

from django.conf import settings
from django.core.mail import send_mail
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tournament import models
from tournament.checkin.services import Registration
from tournament.web.site_url import absolute_url

MAILS = "tournament/checkin/mail/"
#: What a mail server that cannot be reached or refuses raises.
MAIL_ERRORS = (OSError, smtplib.SMTPException)

logger = logging.getLogger(__name__)


def _send(*, template: str, context: dict, to: str, language: str) -> None:
    with translation.override(language):
        subject = render_to_string(MAILS + template + "_subject.txt", context)
        body = render_to_string(MAILS + template + ".txt", context)
    send_mail(" ".join(subject.split()), body, settings.DEFAULT_FROM_EMAIL, [to])


def registration_mail_confirm(
    *, request: HttpRequest, pending: models.PendingRegistration, key: str
) -> None:
    """The mail with the link that confirms the registration; raises MAIL_ERRORS."""
    tournament = pending.tournament
    path = reverse("tournament:registration_confirm", args=[tournament.slug, key])
    context = {
        "tournament": tournament,
        "name": pending.name,
        "link": absolute_url(request, path),
        "hours": settings.REGISTRATION_CONFIRM_HOURS,
    }
    _send(template="confirm", context=context, to=pending.email, language=pending.language)


def registration_mail_confirmed(
    *, request: HttpRequest, registration: Registration, key: str, language: str
) -> bool:
    """The confirmation: tournament, day, start number (or the place on the waiting list) and
    the withdrawal link. The player is registered whether or not it can be sent: a failure
    is logged and answered False."""
    player = registration.player
    path = reverse("tournament:registration_withdraw", args=[player.tournament.slug, key])
    context = {
        "tournament": player.tournament,
        "player": player,
        "waiting": registration.waiting,
        "link": absolute_url(request, path),
    }
    try:
        _send(template="confirmed", context=context, to=player.email, language=language)
    except MAIL_ERRORS:
        logger.exception("registration %s: the confirmation mail was not sent", player.pk)
        return False
    return True
