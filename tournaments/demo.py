"""The demo tournament that ``make run`` loads: 24 teams with Dutch names from six clubs, round 1
played and round 2 seated, so every page has something to show.

Fixed data, so the demo looks the same on every machine and loading it twice changes nothing.
"""

from __future__ import annotations

import datetime

from django.db import transaction

from tournaments.models import Tournament
from tournaments.services.teams import TeamData, register_teams

DEMO_SLUG = "demo-keezentoernooi"

CLUBS = ["KC De Pion", "Keezclub Noord", "De Boer Slaat", "Vier Terug", "Het Thuishonk", "Zeven Splitsen"]

TEAMS: list[tuple[str, str, str]] = [
    ("De Kezers", "Anna de Vries", "Bram Jansen"),
    ("Pionnen Plezier", "Carla Smit", "Dirk Bos"),
    ("Aas in de Mouw", "Eva Visser", "Frank de Boer"),
    ("De Vrolijke Heren", "Gerrit Mulder", "Henk Meijer"),
    ("Vrouw Twaalf", "Ingrid de Groot", "Joke Bakker"),
    ("Boerenbedrog", "Kees van Dijk", "Lars Hendriks"),
    ("Zeven Sprongen", "Marieke Dekker", "Niels van Leeuwen"),
    ("Terug met Vier", "Olga Brouwer", "Piet de Wit"),
    ("Thuis Voor Donker", "Quinten Dijkstra", "Roos Smits"),
    ("De Blokkers", "Sanne de Graaf", "Tom van der Meer"),
    ("Honkvast", "Ursula van den Berg", "Vincent Kok"),
    ("Knikkerkoningen", "Wim Jacobs", "Xandra de Haan"),
    ("Slaan en Zetten", "Yvonne Vermeulen", "Zeger van den Heuvel"),
    ("De Beginposities", "Annelies Schouten", "Bert van der Veen"),
    ("Rood Wint Altijd", "Cor van den Broek", "Diny de Bruijn"),
    ("Groen Geluk", "Eline van der Linden", "Frits Peters"),
    ("Blauwe Maandag", "Greetje Willems", "Hans van Wijk"),
    ("Geel en Gezellig", "Ilse Koster", "Jan Prins"),
    ("Kaartje Erbij", "Karin Huisman", "Luuk Postma"),
    ("Pot Gewonnen", "Mieke Kuipers", "Nico Veenstra"),
    ("De Laatste Pion", "Ottilie Kramer", "Paul van Beek"),
    ("Heer en Meester", "Rianne Bosman", "Stefan Hoekstra"),
    ("Twee Punten", "Tineke Verhoeven", "Ruud Timmermans"),
    ("De Stille Ruil", "Wendy Groen", "Arjan Sanders"),
]


def _demo_rounds(tournament: Tournament) -> None:
    """Round 1 drawn and played (sheets from simulated games, stopped by a turn limit as the clock
    would), round 2 drawn by the Swiss system and published, its clock waiting for the director."""
    from engine.game import simulate
    from tournaments.services.draft import publish
    from tournaments.services.pairing import pair_round
    from tournaments.services.results import record_result
    from tournaments.services.rounds import add_round

    played = add_round(tournament)
    pair_round(played)
    publish(played)
    for table in played.tables.order_by("number"):
        game = simulate(4, seed=tournament.seed + table.number, max_turns=300)
        # Colours 0 and 2 are the first team on the sheet, 1 and 3 the second.
        record_result(table, {
            "arrivals": [colour % 2 for colour in game.arrivals],
            "stopped_by_clock": game.winner is None,
        })
    played.status = "finished"
    played.save(update_fields=["status"])
    waiting = add_round(tournament)
    pair_round(waiting)
    publish(waiting)


@transaction.atomic
def load_demo() -> tuple[Tournament, int]:
    """Create the demo tournament, or add what is missing. Returns it and how many teams were added."""
    tournament, _created = Tournament.objects.get_or_create(
        slug=DEMO_SLUG,
        defaults={
            "name": "Demo Keezentoernooi",
            "date": datetime.date(2026, 11, 21),
            "venue": "Buurthuis De Kwakel",
            "seed": 20261121,
        },
    )
    existing = {name.casefold() for name in tournament.teams.values_list("name", flat=True)}
    missing = [
        TeamData(name=name, players=(p1, p2), club=CLUBS[index % len(CLUBS)], number=index + 1)
        for index, (name, p1, p2) in enumerate(TEAMS)
        if name.casefold() not in existing
    ]
    taken = set(tournament.teams.values_list("number", flat=True))
    missing = [t if t.number not in taken else TeamData(t.name, t.players, t.club, None) for t in missing]
    register_teams(tournament, missing)
    if not tournament.round_set.exists():
        _demo_rounds(tournament)
    return tournament, len(missing)
