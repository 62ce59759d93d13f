"""A random but valid tournament in the interchange format, for demos and benchmarks."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from rules.contracts import SUITS_FOR, Contract
from scoring.approvals import ApprovalCandidate, approvals_needed
from scoring.seating import games_at_table, playing_indices, seat_randomly
from tournament.exchange.interchange import FORMAT, VERSION

FIRST = ["Sepp", "Xaver", "Hias", "Anna", "Resi", "Michl", "Lena", "Wastl", "Vroni", "Kathi"]
LAST = ["Huber", "Maier", "Hofbauer", "Reiter", "Obermeier", "Gruber", "Wimmer", "Brandl"]
CLUBS = ["", "SK Vohenstrauß", "FC Laubendorf", "Schafkopfschule", "Stammtisch Post"]
CONTRACTS = ["rufspiel", "solo", "wenz", "farbwenz", "geier", "sie"]
REASONS = ["Bedienpflicht verletzt", "Vorwerfen", "Karten aufgedeckt", "Informationen gegeben"]


def demo_document(
    *, players: int = 32, durchgaenge: int = 2, seed: int = 1, slug: str = "demo-turnier"
) -> dict[str, Any]:
    rng = random.Random(seed)
    ids = [str(n) for n in range(1, players + 1)]
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "slug": slug,
            "name": f"Demo-Turnier ({players} Spieler)",
            "date": dt.date.today().isoformat(),
            "venue": "Gasthaus zur Post",
            "scoring": "schafkopfschule-2007",
            "games_per_durchgang": 32,
            "number_of_durchgaenge": durchgaenge,
            "contracts": CONTRACTS,
            "solo_approval_from": 5,
        },
        "players": [
            {
                "id": i,
                "name": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                "club": rng.choice(CLUBS),
            }
            for i in ids
        ],
        "durchgaenge": [],
    }
    _names_distinct(document["players"])
    for number in range(1, durchgaenge + 1):
        tables = seat_randomly(ids, seed=f"{seed}-{number}")
        document["durchgaenge"].append(
            {
                "number": number,
                "tables": [
                    {"number": t, "seats": seats, "hands": _sheet(rng, seats, show=t == 1)}
                    for t, seats in enumerate(tables, start=1)
                ],
            }
        )
    return document


def _names_distinct(players: list[dict[str, Any]]) -> None:
    """Every player a name of his own: a name drawn twice takes the first family name its given
    name has not got yet (then a number). Nothing is drawn here, so the games stay the same."""
    taken: set[str] = set()
    for player in players:
        name = player["name"]
        if name in taken:
            first = name.split()[0]
            free = [f"{first} {last}" for last in LAST if f"{first} {last}" not in taken]
            name = free[0] if free else f"{name} {len(taken) + 1}"
        taken.add(name)
        player["name"] = name


def _sheet(rng: random.Random, seats: list[str], *, show: bool) -> list[dict[str, Any]]:
    """One table's games; with `show`, games 2-5 are a Sie, a Tout, a sanction, a struck game."""
    games = games_at_table(seats=len(seats), games_per_durchgang=32)
    hands = [_hand(rng, number, seats) for number in range(1, games + 1)]
    if show:
        first, second = seats[0], seats[1]  # both play games 2 to 5 also at a table of five
        hands[1] = {"number": 2, "contract": "sie", "declarer": first}
        hands[2] = {"number": 3, "contract": "solo", "suit": "herz", "declarer": first}
        hands[2].update(tout=True, won=True)
        hands[3] = {"number": 4, "contract": "wenz", "declarer": second}
        hands[3]["sanction"] = {"offender": first, "reason": REASONS[0]}
        hands[4] = {"number": 5, "contract": "rufspiel", "suit": "gras", "declarer": first}
        hands[4].update(partner=second, disallowed=True)
    needed = approvals_needed(
        (
            ApprovalCandidate(
                h["number"],
                Contract(h["contract"]),
                h.get("tout", False),
                h.get("disallowed", False),
            )
            for h in hands
        ),
        solo_from=5,
    )
    for hand in hands:
        if hand["number"] in needed:
            hand["approved_by"] = "Turnierleitung"
    return hands


def _hand(rng: random.Random, number: int, seats: list[str]) -> dict[str, Any]:
    playing = [seats[i] for i in playing_indices(number, len(seats))]
    roll = rng.random()
    if roll < 0.004 and number > 1:
        contract = "sie"
    elif roll < 0.7:
        contract = "rufspiel"
    else:
        contract = rng.choice(["solo", "solo", "wenz", "wenz", "farbwenz", "geier"])
    declarer = rng.choice(playing)
    hand: dict[str, Any] = {"number": number, "contract": contract, "declarer": declarer}
    suits = SUITS_FOR[Contract(contract)]
    if suits:
        hand["suit"] = rng.choice(suits).value
    if contract == "rufspiel":
        hand["partner"] = rng.choice([p for p in playing if p != declarer])
    if contract == "sie":
        return hand
    if contract != "rufspiel" and rng.random() < 0.05:
        hand["tout"] = True
    event = rng.random()
    if event < 0.015:
        hand["sanction"] = {"offender": rng.choice(playing), "reason": rng.choice(REASONS)}
        return hand
    if event < 0.025:
        hand["disallowed"] = True
        return hand
    hand["won"] = rng.random() < 0.6
    if not hand.get("tout"):
        tier = rng.random()
        if tier < 0.04:
            hand["schneider"] = hand["schwarz"] = True
        elif tier < 0.2:
            hand["schneider"] = True
    return hand
