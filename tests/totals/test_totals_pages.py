"""The totals page of a Durchgang (Summenliste): the supervisor switches tables, the clerk types
one line per table by keyboard; wrong totals get a German message naming the seat, and nothing
is stored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pdfs import pdf_pages, pdf_text
from tests.totals.helpers import SLUG, line, switch, table
from tournament import models
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


def test_the_supervisor_switches_tables_and_the_clerk_types_their_totals(client, drawn):
    tournament, leitung, schreiber = drawn
    client.force_login(leitung)
    page = switch(client, 2).content.decode()
    assert "Tisch 2 wird jetzt mit seinen Summen erfasst." in page
    switch(client, 4)
    client.force_login(schreiber)
    page = client.get(reverse("manage:totals", args=[SLUG, 1])).content.decode()
    assert 'id="tisch-2"' in page and 'id="tisch-4"' in page and 'id="tisch-1"' not in page
    assert "Tab springt zum nächsten Feld" in page

    answer = line(client, 2, ["12", "-6", "+0", "−6"], {(1, "solo_won"): 1, (1, "solo_played"): 2})
    assert answer.status_code == 302
    assert answer.url.endswith("?tisch=4")  # on to the next table without totals
    seats = list(table(tournament, 2).seats.order_by("position"))
    assert [(s.points, s.solo_won, s.solo_played) for s in seats] == [
        (12, 1, 2),
        (-6, 0, 0),
        (0, 0, 0),
        (-6, 0, 0),
    ]
    event = models.SheetEvent.objects.get(table=table(tournament, 2), kind="totals")
    assert event.user == schreiber and event.before is None
    by_player = {s.player.pk: s.points for s in standings_compute(tournament)}
    assert by_player[seats[0].player_id] == 12

    # Typed again (the version the clerk saw): the history keeps before and after.
    assert line(client, 2, ["6", "-6", "0", "0"], version=1).status_code == 302
    assert models.SheetEvent.objects.filter(kind="totals").count() == 2
    # The per-game sheet of a totals table leads to its line.
    sheet = client.get(reverse("manage:sheet", args=[SLUG, 1, 2]))
    assert sheet.status_code == 302 and sheet.url.endswith("?tisch=2")


def test_wrong_totals_are_refused_naming_the_seat_and_nothing_is_stored(client, drawn):
    tournament, leitung, schreiber = drawn
    client.force_login(leitung)
    switch(client, 2)
    client.force_login(schreiber)
    answer = line(client, 2, ["12", "-6", "0", "-5"])
    page = answer.content.decode()
    assert answer.status_code == 400
    assert "Die Punkte des Tisches ergeben 1, nicht 0" in page
    answer = line(client, 2, ["800", "-300", "-300", "-200"])
    page = answer.content.decode()
    seat_one = table(tournament, 2).seats.select_related("player").get(position=1).player
    assert (
        f"Sitz 1 ({seat_one.start_number} {seat_one.name}): mehr Punkte, als 32 Spiele geben "
        "können (höchstens 753)" in page
    )
    # game 1 counts no Sie (2.9.1): 31 of the seat's 32 games can
    answer = line(client, 2, ["0", "0", "0", "0"], counters={(1, "sie"): "32"})
    assert (
        f"Sitz 1 ({seat_one.start_number} {seat_one.name}): Sie gespielt höchstens 31: Nicht "
        "jedes seiner 32 Spiele kann nach den Regeln des Turniers eines zählen."
    ) in answer.content.decode()
    answer = line(client, 2, ["zwölf", "0", "0", "0"])
    assert "Ganze Punkte eingeben" in answer.content.decode()
    assert not models.SheetEvent.objects.filter(kind="totals").exists()
    assert set(table(tournament, 2).seats.values_list("points", flat=True)) == {0}
    assert table(tournament, 2).totals_at is None


def test_a_table_switches_only_until_its_first_entry_and_only_by_the_supervisor(client, drawn):
    tournament, leitung, schreiber = drawn
    client.force_login(schreiber)
    url = reverse("manage:table_recording", args=[SLUG, 1, 2])
    assert client.post(url, {"recording": "totals"}).status_code == 403
    client.force_login(leitung)
    switch(client, 2)
    assert line(client, 2, ["0", "0", "0", "0"]).status_code == 302
    page = switch(client, 2, "games").content.decode()
    assert "An Tisch 2 jedes Spiel statt seiner Summen erfassen?" in page  # asked first
    assert table(tournament, 2).recording == "totals"
    # No game on a totals table, and no totals on a per-game one.
    enter = reverse("manage:hand_enter", args=[SLUG, 1, 2])
    refused = client.post(enter, {"number": 1, "code": "r e 1 3 +", "version": 0})
    assert "wird mit seinen Summen erfasst" in refused.content.decode()
    assert line(client, 1, ["0", "0", "0", "0"]).status_code == 404


def test_a_second_clerk_saving_meanwhile_is_told_and_nothing_is_overwritten(client, drawn):
    tournament, leitung, schreiber = drawn
    client.force_login(leitung)
    switch(client, 2)
    assert line(client, 2, ["6", "-2", "-2", "-2"]).status_code == 302
    client.force_login(schreiber)
    late = line(client, 2, ["0", "0", "0", "0"], version=0)
    assert "inzwischen von jemand anderem geändert" in late.content.decode()
    assert table(tournament, 2).seats.get(position=1).points == 6


def test_a_totals_sheet_is_signed_closed_and_corrected_only_by_the_supervisor(client, drawn):
    tournament, leitung, schreiber = drawn
    client.force_login(leitung)
    switch(client, 2)
    client.force_login(schreiber)
    assert line(client, 2, ["6", "-2", "-2", "-2"]).status_code == 302
    sign = reverse("manage:sign", args=[SLUG, 1, 2])
    for seat in range(1, 5):
        client.post(sign, {"seat": seat, "signature": "", "paper": "1"})
    page = client.get(reverse("manage:totals", args=[SLUG, 1])).content.decode()
    assert page.count("✓") == 4
    client.force_login(leitung)
    close = reverse("manage:close", args=[SLUG, 1, 2])
    preview = client.get(close)
    assert preview.status_code == 200
    client.post(close, {"bestaetigt": "1"})
    assert table(tournament, 2).closed

    client.force_login(schreiber)
    refused = line(client, 2, ["0", "0", "0", "0"], version=1)
    assert "nur die Turnierleitung ändert ihre Summen" in refused.content.decode()
    assert table(tournament, 2).seats.get(position=1).points == 6

    client.force_login(leitung)
    data = {"t2-correction": "Zettel verlesen"}
    corrected = line(client, 2, ["4", "0", "-2", "-2"], version=1)
    assert corrected.status_code == 400  # without a reason
    url = reverse("manage:totals_save", args=[SLUG, 1, 2])
    values = {f"t2-seat-{n}-points": v for n, v in enumerate(["4", "0", "-2", "-2"], 1)}
    answer = client.post(url, values | data | {"t2-version": 1})
    assert answer.status_code == 302
    assert table(tournament, 2).seats.get(position=1).points == 4
    event = models.SheetEvent.objects.get(kind="corrected", table=table(tournament, 2))
    assert event.reason == "Zettel verlesen" and event.user == leitung


def test_the_signed_sheet_of_a_totals_table_prints_its_totals_and_signatures(client, drawn):

    from tournament.sheets.pdf import scoresheet_pdf

    tournament, leitung, schreiber = drawn
    client.force_login(leitung)
    switch(client, 2)
    assert line(client, 2, ["12", "-6", "0", "-6"], {(1, "solo_won"): 1, (1, "solo_played"): 2})
    sign = reverse("manage:sign", args=[SLUG, 1, 2])
    client.post(sign, {"seat": 1, "signature": "Hias"})
    pdf = scoresheet_pdf(table(tournament, 2))
    page_texts = pdf_pages(pdf)
    text = "\n".join(page_texts)
    assert len(page_texts) == 1
    assert "Summen des Tisches (Summenliste)" in text
    seats = list(table(tournament, 2).seats.select_related("player").order_by("position"))
    assert f"Nr. {seats[0].player.start_number} {seats[0].player.name}" in text
    assert "12" in text and "-6" in text.replace("−", "-")
    code = text.split("Prüfcode: ")[1][:11]
    assert len(code) == 11 and code[5] == "-"
    # Another total gives another verification code.
    line(client, 2, ["6", "0", "0", "-6"], version=1)
    again = pdf_text(scoresheet_pdf(table(tournament, 2)))
    assert code not in again


def test_a_table_with_totals_switches_to_games_after_a_confirmation_showing_them(client, drawn):
    tournament, leitung, schreiber = drawn
    client.force_login(leitung)
    switch(client, 2)
    assert line(client, 2, ["6", "-2", "-2", "-2"], {(1, "solo_played"): 1}).status_code == 302
    url = reverse("manage:table_recording", args=[SLUG, 1, 2])
    preview = client.post(url, {"recording": "games"})
    page = preview.content.decode()
    assert "An Tisch 2 jedes Spiel statt seiner Summen erfassen?" in page
    assert "Die Summen jetzt, verworfen" in page and '<td class="number">6</td>' in page
    assert table(tournament, 2).recording == "totals"  # nothing changed yet
    done = client.post(url, {"recording": "games", "bestaetigt": "1"}, follow=True)
    assert "An Tisch 2 wird jetzt jedes Spiel erfasst." in done.content.decode()
    switched = table(tournament, 2)
    assert (switched.recording, switched.totals_at) == ("games", None)
    assert set(switched.seats.values_list("points", flat=True)) == {0}
    event = models.SheetEvent.objects.filter(kind="recording", table=switched).last()
    assert event.before["totals"]
    enter = reverse("manage:hand_enter", args=[SLUG, 1, 2])
    assert client.post(enter, {"number": 1, "code": "r e 1 3 +", "version": 0}).status_code == 302


def test_a_money_tariff_takes_euros_and_cents(client, drawn):
    tournament, leitung, schreiber = drawn
    tournament.scoring = "preisschafkopf-tarif"
    tournament.save(update_fields=["scoring"])
    client.force_login(leitung)
    switch(client, 2)
    page = client.get(reverse("manage:totals", args=[SLUG, 1])).content.decode()
    assert "In Euro, z. B. 12,50 oder -3,20." in page
    assert line(client, 2, ["12,50", "-3,20", "-4.30", "-5"]).status_code == 302
    points = list(table(tournament, 2).seats.order_by("position").values_list("points", flat=True))
    assert points == [1250, -320, -430, -500]
    page = client.get(reverse("manage:totals", args=[SLUG, 1])).content.decode()
    assert 'value="12,50"' in page and 'value="-3,20"' in page
    wrong = line(client, 2, ["12,5,0", "0", "0", "0"], version=1)
    assert "Einen Betrag in Euro eingeben" in wrong.content.decode()
    unbalanced = line(client, 2, ["1,00", "0", "0", "0"], version=1)
    assert "ergeben 1,00 €, nicht 0" in unbalanced.content.decode()


def test_a_table_to_focus_of_five_thousand_digits_opens_the_page_without_focus(client, drawn):
    """Found by the hostile walk on PostgreSQL: `?tisch=` with 5000 digits was a 500."""
    tournament, leitung, _schreiber = drawn
    client.force_login(leitung)
    switch(client, 2)
    url = reverse("manage:totals", args=[SLUG, 1])
    page = client.get(url, {"tisch": "7" * 5000})
    assert page.status_code == 200
    assert 'id="tisch-2"' in page.content.decode()
    assert client.get(url, {"tisch": "2"}).status_code == 200
