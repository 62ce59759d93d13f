"""The restore's preview names every field of a player and every setting the restore changes
(the personal code as changed, without showing it), and a restore never publishes a name more
fully than the player chose now unless the supervisor ticks it on the preview."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone, translation

from tournament.exchange.backup.dump import backup_write
from tournament.models import Payment, Player, Tournament

pytestmark = pytest.mark.django_db


def archive(tournament) -> bytes:
    out = io.BytesIO()
    backup_write(out, [tournament])
    return out.getvalue()


def preview(client, slug: str, data: bytes) -> tuple[str, str]:
    """The preview page of the restore of `data`, and its token."""
    url = reverse("manage:restore", args=[slug])
    file = SimpleUploadedFile("sicherung.zip", data, content_type="application/zip")
    response = client.post(url, {"archive": file})
    return client.get(response.url).content.decode(), response.url.split("token=")[1]


def confirm(client, slug: str, token: str, **ticked) -> None:
    url = reverse("manage:restore", args=[slug])
    done = client.post(url, {"token": token, "bestaetigt": "1", **ticked})
    assert "aus der Sicherung wiederhergestellt" in client.get(done.url).content.decode()


def label(model, name: str) -> str:
    with translation.override("de"):
        return str(model._meta.get_field(name).verbose_name)


def cells(*texts: str) -> str:
    return "".join(f"<td>{text}</td>" for text in texts)


def test_the_preview_names_every_field_of_a_player_and_every_setting_that_changes(
    client, supervisor, example_tournament
):
    slug = example_tournament.slug
    player = example_tournament.players.order_by("start_number").first()
    in_backup = player.name
    saved = archive(example_tournament)
    code_before = player.personal_code
    player.name, player.email = "Zenzi Neuname", "zenzi@example.org"
    player.payment, player.paid_amount = Payment.CASH, Decimal("12.50")
    player.checked_in_at, player.personal_code = timezone.now(), "KKKKKK"
    player.save()
    Tournament.objects.filter(pk=example_tournament.pk).update(deck="french")
    client.force_login(supervisor)

    page, _token = preview(client, slug, saved)

    who = f"{player.start_number} Zenzi Neuname"
    assert cells(who, label(Player, "name"), "Zenzi Neuname", in_backup) in page
    assert cells(who, label(Player, "email"), "zenzi@example.org", "–") in page
    assert cells(who, label(Player, "payment"), "bar bezahlt", "offen") in page
    assert cells(who, label(Player, "paid_amount"), "12.50", "0.00") in page
    assert f"<td>{label(Player, 'checked_in_at')}</td>" in page
    assert cells(who, label(Player, "personal_code"), "wie jetzt", "Geändert") in page
    assert "KKKKKK" not in page and code_before not in page
    with translation.override("de"):
        french, german = (str(Tournament.Deck(d).label) for d in ("french", "german"))
    assert cells(label(Tournament, "deck"), french, german) in page
    assert "Die Einstellungen bleiben, wie sie jetzt sind." not in page


def test_the_preview_says_when_players_and_settings_stay_as_they_are(
    client, supervisor, example_tournament
):
    client.force_login(supervisor)
    page, _token = preview(client, example_tournament.slug, archive(example_tournament))
    assert "Die Angaben der Spieler bleiben, wie sie jetzt sind." in page
    assert "Die Einstellungen bleiben, wie sie jetzt sind." in page
    assert "Spieler, deren Angaben sich ändern" not in page


def test_a_restore_keeps_the_more_private_publication_choice_unless_ticked(
    client, supervisor, example_tournament
):
    """A player published in full when the backup was made chose the initial only since: a
    restore that changes only that flag keeps her choice, unless the supervisor ticks it."""
    slug = example_tournament.slug
    player = example_tournament.players.order_by("start_number").first()
    Player.objects.filter(pk=player.pk).update(publish_full_name=True)
    saved = archive(example_tournament)
    Player.objects.filter(pk=player.pk).update(publish_full_name=False, initial_only=True)
    client.force_login(supervisor)

    page, token = preview(client, slug, saved)
    assert "Namen, die die Sicherung vollständiger veröffentlicht" in page
    assert f'<td class="number">{player.start_number}</td><td>{player.name}</td>' in page
    assert 'name="namen" value="wie-in-der-sicherung"' in page
    confirm(client, slug, token)
    kept = Player.objects.get(tournament__slug=slug, ident=player.ident)
    assert not kept.publish_full_name and kept.initial_only
    assert kept.public_name != kept.name

    page, token = preview(client, slug, saved)
    confirm(client, slug, token, namen="wie-in-der-sicherung")
    published = Player.objects.get(tournament__slug=slug, ident=player.ident)
    assert published.publish_full_name and published.public_name == published.name
