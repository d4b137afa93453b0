"""The demo tournaments that ``make run`` loads: a Keezen tournament of 24 teams with Dutch names
from six clubs, round 1 played and round 2 seated, so every page has something to show; and beside
it a Klaverjassen drive of 20 pairs, three rounds of 16 deals played card by card (some deals nat,
now and then a pit, roem as the tricks give it), so its standings show.

Fixed data, so the demo looks the same on every machine and loading it twice changes nothing. The
drive's cards are drawn by its game (``GamePlugin.random_sheet``) from the drive's seed.

The club's apps add their own demo data when ``manage.py load_demo`` has loaded these
(:data:`demo_loaded`: prizes adds the demo tournament's prizes, seasons the demo competition).
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.dispatch import Signal

import klaverjas
import scoring
from tournaments.games import Scoring
from tournaments.models import RoundStatus, Table, Tournament
from tournaments.services.teams import TeamData, register_teams

demo_loaded = Signal()
"""Sent by ``manage.py load_demo`` after the demo tournaments are there; each receiver adds its app's
demo data (idempotent, as the tournaments are) and returns the lines the command prints."""

DEMO_SLUG = "demo-keezentoernooi"
DRIVE_SLUG = "demo-klaverjasdrive"
DRIVE_ROUNDS = 3
DRIVE_DEALS = 16

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
    added = _register_missing(tournament, TEAMS, CLUBS)
    if not tournament.round_set.exists():
        _demo_rounds(tournament)
    return tournament, added


def _register_missing(tournament: Tournament, teams: list[tuple[str, str, str]], clubs: list[str]) -> int:
    """Register the demo ``teams`` the tournament does not have yet (by name), clubs in turn; a number
    taken by another team is left to follow on. Returns how many were added."""
    existing = {name.casefold() for name in tournament.teams.values_list("name", flat=True)}
    taken = set(tournament.teams.values_list("number", flat=True))
    missing = [
        TeamData(name=name, players=(p1, p2), club=clubs[index % len(clubs)],
                 number=index + 1 if index + 1 not in taken else None)
        for index, (name, p1, p2) in enumerate(teams)
        if name.casefold() not in existing
    ]
    register_teams(tournament, missing)
    return len(missing)


DRIVE_CLUBS = ["KC De Klaverheer", "Kaartclub Aalsmeer", "De Ruitenboer", "Buurtvereniging De Kwakel"]

DRIVE_TEAMS: list[tuple[str, str, str]] = [
    ("De Troefjagers", "Annie Verbeek", "Bas Hoogland"),
    ("Nel en Boer", "Corrie van Vliet", "Dolf Brink"),
    ("Stuk en Roem", "Els Wolters", "Fons de Ridder"),
    ("De Pitmakers", "Gonny Rijnders", "Harm Zwart"),
    ("Klaveraas", "Ina Lammers", "Joop Evers"),
    ("Harten Vrouw", "Klazien Vos", "Leo Kuiper"),
    ("Ruiten Tien", "Miep Overbeek", "Nol Scholten"),
    ("Schoppen Heer", "Plonie de Lange", "Rinus Baas"),
    ("Nat Pak", "Sjaan Wouters", "Teun Hendriks"),
    ("De Verzakkers", "Truus Martens", "Wout Bosman"),
    ("Rotterdamse Rakkers", "Ank Verhoef", "Bertus Koning"),
    ("Amsterdamse Grachten", "Coby Nijhuis", "Dick Boon"),
    ("Vier Boeren", "Dinie Mol", "Evert Ploeg"),
    ("Laatste Slag", "Fenna Hoek", "Gijs Stam"),
    ("Driekaart", "Hennie Beekman", "Ids Terpstra"),
    ("De Maatjes", "Jannie Blom", "Kobus Aalbers"),
    ("Ondertroef", "Lies Wijnands", "Maarten Hol"),
    ("Honderd Roem", "Nelly Dam", "Otto Veldman"),
    ("Kaarten op Tafel", "Riek Brouwer", "Siem van Os"),
    ("Zeven Acht Negen", "Tiny Bouma", "Wessel Kroon"),
]


def _drive_rounds(tournament: Tournament) -> None:
    """Every round drawn (random, then Swiss), published and played: each table's card of 16 deals,
    drawn by the game from the drive's seed, typed at the desk."""
    from tournaments.services.draft import publish
    from tournaments.services.pairing import pair_round
    from tournaments.services.results import record_result
    from tournaments.services.rounds import add_round
    from tournaments.services.seating import side_count

    setup = Scoring.of(tournament)
    rng = random.Random(tournament.seed)
    for _number in range(tournament.rounds):
        played = add_round(tournament)
        pair_round(played)
        publish(played)
        for table in Table.objects.filter(round=played).select_related("round__tournament").with_seats().order_by("number"):
            record_result(table, setup.game.random_sheet(setup, side_count(table), rng, stopped=False))
        played.status = RoundStatus.FINISHED
        played.save(update_fields=["status"])


@transaction.atomic
def load_drive() -> tuple[Tournament, int]:
    """Create the demo Klaverjassen drive, or add what is missing. Returns it and how many teams were added."""
    tournament, _created = Tournament.objects.get_or_create(
        slug=DRIVE_SLUG,
        defaults={
            "name": "Demo Klaverjasdrive",
            "date": datetime.date(2026, 11, 27),
            "venue": "Café Het Hoekje",
            "seed": 20261127,
            "scoring_system": scoring.KLAVERJAS,
            "rounds": DRIVE_ROUNDS,
            "deals": DRIVE_DEALS,
            "game_rules": klaverjas.DEFAULTS.as_json(),
        },
    )
    added = _register_missing(tournament, DRIVE_TEAMS, DRIVE_CLUBS)
    if not tournament.round_set.exists():
        _drive_rounds(tournament)
    return tournament, added
