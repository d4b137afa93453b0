"""A competition's standings, in one shape for the public page, the PDF, the workbook and
``manage.py competition_standings``.

Why one shape: every place that shows the season must agree, so :func:`competition_standings`
reads the evenings' places (:mod:`.places`: two queries and no tournament standings on most
requests), names each person once, and ranks with :func:`scoring.competition.rank`. The "movement"
of the standings after an evening is the same ranking one evening earlier.

Who a person is (``competition.md``): the player's person of the register when linked — its id in
files, else its name as matched — otherwise the player's name as matched (:func:`person_key`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from people.models import Person
from scoring import competition as rules_of
from scoring.competition import Evening as HeldEvening
from scoring.competition import Place, Row, as_number
from seasons.models import Competition, Evening
from seasons.services.places import fresh_places
from tournaments.names import person_key


@dataclass(frozen=True)
class Line:
    """A person's line: the ranking's row, the person's name, and the move since the evening before."""

    row: Row
    name: str
    movement: int | None = None  # places up (+) or down (−) since the evening before; None: new, or evening 1

    @property
    def rank(self) -> int | None:
        return self.row.rank

    def as_json(self) -> dict[str, Any]:
        row = self.row
        return {"rank": row.rank, "person": row.person, "name": self.name, "points": as_number(row.points),
                "counted": [r.as_json() for r in row.counted], "dropped": [r.as_json() for r in row.dropped],
                "evenings": row.evenings, "lot": row.lot}


@dataclass(frozen=True)
class CompetitionStandings:
    competition: Competition
    after: int  # the last evening counted (0: none held yet)
    lines: tuple[Line, ...]
    evenings: tuple[Evening, ...]  # every evening of the competition, in order

    @property
    def held(self) -> list[int]:
        return [evening.number for evening in self.evenings if held(evening) and evening.number <= self.after]

    def as_json(self) -> dict[str, Any]:
        """The ``competition_standings --format json`` object of competition.md."""
        return {"competition": self.competition.name, "after": self.after,
                "standings": [line.as_json() for line in self.lines]}


def held(evening: Evening) -> bool:
    """An evening is held once its tournament has a result that counts."""
    return bool(evening.places and evening.places["after_round"] > 0)


def competition_standings(competition: Competition, after: int | None = None, *,
                          movement: bool = False) -> CompetitionStandings:
    """The standings after evening ``after`` (default: the last evening held); ``movement``: with each
    line's move since the evening held before it."""
    evenings = fresh_places(competition.evenings.select_related("tournament").order_by("number"))
    people = people_of(evenings)
    absent = list(competition.excused.values_list("evening", "person__ref", "person__key", "person__name"))
    return _ranked(competition, evenings, people, absent, after, movement)


def _ranked(competition: Competition, evenings: list[Evening], people: dict[int, tuple[str, str]],
            absent: list[tuple[int, str, str, str]], after: int | None, movement: bool) -> CompetitionStandings:
    rules = rules_of.parse_rules(competition.rules)
    teams = rules.ranks == "teams"
    held_evenings = [_held(evening, people, teams) for evening in evenings if held(evening)]
    last = max((e.number for e in held_evenings if after is None or e.number <= after), default=0)
    after = last if after is None else after
    excused = [(evening, ref or key) for evening, ref, key, _name in absent]
    rows = rules_of.rank(rules, held_evenings, excused, competition.seed, after)
    before: dict[str, int | None] = {}
    if movement:
        earlier = max((e.number for e in held_evenings if e.number < last), default=0)
        if earlier:
            before = {row.person: row.rank for row in rules_of.rank(rules, held_evenings, excused,
                                                                   competition.seed, earlier)}
    names = {ref or key: name for _evening, ref, key, name in absent} | _names(evenings, people, after, teams)
    lines = tuple(Line(row=row, name=names.get(row.person, row.person),
                       movement=_moved(before.get(row.person), row.rank) if movement else None) for row in rows)
    return CompetitionStandings(competition=competition, after=after, lines=lines, evenings=tuple(evenings))


def _moved(before: int | None, now: int | None) -> int | None:
    return None if before is None or now is None else before - now


def people_of(evenings: list[Evening]) -> dict[int, tuple[str, str]]:
    """pk → (key in the standings, name) of every linked person of the evenings (one query)."""
    pks = {pk for evening in evenings if evening.places for place in evening.places["places"]
           for pk, _name in place[2] if pk is not None}
    return {pk: (ref or key, name) for pk, ref, key, name in
            Person.objects.filter(pk__in=pks).values_list("pk", "ref", "key", "name")}


def key_of(person: int | None, name: str, people: dict[int, tuple[str, str]]) -> str:
    """Who a player of a place is in the standings: their person's key (``people``: :func:`people_of`), or
    their name as matched."""
    if person is not None and person in people:
        return people[person][0]
    return person_key(name)


def _competitors(players: list[list], people: dict[int, tuple[str, str]], teams: bool) -> tuple[str, ...]:
    """Who holds a place: each player, or with ``teams`` the team, known by its people together
    ("anna de vries & bram jansen"), whatever it is called on the evening."""
    keys = tuple(key_of(pk, name, people) for pk, name in players)
    return (" & ".join(sorted(keys)),) if teams else keys


def _held(evening: Evening, people: dict[int, tuple[str, str]], teams: bool) -> HeldEvening:
    return HeldEvening(number=evening.number, places=tuple(
        Place(rank=place[0], points=place[1] if type(place[1]) is int else Decimal(place[1]),
              people=_competitors(place[2], people, teams))
        for place in evening.places["places"]))


def _names(evenings: list[Evening], people: dict[int, tuple[str, str]], after: int, teams: bool) -> dict[str, str]:
    """Each person's name: the register's, else as the player was last written (up to ``after``); with
    ``teams``, each team's name as it was last written."""
    names: dict[str, str] = {}
    for evening in evenings:
        if not evening.places or evening.number > after:
            continue
        for place in evening.places["places"]:
            players = place[2]
            if teams:
                team_name = place[3] if len(place) > 3 else " & ".join(name for _pk, name in players)
                names[_competitors(players, people, teams)[0]] = team_name
                continue
            for pk, name in players:
                names[key_of(pk, name, people)] = people[pk][1] if pk in people else name
    return names
