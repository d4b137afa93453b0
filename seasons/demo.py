"""The demo season that ``make run`` loads beside the demo tournaments (``manage.py load_demo``): a
Klaverjassen club competition of 16 people who enter alone, 4 evenings played of the 6 planned.

Why: a new director should see a competition, the people of the register and the prizes working
right after ``make run``, without first typing a season of evenings (the demo tournament's prizes
are :mod:`prizes.demo`). Why through a competition file
(``shared/spec/competition.md``) and :func:`~seasons.services.competition_file.import_competition`
rather than rows: the file is checked whole by the same code as a club's own file, so the demo can
never hold what the app would refuse, and it creates the evenings' tournaments, the people (by
their ids ``demo-01`` …) and the excused absences as a real import does.

Fixed data, the cards drawn from a fixed seed: the demo looks the same on every machine. Loading
it again changes nothing: the season is looked up by its short name (as ``tournaments.demo`` looks
up its tournaments). Loaded when ``manage.py load_demo`` sends :data:`tournaments.demo.demo_loaded`
(connected below when ``apps.py`` imports this module).
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.db import transaction
from django.db.models import Q

import klaverjas
from people.models import Person
from seasons.models import Competition
from seasons.services.competition_file import FORMAT, VERSION, import_competition
from tournaments.demo import demo_loaded
from tournaments.games.klaverjas import random_card
from tournaments.models.registration import Club

SEASON_SLUG = "klaverjascompetitie-demo"
SEASON_NAME = "Klaverjascompetitie (demo)"
SEASON_SEED = 20260910
SEASON_DEALS = 16
SEASON_ROUNDS = 3
SEASON_RULES = {"per_evening": "points", "count": {"best": 4, "of": 6},
                "absence": {"points": "average", "max": 2}, "minimum_evenings": 2}

SEASON_CLUBS = ["KC De Klaverheer", "Kaartclub Aalsmeer"]

# (id in files, name, member number): the club's register. Member numbers are given only where no
# other person has them yet.
SEASON_PEOPLE: list[tuple[str, str, str]] = [
    ("demo-01", "Adrie van der Zwan", "9001"),
    ("demo-02", "Bep Schipper", "9002"),
    ("demo-03", "Cees Vermeer", "9003"),
    ("demo-04", "Dora Kamphuis", "9004"),
    ("demo-05", "Egbert Lodewijks", "9005"),
    ("demo-06", "Fien Hoogendoorn", "9006"),
    ("demo-07", "Gert-Jan Mooij", "9007"),
    ("demo-08", "Hilde Roelofs", "9008"),
    ("demo-09", "Jaap Kroeze", "9009"),
    ("demo-10", "Kitty Nauta", "9010"),
    ("demo-11", "Louis van Rijn", "9011"),
    ("demo-12", "Marga Sluiter", "9012"),
    ("demo-13", "Nardus Wiersma", "9013"),
    ("demo-14", "Pleun Jonker", "9014"),
    ("demo-15", "Reinier Faber", "9015"),
    ("demo-16", "Saskia Tromp", "9016"),
]

# The evenings played: (date, who stayed home, who of them was excused), three rounds each (with
# "per_evening": "points" an evening of fewer rounds would weigh less). Everyone plays at
# least two evenings but demo-16, who stopped after the first and is listed unranked
# ("minimum_evenings"); demo-03 and demo-05 are excused once and get their average ("absence").
# Twelve or sixteen players: every table seats two pairs, so no evening needs a bye. Evenings 5
# and 6 are planned ("count": best 4 of 6) and not played yet.
SEASON_EVENINGS: list[tuple[datetime.date, set[str], set[str]]] = [
    (datetime.date(2026, 9, 10), set(), set()),
    (datetime.date(2026, 10, 8), {"demo-03", "demo-08", "demo-11", "demo-16"}, {"demo-03"}),
    (datetime.date(2026, 11, 12), {"demo-05", "demo-09", "demo-14", "demo-16"}, {"demo-05"}),
    (datetime.date(2026, 12, 10), {"demo-02", "demo-07", "demo-12", "demo-16"}, set()),
]
SEASON_VENUE = "Café Het Hoekje"


def _pairs(players: list[str], rng: random.Random, partnered: set[frozenset[str]]) -> list[list[str]]:
    """The round's pairs, in table order (two pairs a table): drawn at random, a new partner for
    everyone when a few draws find one (the evening's ``partnered`` so far)."""
    order = list(players)
    for _attempt in range(200):
        rng.shuffle(order)
        pairs = [order[i:i + 2] for i in range(0, len(order), 2)]
        if not any(frozenset(pair) in partnered for pair in pairs):
            break
    partnered.update(frozenset(pair) for pair in pairs)
    return pairs


def _evening(number: int, date: datetime.date, home: set[str], rng: random.Random) -> dict[str, Any]:
    """One evening as an individual Klaverjassen tournament file (version 1): the players present,
    a new partner every round, and each table's card of 16 deals drawn by the game."""
    present = [(ref, name) for ref, name, _member in SEASON_PEOPLE if ref not in home]
    ids = {ref: f"P{index}" for index, (ref, _name) in enumerate(present, start=1)}
    club = {ref: SEASON_CLUBS[index % len(SEASON_CLUBS)] for index, (ref, _n, _m) in enumerate(SEASON_PEOPLE)}
    tables: list[dict[str, Any]] = []
    partnered: set[frozenset[str]] = set()
    for round_number in range(1, SEASON_ROUNDS + 1):
        pairs = _pairs([ids[ref] for ref, _name in present], rng, partnered)
        for table, first in enumerate(range(0, len(pairs), 2), start=1):
            tables.append({"round": round_number, "table": table, "pairs": pairs[first:first + 2],
                           **random_card(SEASON_DEALS, rng, stopped=False)})
    return {
        "format": "keezen-tournament", "version": 1, "game": "klaverjas", "entry": "individual",
        "name": f"Klaverjasavond {number} (demo)", "date": date.isoformat(), "venue": SEASON_VENUE,
        "seed": SEASON_SEED + number, "rounds": SEASON_ROUNDS, "deals": SEASON_DEALS,
        "rules": klaverjas.DEFAULTS.as_json(),
        "players": [{"id": ids[ref], "name": name, "club": club[ref], "person": ref} for ref, name in present],
        "tables": tables,
    }


def season_file() -> dict[str, Any]:
    """The demo season as a competition file: the same file on every call."""
    rng = random.Random(SEASON_SEED)
    return {
        "format": FORMAT, "version": VERSION, "name": SEASON_NAME, "game": "klaverjas", "seed": SEASON_SEED,
        "rules": SEASON_RULES,
        "excused": [{"evening": number, "person": ref}
                    for number, (_date, _home, excused) in enumerate(SEASON_EVENINGS, start=1)
                    for ref in sorted(excused)],
        "tournaments": [_evening(number, date, home, rng)
                        for number, (date, home, _excused) in enumerate(SEASON_EVENINGS, start=1)],
    }


def _register() -> None:
    """The demo people's club and member number, where the register has none for them yet."""
    named = Q()
    for name in SEASON_CLUBS:
        named |= Q(name__iexact=name)
    clubs = {club.name.casefold(): club for club in Club.objects.filter(named)}
    taken = set(Person.objects.exclude(member_number="").values_list("member_number", flat=True))
    for index, (ref, _name, member) in enumerate(SEASON_PEOPLE):
        person = Person.objects.filter(ref=ref).first()
        if person is None:
            continue
        changed = []
        if person.club_id is None and (club := clubs.get(SEASON_CLUBS[index % len(SEASON_CLUBS)].casefold())):
            person.club = club
            changed.append("club")
        if not person.member_number and member not in taken:
            person.member_number = member
            taken.add(member)
            changed.append("member_number")
        if changed:
            person.save(update_fields=changed)


@transaction.atomic
def load_season() -> tuple[Competition, bool]:
    """Create the demo season, unless it is there. Returns it and whether it was created now."""
    competition = Competition.objects.filter(slug=SEASON_SLUG).first()
    created = competition is None
    if created:
        competition = import_competition(season_file())
    _register()
    return competition, created



def loaded(**kwargs: Any) -> list[str]:
    """The receiver of :data:`~tournaments.demo.demo_loaded`: the demo competition, and the line
    ``load_demo`` prints."""
    season, created = load_season()
    return [f"Demo competition '{season.name}' (/c/{season.slug}/): {'added' if created else 'there'}, "
            f"{season.evenings.count()} evenings."]


demo_loaded.connect(loaded, dispatch_uid="seasons-demo")
