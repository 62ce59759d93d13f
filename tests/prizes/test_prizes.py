"""The prize list filled with names on the worked example (13 players; ranks 5 and 6 level on 5
points, ranks 7 to 9 on 1 point: the ranking's tie-breaks decide), the special prizes, the
prize money in the cash summary, and bad input."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.pdfs import pdf_pages, pdf_text
from tournament.checkin.cash import cash_summary
from tournament.models import Prize
from tournament.persons.services import organiser_of, person_create, player_person_link
from tournament.prizes.services import PrizeError, prize_add, prizes_awarded, prizes_out_total
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


def winners(tournament) -> list[tuple]:
    return [
        (a.prize.description, a.place, a.standing.player.name if a.standing else None)
        for a in prizes_awarded(tournament)
    ]


@pytest.fixture
def ranked(example_tournament):
    return standings_compute(example_tournament)


def test_place_prizes_follow_the_ranking_and_its_tie_breaks(example_tournament, ranked):
    assert ranked[4].totals.points == ranked[5].totals.points  # level on points
    assert ranked[4].rank < ranked[5].rank  # separated by the tie-breaks
    prize_add(tournament=example_tournament, rule="place", place_from=1, description="Sau")
    prize_add(
        tournament=example_tournament,
        rule="place",
        place_from=5,
        place_to=6,
        description="Brotzeit",
        amount=Decimal("10"),
    )
    assert winners(example_tournament) == [
        ("Sau", 1, ranked[0].player.name),
        ("Brotzeit", 5, ranked[4].player.name),
        ("Brotzeit", 6, ranked[5].player.name),
    ]


def test_every_third_place_of_a_range(example_tournament, ranked):
    prize_add(
        tournament=example_tournament,
        rule="place",
        place_from=4,
        place_to=13,
        every=3,
        description="Kartenspiel",
    )
    awards = prizes_awarded(example_tournament)
    assert [a.place for a in awards] == [4, 7, 10, 13]
    assert [a.standing.player.pk for a in awards if a.standing] == [
        ranked[3].player.pk,
        ranked[6].player.pk,
        ranked[9].player.pk,
        ranked[12].player.pk,
    ]


def test_a_place_beyond_the_field_has_nobody(example_tournament):
    prize_add(tournament=example_tournament, rule="place", place_from=14, description="Trost")
    assert winners(example_tournament) == [("Trost", 14, None)]


def test_special_prizes_go_to_the_best_placed_player_without_a_prize(example_tournament, ranked):
    prize_add(
        tournament=example_tournament,
        rule="place",
        place_from=1,
        place_to=3,
        description="Geld",
        amount=Decimal("50"),
    )
    prize_add(tournament=example_tournament, rule="solos", description="Solokönig")
    prize_add(
        tournament=example_tournament, rule="club", club="fc laubendorf", description="Vereinspreis"
    )
    prize_add(tournament=example_tournament, rule="newcomer", description="Neuling")
    solos = {s.player.pk: s.totals.solo_won + s.totals.sie for s in ranked[3:]}
    most = max(solos.values())
    king = next(s for s in ranked[3:] if solos[s.player.pk] == most)
    club = next(
        s for s in ranked[3:] if s.player.club == "FC Laubendorf" and s.player.pk != king.player.pk
    )
    newcomer = next(s for s in ranked[3:] if s.player.pk not in (king.player.pk, club.player.pk))
    specials = [w for w in winners(example_tournament) if w[0] != "Geld"]
    assert specials == [
        ("Solokönig", ranked.index(king) + 1, king.player.name),
        ("Vereinspreis", ranked.index(club) + 1, club.player.name),
        ("Neuling", ranked.index(newcomer) + 1, newcomer.player.name),
    ]


def test_a_player_of_an_earlier_tournament_is_no_newcomer(
    example_tournament, example_document, ranked
):
    from tournament.exchange.interchange.importer import tournament_import

    earlier = tournament_import(
        dict(
            example_document,
            tournament=dict(example_document["tournament"], slug="vorjahr", date="2025-11-01"),
        )
    )
    best = ranked[0].player
    person = person_create(organiser=organiser_of(example_tournament), name=best.name)
    player_person_link(player=best, person=person)
    player_person_link(player=earlier.players.get(start_number=best.start_number), person=person)
    prize_add(tournament=example_tournament, rule="newcomer", description="Neuling")
    assert winners(example_tournament) == [("Neuling", 2, ranked[1].player.name)]


def test_the_prize_money_with_a_winner_goes_into_the_cash(example_tournament):
    prize_add(
        tournament=example_tournament,
        rule="place",
        place_from=1,
        place_to=2,
        description="Geld",
        amount=Decimal("25.50"),
    )
    prize_add(
        tournament=example_tournament,
        rule="place",
        place_from=20,
        description="niemand",
        amount=Decimal("99"),
    )
    assert prizes_out_total(example_tournament) == Decimal("51.00")
    summary = cash_summary(example_tournament)
    assert summary.prizes_out == Decimal("51.00") and summary.balance == Decimal("-51.00")


def test_bad_input_is_refused_in_german_and_stores_nothing(example_tournament, supervisor):
    client = Client()
    client.force_login(supervisor)
    url = reverse("manage:prizes", args=[example_tournament.slug])
    page = client.post(
        url,
        {
            "rule": "place",
            "place_from": "5",
            "place_to": "2",
            "every": "1",
            "description": "Sau",
            "amount": "-3",
        },
    ).content.decode()
    assert "Der letzte Platz kann nicht vor dem ersten liegen." in page
    assert "Dieser Wert muss größer oder gleich 0 sein." in page
    page = client.post(url, {"rule": "club", "every": "1", "description": "Vereinspreis"})
    assert "Gib den Verein an, dessen bester Spieler diesen Preis bekommt." in page.content.decode()
    assert not Prize.objects.exists()
    with pytest.raises(PrizeError):
        prize_add(tournament=example_tournament, rule="place", description="ohne Platz")


def test_the_pages_and_pdfs(example_tournament, supervisor):

    prize_add(
        tournament=example_tournament,
        rule="place",
        place_from=1,
        place_to=3,
        description="Geschenkkorb",
    )
    prize_add(tournament=example_tournament, rule="solos", description="Solokönig")
    client = Client()
    client.force_login(supervisor)
    slug = example_tournament.slug
    ranked = standings_compute(example_tournament)
    page = client.get(reverse("manage:prizes_awarded", args=[slug])).content.decode()
    assert ranked[0].player.name in page and "Geschenkkorb" in page
    pdf = client.get(reverse("manage:prizes_pdf", args=[slug])).content
    text = pdf_text(pdf, " ")
    assert text.index("Solokönig") < text.index(ranked[0].player.name)  # read out backwards
    raw = client.get(reverse("manage:certificates_pdf", args=[slug])).content
    metadata = PdfReader(io.BytesIO(raw)).xmp_metadata
    assert metadata is not None
    xmp = metadata.stream.get_data()
    certificates = pdf_pages(raw)
    assert b'pdfaid:part="3" pdfaid:conformance="B"' in xmp  # PDF/A-3b
    assert len(certificates) == 4  # one per winner
    first = certificates[0]
    assert "Urkunde" in first and ranked[0].player.name in first and "Platz 1" in first
    assert f"{ranked[0].totals.points} Punkte" in first


def test_the_prize_list_says_where_a_place_was_decided_by_lot(supervisor):

    from scoring.totals import SeatTotals
    from tournament.exchange.demo import demo_document
    from tournament.exchange.interchange.importer import tournament_import
    from tournament.models import Membership, Table
    from tournament.totals.services import table_recording_set, totals_save

    document = demo_document(players=8, durchgaenge=1, seed=5, slug="los")
    for table in document["durchgaenge"][0]["tables"]:
        table["hands"] = []
    tournament = tournament_import(document)
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    first = table_recording_set(
        table=Table.objects.get(number=1, durchgang__tournament=tournament), recording="totals"
    )
    lines = [SeatTotals(6), SeatTotals(-2), SeatTotals(-2), SeatTotals(-2)]
    totals_save(table=first, lines=lines, version=0)
    ranked = standings_compute(tournament)
    by_lot = [s.rank for s in ranked if s.lot is not None]
    assert ranked[0].lot is None and by_lot  # first by points, the level ones by lot
    for place in (1, by_lot[0]):
        prize_add(tournament=tournament, rule="place", place_from=place, description=f"P{place}")
    client = Client()
    client.force_login(supervisor)
    text = client.get(reverse("manage:prizes_awarded", args=["los"])).content.decode()
    assert text.count("Platz durch Los entschieden") == 1
    rows = text.split("<tbody>", 1)[1].split("<tr>")  # not the head: its nonce is random
    row = next(r for r in rows if f"P{by_lot[0]}" in r)
    assert "Platz durch Los entschieden" in row
    pdf = client.get(reverse("manage:prizes_pdf", args=["los"])).content
    read = pdf_text(pdf, " ")
    assert "Platz durch Los entschieden" in " ".join(read.split())
