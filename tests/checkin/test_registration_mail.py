"""The public registration confirmed by e-mail, end to end against a real SMTP server started
here (aiosmtpd on 127.0.0.1): the mail's link confirms, the place is taken only then, the
confirmation names tournament, day and start number and carries the link that withdraws. An
unconfirmed registration holds no place and is deleted once it is older than
REGISTRATION_CONFIRM_HOURS."""

from __future__ import annotations

import re
from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.checkin.helpers import open_with, url
from tournament.checkin.confirmation import key_hash
from tournament.draw.services import durchgang_draw
from tournament.models import PendingRegistration
from tournament.system.ports import free_port

pytestmark = pytest.mark.django_db

SITE = "http://turnier.example"
LINK = re.compile(re.escape(SITE) + r"(/turnier/kirta/anmeldung/[a-z]+/[A-Za-z0-9_-]+/)")


class Inbox:
    """What the SMTP server received, as parsed messages."""

    def __init__(self):
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def pop(self) -> tuple[str, str, str]:
        """(recipient, subject, body) of the oldest mail not read yet."""
        message = self.messages.pop(0)
        return message["To"], message["Subject"], message.get_body().get_content()


@pytest.fixture
def inbox():
    """A real SMTP server on 127.0.0.1, and Django sending its mail there."""
    received = Inbox()
    port = free_port()
    controller = Controller(received, hostname="127.0.0.1", port=port)
    controller.start()
    smtp = {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": port,
        "EMAIL_USE_TLS": False,
        "EMAIL_USE_SSL": False,
        "EMAIL_HOST_USER": "",
        "EMAIL_HOST_PASSWORD": "",
    }
    try:
        with override_settings(EMAIL_CONFIGURED=True, SITE_URL=SITE, **smtp):
            yield received
    finally:
        controller.stop()


CONFIRM_PAGE = "/turnier/kirta/anmeldung/bestaetigen/"
WITHDRAW_PAGE = "/turnier/kirta/anmeldung/abmelden/"


def register(door, name: str, email: str, client: Client | None = None):
    values = {"name": name, "club": "Aßling", "email": email, "full_name_public": "1"}
    return (client or Client()).post(url(door), values)


def link_in(body: str) -> str:
    found = LINK.search(body)
    assert found, body
    return found.group(1)


def test_a_registration_takes_its_place_only_once_confirmed_by_mail(door, inbox):
    open_with(door, 11)  # one place left
    refused = register(door, "Burgi Schex", "")
    assert refused.status_code == 400
    assert "Dieses Feld ist zwingend erforderlich." in refused.content.decode()
    assert "Du bekommst eine E-Mail mit einem Link" in Client().get(url(door)).content.decode()

    sent = register(door, "Burgi Schex", "burgi@example.org")
    assert "Danke, Burgi Schex. Wir haben Dir eine E-Mail geschickt" in sent.content.decode()
    to, subject, body = inbox.pop()
    assert (to, subject) == ("burgi@example.org", "Bitte bestätige Deine Anmeldung: Kirtaturnier")
    assert "Servus Burgi Schex," in body and "am 28. November 2026" in body
    assert "innerhalb von 24 Stunden wird sie gelöscht" in body
    confirm = link_in(body)
    key = confirm.rstrip("/").rsplit("/", 1)[1]
    assert PendingRegistration.objects.get().key == key_hash(key) != key  # only its hash kept
    assert door.players.count() == 10  # no place yet

    visitor = Client()
    asked = visitor.get(confirm)  # the key goes into the session, the address loses it
    assert asked.status_code == 302 and asked["Location"] == CONFIRM_PAGE
    assert "Anmeldung von Burgi Schex" in visitor.get(CONFIRM_PAGE).content.decode()
    assert door.players.count() == 10  # opening the link alone (a mail scanner) confirms nothing
    done = visitor.post(CONFIRM_PAGE).content.decode()
    assert "Burgi Schex, Du bist angemeldet: Startnummer 11." in done
    assert "Wir schicken Dir eine Bestätigung per E-Mail" in done
    player = door.players.get(name="Burgi Schex")
    assert player.waiting_since is None and player.email == "burgi@example.org"
    assert player.person is None and player.publish_full_name
    assert not PendingRegistration.objects.exists()

    to, subject, body = inbox.pop()
    assert (to, subject) == ("burgi@example.org", "Anmeldung bestätigt: Kirtaturnier")
    assert "zum Schafkopfturnier „Kirtaturnier“ am 28. November 2026 ist bestätigt." in body
    assert "Deine Startnummer: 11" in body and "Startgeld: 12,50 €" in body
    withdraw = link_in(body)
    assert "/abmelden/" in withdraw

    again = Client().post(confirm)  # single use
    assert again.status_code == 404 and "Dieser Link gilt nicht" in again.content.decode()
    assert door.players.filter(name="Burgi Schex").count() == 1

    assert visitor.get(withdraw)["Location"] == WITHDRAW_PAGE
    question = visitor.get(WITHDRAW_PAGE).content.decode()
    assert "Burgi Schex (Startnummer 11) vom Turnier abmelden?" in question
    player.refresh_from_db()
    assert not player.withdrawn
    gone = visitor.post(WITHDRAW_PAGE).content.decode()
    assert "Burgi Schex (Startnummer 11) ist vom Turnier abgemeldet." in gone
    player.refresh_from_db()
    assert player.withdrawn and player.withdraw_key == ""
    assert visitor.post(WITHDRAW_PAGE).status_code == 404  # single use
    assert Client().post(withdraw).status_code == 404


def test_the_waiting_list_is_decided_at_the_confirmation(door, inbox):
    open_with(door, 11)
    register(door, "Burgi Schex", "burgi@example.org")
    register(door, "Michl Huber", "michl@example.org")
    burgi, michl = link_in(inbox.pop()[2]), link_in(inbox.pop()[2])
    Client().post(michl)  # confirmed first: the last place is his
    page = Client().post(burgi).content.decode()
    assert "Du stehst auf der Warteliste, Platz 1." in page
    assert door.players.get(name="Michl Huber").waiting_since is None
    assert door.players.get(name="Burgi Schex").waiting_since is not None
    inbox.pop()
    body = inbox.pop()[2]
    assert "Du stehst auf der Warteliste, Platz 1." in body


def test_after_the_draw_the_withdrawal_link_sends_to_the_turnierleitung(door, inbox):
    open_with(door, None)
    register(door, "Burgi Schex", "burgi@example.org")
    Client().post(link_in(inbox.pop()[2]))
    withdraw = link_in(inbox.pop()[2])
    door.check_in = False
    door.save(update_fields=["check_in"])
    door.players.filter(start_number=1).update(withdrawn=True)  # ten at the tables
    durchgang_draw(tournament=door, number=1, seed="m")
    page = Client().post(withdraw)
    assert page.status_code == 400
    assert "bitte sag der Turnierleitung Bescheid" in page.content.decode().replace(
        "Bitte", "bitte"
    )
    assert not door.players.get(name="Burgi Schex").withdrawn


@override_settings(EMAIL_CONFIGURED=True, REGISTRATION_CONFIRM_HOURS=24)
def test_an_unconfirmed_registration_expires_and_is_deleted(door, mailoutbox, boss):
    open_with(door, 11)
    register(door, "Burgi Schex", "burgi@example.org")
    settings_page = reverse("manage:door_settings", args=[door.slug])
    waiting = "1 Anmeldung wartet auf ihre Bestätigung per E-Mail: Sie hat noch keinen Platz."
    assert waiting in boss.get(settings_page).content.decode()
    confirm = re.search(r"/turnier/kirta/anmeldung/bestaetigen/[^/\s]+/", mailoutbox[0].body)
    assert confirm
    PendingRegistration.objects.update(created_at=timezone.now() - timedelta(hours=25))
    expired = Client().post(confirm.group(0))
    assert expired.status_code == 404 and "abgelaufen" in expired.content.decode()
    assert door.players.count() == 10  # no place held
    assert "wartet auf ihre Bestätigung" not in boss.get(settings_page).content.decode()
    register(door, "Michl Huber", "michl@example.org")  # the next registration clears up
    assert list(PendingRegistration.objects.values_list("name", flat=True)) == ["Michl Huber"]
    PendingRegistration.objects.update(created_at=timezone.now() - timedelta(hours=25))
    call_command("retention", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert not PendingRegistration.objects.exists()


def test_a_visitor_reading_swedish_gets_the_mails_in_swedish(door, inbox, settings):
    open_with(door, None)
    visitor = Client()
    visitor.cookies[settings.LANGUAGE_COOKIE_NAME] = "sv"
    register(door, "Burgi Schex", "burgi@example.org", client=visitor)
    _to, subject, body = inbox.pop()
    assert subject == "Bekräfta din anmälan: Kirtaturnier" and "Hej Burgi Schex," in body
    Client().post(link_in(body))  # confirmed from a German page: the mail stays Swedish
    _to, subject, body = inbox.pop()
    assert subject == "Anmälan bekräftad: Kirtaturnier" and "Ditt startnummer: 11" in body


def test_a_mail_server_that_does_not_answer_stores_nothing(door, inbox, caplog):
    open_with(door, None)
    with override_settings(EMAIL_PORT=free_port()):  # nobody listens there
        response = register(door, "Burgi Schex", "burgi@example.org")
    # The answer was given before the worker met the mail server: the visitor's page is a
    # registration's, the worker logs the failure and keeps nothing.
    assert response.status_code == 200
    assert "its mail was not sent; deleted" in caplog.text
    assert not PendingRegistration.objects.exists() and door.players.count() == 10


def test_a_link_with_a_wrong_key_is_refused_without_a_redirect(door, inbox):
    open_with(door, None)
    register(door, "Burgi Schex", "burgi@example.org")
    confirm = link_in(inbox.pop()[2])
    wrong = confirm.rstrip("/").rsplit("/", 1)[0] + "/" + "x" * 43 + "/"
    visitor = Client()
    refused = visitor.get(wrong)
    assert refused.status_code == 404 and "Dieser Link gilt nicht" in refused.content.decode()
    for page in (CONFIRM_PAGE, WITHDRAW_PAGE):  # nothing in the session: nothing to confirm
        assert visitor.get(page).status_code == 404
        assert visitor.post(page).status_code == 404
    assert Client().get(confirm).status_code == 302
    assert Client().post(CONFIRM_PAGE).status_code == 404  # another visitor's session: no key
    assert door.players.count() == 10


def work_off() -> None:
    """A task worker runs every task in the database's queue, then stops."""
    call_command(
        "db_worker", "--batch", "--backend", "database", "--no-startup-delay", "--no-reload"
    )


@pytest.mark.django_db(transaction=True)  # the worker commits as a server's would
def test_the_request_talks_to_no_mail_server_the_task_worker_sends_the_mails(door, inbox, settings):
    """With the queue of a server (the database backend), the answer to a registration or a
    confirmation is given before any mail goes out: the mail waits for the task worker."""
    settings.JOBS_BACKEND = "database"
    open_with(door, None)
    sent = register(door, "Burgi Schex", "burgi@example.org")
    assert (
        sent.status_code == 200 and "Wir haben Dir eine E-Mail geschickt" in sent.content.decode()
    )
    assert inbox.messages == [] and DBTaskResult.objects.count() == 1
    assert "burgi@example.org" not in str(DBTaskResult.objects.values_list("args_kwargs"))
    work_off()
    to, subject, body = inbox.pop()
    assert (to, subject) == ("burgi@example.org", "Bitte bestätige Deine Anmeldung: Kirtaturnier")
    key = link_in(body).rstrip("/").rsplit("/", 1)[1]
    assert key not in str(DBTaskResult.objects.values_list("args_kwargs"))  # the worker made it

    visitor = Client()
    visitor.get(link_in(body))
    done = visitor.post(CONFIRM_PAGE).content.decode()
    assert "Du bist angemeldet: Startnummer 11." in done
    assert inbox.messages == []
    work_off()
    assert inbox.pop()[1] == "Anmeldung bestätigt: Kirtaturnier"
