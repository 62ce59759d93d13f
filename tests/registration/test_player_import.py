"""Importing a player list: CSV as Excel writes it and .xlsx, previewed, then all or nothing."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from openpyxl import Workbook

from tournament.models import Player
from tournament.registration.player_import import PlayerRow, player_list_read

SLUG = "beispielturnier-2026"


def _read(text: str | bytes, filename: str = "liste.csv"):
    content = text.encode("utf-8") if isinstance(text, str) else text
    with translation.override("en"):
        result = player_list_read(filename, content)
        return SimpleNamespace(rows=result.rows, errors=[str(e) for e in result.errors])


def _xlsx(rows: list[list]) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


# --- reading the file (no database) --------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        pytest.param("Name,Verein\nAnna Huber,SK Weiden\nBeni Bauer,\n", id="comma"),
        pytest.param("name;club\r\nAnna Huber;SK Weiden\r\nBeni Bauer;\r\n", id="semicolon"),
        pytest.param("\ufeffSpieler;Verein/Ort\nAnna Huber;SK Weiden\nBeni Bauer\n", id="bom"),
        pytest.param("Vorname,Nachname,Club\nAnna,Huber,SK Weiden\nBeni,Bauer,\n", id="split"),
        pytest.param("\n Player Name ,TEAM\n\nAnna Huber,SK Weiden\nBeni Bauer,\n,\n", id="blank"),
    ],
)
def test_csv_lists_are_read_with_tolerant_headers(content):
    result = _read(content)
    assert result.errors == []
    assert [(r.name, r.club, r.start_number) for r in result.rows] == [
        ("Anna Huber", "SK Weiden", None),
        ("Beni Bauer", "", None),
    ]


def test_excel_csv_in_windows_1252_keeps_the_umlauts():
    content = "Startnummer;Name;Verein\r\n7;Jörg Weiß;Schafkopffreunde Höß\r\n".encode("cp1252")
    assert _read(content).rows == [
        PlayerRow(line=2, name="Jörg Weiß", club="Schafkopffreunde Höß", start_number=7)
    ]


def test_excel_unicode_text_is_read_with_tabs():
    content = "Name\tVerein\r\nJörg Weiß\tSK Höß\r\n".encode("utf-16")
    assert _read(content, "liste.txt").rows == [PlayerRow(line=2, name="Jörg Weiß", club="SK Höß")]


def test_a_quoted_name_with_the_delimiter_and_a_line_break_is_one_cell():
    result = _read('Name;Verein\n"Huber; Anna";"SK\nWeiden"\n;x\n')
    assert result.rows[0].name == "Huber; Anna"
    assert result.errors == ["Line 4: name missing"]


def test_every_bad_row_is_named_by_its_line():
    content = (
        "Nr,Name,Verein\n"
        "1,Anna Huber,SK\n"
        ",,SK Weiden\n"
        "x3,Beni Bauer,\n"
        f"4,{'A' * 201},\n"
        "0,Cilli Kern,\n"
    )
    assert _read(content).errors == [
        "Line 3: name missing",
        "Line 4: start number “x3” is not a number from 1 to 99999",
        "Line 5: the name is longer than 200 characters",
        "Line 6: start number “0” is not a number from 1 to 99999",
    ]


def test_a_file_without_a_name_column_is_refused():
    assert _read("Verein;Nummer\nSK;1\n").errors == [
        "Line 1: no column for the name (a header such as Name, Spieler or Player)"
    ]


def test_an_empty_or_unreadable_file_says_so():
    assert _read("").errors == ["The file is empty."]
    assert _read(b"\x81\x8d\x8f\x90\x9d").errors == [
        "The file is neither UTF-8 nor Windows-1252 text."
    ]
    assert _read(b"PK\x03\x04garbage", "liste.xlsx").errors == [
        "The file is not a readable .xlsx workbook."
    ]
    assert _read(b"\xd0\xcf\x11\xe0", "liste.xls").errors == [
        "Save the list as .xlsx or as CSV, please."
    ]


def test_an_xlsx_list_is_read_from_its_first_sheet_with_row_numbers():
    content = _xlsx(
        [
            ["Startnr.", "Name", "Verein"],
            [12, "Jörg Weiß", "SK Höß"],
            [None, None, None],
            [13.0, '=HYPERLINK("http://x")', None],
            [None, None, "SK"],
        ]
    )
    result = _read(content, "Anmeldung.xlsx")
    assert result.rows == [
        PlayerRow(line=2, name="Jörg Weiß", club="SK Höß", start_number=12),
        PlayerRow(line=4, name='=HYPERLINK("http://x")', club="", start_number=13),
    ]
    assert result.errors == ["Line 5: name missing"]


# --- the pages: upload, preview, confirm ---------------------------------------------------


@pytest.fixture
def boss(client, supervisor):
    client.force_login(supervisor)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def _upload(client, content: bytes, filename="liste.csv"):
    url = reverse("manage:players_import", args=[SLUG])
    return client.post(url, {"file": SimpleUploadedFile(filename, content)})


def _confirm(client, response):
    url = reverse("manage:players_import_confirm", args=[SLUG])
    return client.post(url, {"token": response.context["token"]})


def _imported():
    return list(
        Player.objects.filter(tournament__slug=SLUG, start_number__gt=13).values_list(
            "start_number", "ident", "name", "club"
        )
    )


def test_the_preview_lists_the_players_and_stores_nothing_until_confirmed(boss):
    response = _upload(boss, b"Name;Verein\nAnna Huber;SK Weiden\nBeni Bauer;\n")
    assert response.status_code == 200
    text = response.content.decode()
    assert "Anna Huber" in text and "Beni Bauer" in text
    assert "Register 2 players" in text
    assert [(row.name, number) for row, number in response.context["plan"].rows] == [
        ("Anna Huber", 14),
        ("Beni Bauer", 15),
    ]
    assert _imported() == []
    response = _confirm(boss, response)
    assert response["Location"] == reverse("manage:players", args=[SLUG])
    assert _imported() == [(14, "14", "Anna Huber", "SK Weiden"), (15, "15", "Beni Bauer", "")]
    assert "2 players imported." in boss.get(response["Location"]).content.decode()


def test_an_xlsx_upload_is_imported(boss, tmp_path):
    path = tmp_path / "anmeldung.xlsx"
    path.write_bytes(_xlsx([["Name", "Club", "Start number"], ["Anna Huber", "SK", 20]]))
    response = _upload(boss, path.read_bytes(), "anmeldung.xlsx")
    _confirm(boss, response)
    assert _imported() == [(20, "20", "Anna Huber", "SK")]


def test_a_bad_file_names_its_lines_stores_nothing_and_cannot_be_confirmed(boss):
    content = b"Nr;Name;Verein\n20;Anna Huber;\n;;SK\n20;Beni Bauer;\n3;Cilli Kern;\n"
    response = _upload(boss, content)
    text = response.content.decode()
    assert [str(e) for e in response.context["errors"]] == [
        "Line 3: name missing",
        "Line 4: start number 20 is also in line 2",
        "Line 5: start number 3 is taken by Hias Reiter 3",
    ]
    assert "Line 3: name missing" in text
    assert response.context["token"] == "" and "Register" not in text
    response = boss.post(reverse("manage:players_import_confirm", args=[SLUG]), {"token": ""})
    assert response.status_code == 302
    assert _imported() == []


def test_the_german_page_names_the_line_too(client, supervisor):
    client.force_login(supervisor)
    response = _upload(client, b"Name\nAnna\n\xc3\x9c\n\n")
    assert response.status_code == 200
    assert [str(e) for e in response.context["errors"]] == []
    assert [row.name for row, _ in response.context["plan"].rows] == ["Anna", "Ü"]


def test_a_number_taken_between_preview_and_confirm_stores_nothing(boss):
    response = _upload(boss, b"Nr,Name\n30,Anna Huber\n31,Beni Bauer\n")
    boss.post(reverse("manage:players", args=[SLUG]), {"name": "Spaet", "start_number": 31})
    response = _confirm(boss, response)
    assert response.status_code == 302
    assert _imported() == [(31, "31", "Spaet", "")]
    messages = [str(m) for m in boss.get(response["Location"]).context["messages"]]
    assert messages[-1] == "Line 3: start number 31 is taken by Spaet"


def test_a_preview_is_confirmed_only_once(boss):
    response = _upload(boss, b"Name\nAnna Huber\n")
    _confirm(boss, response)
    _confirm(boss, response)
    assert _imported() == [(14, "14", "Anna Huber", "")]


def test_names_already_registered_are_pointed_out_but_allowed(boss):
    response = _upload(boss, b"Name\nHias Reiter 3\nAnna\nanna\n")
    assert [str(w) for w in response.context["plan"].warnings] == [
        "Line 2: Hias Reiter 3 is registered already",
        "Line 4: anna is also in line 3",
    ]
    assert response.context["token"]
