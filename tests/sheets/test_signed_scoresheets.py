"""Signed scoresheets (rule 5.3) as PDF/A: rendered for real and read back with pypdf.

The worked example has tables of four and five with Touts, sanctions and a struck game; its
Durchgang 1 has three tables, so a PDF of it takes about a second.
"""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.db import transaction
from django.db.models import Sum
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _

from tests.constants import EXAMPLES
from tests.sheets.fixtures import ruf
from tests.sheets.helpers import fill, read, sign, squeezed
from tests.waiting import until
from tournament.exchange.interchange.importer import tournament_import
from tournament.management.commands.print_scoresheets import Command
from tournament.models import Correction, Durchgang, Hand, HandScore, Table
from tournament.sheets import pdf as sheets_pdf
from tournament.sheets.pdf import (
    durchgang_sheets_pdf,
    pages_pdf,
    scoresheet_pdf,
)
from tournament.sheets.services.corrections import correction_apply, correction_request
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close
from tournament.sheets.services.supervision import hand_strike
from tournament.sheets.verification import sheet_verification
from tournament.sheets.views import printing as views_printing
from tournament.web import pdf as printing  # the fetcher of every printout, the sheets too
from tournament.web.pdf import refuse_fetch

pytestmark = pytest.mark.django_db
SLUG = "beispielturnier-2026"
HOSTILE = ['<img src="file:///etc/passwd"> Bobby', '<img src="http://example.com/x.png"> Tom']


@pytest.fixture
def durchgang(example_tournament):
    return Durchgang.objects.get(tournament=example_tournament, number=1)


@pytest.fixture(scope="module")
def example_pdf(django_db_setup, django_db_blocker) -> bytes:
    """The signed sheets of the worked example's Durchgang 1, rendered once for this module
    (in a transaction rolled back at once): the tests compare them with the example as the
    `durchgang` fixture imports it again for each test."""
    document = json.loads((EXAMPLES / "beispielturnier-2026.json").read_text(encoding="utf-8"))
    with django_db_blocker.unblock(), transaction.atomic():
        tournament = tournament_import(document)
        pdf = durchgang_sheets_pdf(tournament.durchgaenge.get(number=1), workers=1)
        transaction.set_rollback(True)
    return pdf


def table_of(durchgang, number) -> Table:
    return durchgang.tables.get(number=number)


def points_of(table) -> list[int]:
    """Each seat's points on the sheet, summed from the stored scores."""
    return [
        HandScore.objects.filter(hand__table=table, player=seat.player).aggregate(s=Sum("points"))[
            "s"
        ]
        for seat in table.seats.order_by("position")
    ]


def test_the_durchgang_pdf_has_one_page_per_table_with_its_players_and_totals(
    durchgang, example_pdf
):
    _reader, pages = read(example_pdf)

    assert len(pages) == durchgang.tables.count() == 3
    for table, text in zip(durchgang.tables.order_by("number"), pages, strict=True):
        assert "Beispielturnier 2026" in text and "Gasthaus zur Post" in text
        assert _("Durchgang %(n)s · Table %(t)s") % {"n": 1, "t": table.number} in text
        for seat in table.seats.select_related("player"):
            header = f"{seat.position}:Nr.{seat.player.start_number}{seat.player.name}"
            assert squeezed(header) in squeezed(text)
        totals = " ".join(str(points) for points in points_of(table))
        assert f"{_('Points')} {totals}" in text


def test_the_pdf_marks_approvals_with_the_approver_sanctions_and_struck_games(example_pdf):
    _reader, pages = read(example_pdf)
    text = squeezed(pages[0])

    assert squeezed(_("approved by %(name)s") % {"name": "Turnierleitung"}) in text
    assert squeezed(_("sanction against %(offender)s") % {"offender": "Wastl Gruber 11"}) in text
    # The declarer and partner by start number: one short line whatever the names.
    assert squeezed(f"16 Rufspiel Eichel Nr. 1 mit Nr. 11 {_('struck')}") in text
    assert text.count("0✓") == 8  # 32 games at a table of four: 8 Runden, each sums to 0


def test_the_pdf_is_pdf_a_3u_with_every_font_embedded(example_pdf):
    reader, _pages = read(example_pdf)

    assert (reader.xmp_metadata.pdfaid_part, reader.xmp_metadata.pdfaid_conformance) == ("3", "U")
    assert "/OutputIntents" in reader.trailer["/Root"]
    fonts = [
        font.get_object() for page in reader.pages for font in page["/Resources"]["/Font"].values()
    ]
    assert fonts
    for font in fonts:
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor)


@pytest.mark.slow  # two worker processes started, each loading Django and WeasyPrint afresh
def test_the_pool_of_two_workers_prints_the_same_pages_and_keeps_the_pdf_a_metadata(
    durchgang, example_pdf
):
    seen = []

    pdf = durchgang_sheets_pdf(
        durchgang, workers=2, chunk=1, progress=lambda done, total: seen.append((done, total))
    )

    reader, pages = read(pdf)
    assert pages == read(example_pdf)[1]
    assert (reader.xmp_metadata.pdfaid_part, reader.xmp_metadata.pdfaid_conformance) == ("3", "U")
    assert reader.metadata.title.startswith(_("Signed scoresheets"))
    assert seen[0] == (0, 3) and seen[-1] == (3, 3)


def test_the_verification_code_is_on_the_pdf_and_the_sheet_page_and_follows_a_change(
    client, clerk, durchgang
):
    table = table_of(durchgang, 2)
    code = sheet_verification(table)
    sheet_url = reverse("manage:sheet", args=[SLUG, 1, 2])
    client.force_login(clerk)

    assert re.fullmatch(r"[0-9A-F]{5}-[0-9A-F]{5}", code)
    assert code in read(scoresheet_pdf(table))[1][0]
    assert f'id="pruefcode">{code}<' in client.get(sheet_url).content.decode()

    hand = Hand.objects.get(table=table, number=4)
    game = {f: getattr(hand, f) for f in ("contract", "suit", "declarer", "partner", "won")}
    hand_save(table=table, number=4, game=HandEntry(**{**game, "won": not hand.won}), version=1)

    changed = sheet_verification(table)
    assert changed != code
    assert changed in read(scoresheet_pdf(table))[1][0]
    assert f'id="pruefcode">{changed}<' in client.get(sheet_url).content.decode()


def test_a_signed_closed_and_corrected_sheet_prints_who_confirmed_closed_and_signed_off(
    table, p, django_user_model
):
    leitung = django_user_model.objects.create_user("leitung")
    schreiber = django_user_model.objects.create_user("schreiber")
    fill(table, p)
    seat_sign(seat=table.seats.get(position=1), user=schreiber, signature="Sepp Huber")
    sign(table, schreiber, seats=(2, 3, 4))
    hand_strike(hand=Hand.objects.get(table=table, number=7), user=leitung, struck=True, reason="x")
    sheet_close(table=table, user=leitung)
    correction = correction_request(
        table=table, number=5, game=ruf(p, won=False), reason="Falsch notiert", user=schreiber
    )
    correction_apply(correction=correction, user=leitung)

    _reader, [text] = read(scoresheet_pdf(table))

    assert squeezed(_("typed: %(name)s") % {"name": "Sepp Huber"}) in squeezed(text)
    assert text.count(_("on paper")) == 3
    table.refresh_from_db()
    closed = dateformat.format(timezone.localtime(table.closed_at), "d.m.Y H:i")
    assert _("closed by %(who)s on %(when)s") % {"who": "leitung", "when": closed} in text
    assert "Falsch notiert" in text and "schreiber" in text
    assert squeezed(f"{Correction.Status.APPLIED.label} (leitung") in squeezed(text)
    assert sheet_verification(table) in text


def test_the_command_writes_the_pdf_of_the_durchgang(evening, tmp_path, capsys):
    out = tmp_path / "spiellisten.pdf"

    Command().run_from_argv(
        ["manage.py", "print_scoresheets", "abend", "--durchgang", "1", "--out", str(out)]
    )

    _reader, pages = read(out.read_bytes())
    assert len(pages) == 2
    assert "Abendturnier" in pages[0] and "Spieler 9" in pages[1]
    assert capsys.readouterr().out.strip() == str(out)


@pytest.mark.parametrize(
    ("slug", "number", "message"),
    [("gibt-es-nicht", "1", "Es gibt kein Turnier gibt-es-nicht."), (SLUG, "7", "nicht ausgelost")],
)
def test_the_command_exits_non_zero_with_a_german_message_for_an_unknown_durchgang(
    example_tournament, tmp_path, capsys, slug, number, message
):
    out = tmp_path / "spiellisten.pdf"

    with pytest.raises(SystemExit) as exited:
        Command().run_from_argv(
            ["manage.py", "print_scoresheets", slug, "--durchgang", number, "--out", str(out)]
        )

    assert exited.value.code != 0
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error
    assert not out.exists()


DOWNLOADS = [("sheet_pdf", (1, 3)), ("sheets_pdf", (1,))]
ROLES = [("anonymous", 302), ("other_clerk", 403), ("clerk", 200), ("supervisor", 200)]


@pytest.mark.parametrize(("name", "args"), DOWNLOADS, ids=[d[0] for d in DOWNLOADS])
@pytest.mark.parametrize(("role", "status"), ROLES, ids=[r[0] for r in ROLES])
def test_clerks_and_supervisors_download_the_pdf_others_may_not(
    client, request, example_tournament, example_pdf, monkeypatch, name, args, role, status
):
    # Only who gets it: the rendering of a whole Durchgang is read back above.
    monkeypatch.setattr(views_printing, "durchgang_sheets_pdf", lambda durchgang: example_pdf)
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))

    response = client.get(reverse(f"manage:{name}", args=[SLUG, *args]))

    assert response.status_code == status
    if status == 302:
        assert response["Location"].startswith(reverse("login"))
    if status == 200:
        assert response["Content-Type"] == "application/pdf"
        pages = read(response.content)[1]
        assert len(pages) == (1 if name == "sheet_pdf" else 3)


def test_a_table_or_durchgang_that_does_not_exist_is_not_found(client, clerk):
    client.force_login(clerk)

    assert client.get(reverse("manage:sheet_pdf", args=[SLUG, 1, 9])).status_code == 404
    assert client.get(reverse("manage:sheets_pdf", args=[SLUG, 7])).status_code == 404


def wait_for(client, status_url: str) -> dict:
    states = []

    def finished() -> bool:
        states.append(client.get(status_url).json())
        return states[-1]["state"] != "running"

    assert until(finished, timeout=20), "the print job did not finish"
    return states[-1]


@pytest.mark.django_db(transaction=True)
def test_printing_a_durchgang_in_the_background_shows_progress_then_offers_the_pdf(
    client, clerk, other_clerk, evening
):
    client.force_login(clerk)

    started = client.post(reverse("manage:sheets_print", args=["abend", 1]))

    assert started.status_code == 302
    job = started["Location"].rstrip("/").rsplit("/", 1)[1]
    page = client.get(started["Location"]).content.decode()
    assert 'id="druck-fortschritt"' in page and f"{job}/stand/" in page
    state = wait_for(client, reverse("manage:sheets_print_status", args=["abend", 1, job]))
    assert (state["state"], state["done"], state["total"]) == ("ready", 2, 2)
    assert "2" in state["message"]
    download = client.get(state["url"])
    assert download["Content-Type"] == "application/pdf"
    pages = read(b"".join(download.streaming_content))[1]
    assert len(pages) == 2 and "Spieler 9" in pages[1]
    other_durchgang = reverse("manage:sheets_print_status", args=["abend", 2, job])
    assert client.get(other_durchgang).status_code == 404
    client.force_login(other_clerk)
    assert client.get(state["url"]).status_code == 403


@pytest.mark.django_db(transaction=True)
def test_a_failed_print_job_says_so_without_a_traceback(
    client, clerk, example_tournament, monkeypatch
):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(sheets_pdf, "durchgang_sheets_pdf", broken)
    client.force_login(clerk)
    started = client.post(reverse("manage:sheets_print", args=[SLUG, 1]))
    job = started["Location"].rstrip("/").rsplit("/", 1)[1]

    state = wait_for(client, reverse("manage:sheets_print_status", args=[SLUG, 1, job]))

    assert state["state"] == "failed" and state["url"] == ""
    assert "boom" not in state["message"] and "Traceback" not in state["message"]
    pdf_url = reverse("manage:sheets_pdf", args=[SLUG, 1]) + f"?job={job}"
    assert client.get(pdf_url).status_code == 404


def test_a_made_up_job_is_not_found(client, clerk, example_tournament):
    client.force_login(clerk)

    for made_up in ("0" * 32, "../../etc/passwd", "abc"):
        url = reverse("manage:sheets_pdf", args=[SLUG, 1]) + f"?job={made_up}"
        assert client.get(url).status_code == 404
    assert (
        client.get(reverse("manage:sheets_print_status", args=[SLUG, 1, "0" * 32])).status_code
        == 404
    )


@pytest.fixture
def fetched(monkeypatch) -> list[str]:
    """The URLs WeasyPrint asks the fetcher of the signed sheets for."""
    asked = []
    fetch = printing.StaticFetcher.fetch

    def recording(self, url, headers=None):
        asked.append(url)
        return fetch(self, url, headers)

    monkeypatch.setattr(printing.StaticFetcher, "fetch", recording)
    return asked


def test_hostile_names_are_printed_as_text_and_nothing_is_fetched(durchgang, fetched):
    table = table_of(durchgang, 1)
    for seat, name in zip(table.seats.order_by("position"), HOSTILE, strict=False):
        seat.player.name = name
        seat.player.save(update_fields=["name"])

    _reader, pages = read(scoresheet_pdf(table))

    text = squeezed("".join(pages))  # long names may push the sheet onto a second page
    for name in HOSTILE:
        assert squeezed(name) in text
    assert fetched == []


STATIC = settings.STATICFILES_DIRS[0]
REFUSED = [
    "file:///etc/passwd",
    "http://example.com/x.png",
    "https://example.com/x.css",
    f"file://{STATIC}/../config/settings.py",
    f"file://{STATIC}/%2e%2e/config/settings.py",
    f"file://example.com{STATIC}/css/app.css",
    "data:text/plain,x",
]


@pytest.mark.parametrize("url", REFUSED)
def test_the_fetcher_refuses_files_outside_the_static_folder_and_the_network(url):
    fetcher = printing.StaticFetcher()

    with pytest.raises(ValueError, match="load no resources"):
        fetcher(url)


@pytest.mark.parametrize("url", ["file:///etc/passwd", "http://example.com/x.png"])
def test_the_fetcher_of_the_other_printouts_refuses_files_and_the_network(url):
    with pytest.raises(ValueError, match="load no resources"):
        refuse_fetch(url)


def test_the_fetcher_gives_the_project_s_own_static_files():
    response = printing.StaticFetcher()(f"file://{STATIC}/css/app.css")

    assert b"{" in response.read()


def test_markup_asking_for_a_file_or_the_network_is_refused_and_the_pdf_has_no_image(fetched):
    html = '<p>x</p><img src="file:///etc/passwd"><img src="http://example.com/x.png">'

    reader, [text] = read(pages_pdf([html]))

    assert fetched == ["file:///etc/passwd", "http://example.com/x.png"]
    assert text.strip() == "x"
    images = reader.pages[0]["/Resources"].get("/XObject", {})
    assert not [x for x in images.values() if x.get_object().get("/Subtype") == "/Image"]
