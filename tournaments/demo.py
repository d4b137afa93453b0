"""The demo tournament that ``make run`` loads: 24 teams with Dutch names from six clubs.

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
    return tournament, len(missing)
