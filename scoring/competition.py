"""Competitions: ranking people over a series of tournaments (``shared/spec/competition.md``).

Why pure: the club's season ranking is arithmetic a volunteer used to do in a spreadsheet — best 6
of 8, periods, points for an excused absence, a minimum of evenings — and every page, file and
command must agree on it. The app turns each evening's tournament standings into
:class:`Evening` values; this module reads the rules (:func:`parse_rules`, every problem named)
and ranks (:func:`rank`), tested with plain values.

Numbers are :class:`~decimal.Decimal`: percentages and averages are rounded half up to 2 decimals,
exactly, the same on every machine; :func:`as_number` gives JSON an integer where the value is whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from itertools import groupby
from typing import Any

from scoring.standings import lot_number

PER_EVENING = ("points", "place_points", "percentage")
RANKS = ("people", "teams")
"""Whom a competition ranks (an addition to the contract, whose competitions rank people): people, or
fixed teams — a team being its two people together, whatever it is called on an evening."""
CENT = Decimal("0.01")
MAX_EVENINGS = 366
"""Evenings a competition may plan: one a day for a year is more than any club holds."""


class RulesError(ValueError):
    """The rules cannot be used; ``errors`` names every problem (English: the contract's words)."""

    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass(frozen=True)
class Period:
    name: str
    evenings: tuple[int, ...]
    best: int


@dataclass(frozen=True)
class Rules:
    """A competition's rules, read and checked (``competition.md``, "rules")."""

    per_evening: str
    place_points: tuple[int, ...] | str | None = None  # a table, or "entrants"
    best: int | None = None  # count the best N …
    of: int | None = None  # … of M planned evenings
    periods: tuple[Period, ...] = ()
    absence_points: Decimal | str | None = None  # P, or "average"; None: no points for absence
    absence_max: int | None = None  # only the first K excused evenings give points; None: all
    minimum_evenings: int = 0
    ranks: str = "people"


@dataclass(frozen=True)
class Place:
    """One place of an evening's standings: its rank, its points and the people who hold it (one
    player, or both players of a team)."""

    rank: int
    points: int | Decimal
    people: tuple[str, ...]


@dataclass(frozen=True)
class Evening:
    """A held evening: the k-th tournament of the series and its standings."""

    number: int
    places: tuple[Place, ...]


@dataclass(frozen=True)
class Result:
    """What one evening gave one person; ``excused``: points for an excused absence."""

    evening: int
    points: Decimal
    excused: bool = False

    def as_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"evening": self.evening, "points": as_number(self.points)}
        if self.excused:
            entry["excused"] = True
        return entry


@dataclass(frozen=True)
class Row:
    """A person's line in the competition's standings; ``rank`` None: listed unranked (too few evenings)."""

    rank: int | None
    person: str
    points: Decimal
    counted: tuple[Result, ...]
    dropped: tuple[Result, ...]
    evenings: int
    lot: bool

    @property
    def results(self) -> tuple[Result, ...]:
        """Every result, counted or dropped, in evening order."""
        return tuple(sorted(self.counted + self.dropped, key=lambda r: r.evening))


def as_number(value: Decimal | int) -> int | float:
    """A value as JSON writes it: an integer when whole, else rounded to 2 decimals."""
    value = Decimal(value)
    if value == value.to_integral_value():
        return int(value)
    return float(value.quantize(CENT, rounding=ROUND_HALF_UP))


def whole(value: Any) -> bool:
    """A JSON whole number (not a bool, not 2.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    """A JSON number that a rule can hold: not a bool, not NaN, not infinite (``abs`` of both is not below 1e15)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and abs(value) < 1e15


def parse_rules(data: Any) -> Rules:
    """``data`` (the file's ``rules`` object) as :class:`Rules`, or :class:`RulesError` naming each problem."""
    errors: list[str] = []
    if not isinstance(data, dict):
        raise RulesError(["rules must be an object {…}"])
    known = {"per_evening", "place_points", "count", "periods", "absence", "minimum_evenings", "ranks"}
    errors += [f'rules: "{key}" is not a rule (known: {", ".join(sorted(known))})' for key in data if key not in known]
    per_evening = data.get("per_evening")
    if per_evening not in PER_EVENING:
        errors.append('rules.per_evening must be one of "points", "place_points", "percentage"'
                      + ("" if "per_evening" in data else " (it is required)"))
    place_points = _place_points(data, per_evening, errors)
    best, of = _count(data.get("count", "all"), errors)
    periods = _periods(data.get("periods"), of, errors)
    absence_points, absence_max = _absence(data.get("absence"), errors)
    minimum = data.get("minimum_evenings", 0)
    if not whole(minimum) or not 0 <= minimum <= MAX_EVENINGS:
        errors.append(f"rules.minimum_evenings must be a whole number from 0 to {MAX_EVENINGS}")
        minimum = 0
    ranks = data.get("ranks", "people")
    if ranks not in RANKS:
        errors.append('rules.ranks must be "people" or "teams"')
    elif ranks == "teams" and "absence" in data:
        errors.append("rules.absence: excused absences are of people; a competition of fixed teams has none")
    if errors:
        raise RulesError(errors)
    return Rules(per_evening=per_evening, place_points=place_points, best=best, of=of, periods=periods,
                 absence_points=absence_points, absence_max=absence_max, minimum_evenings=minimum, ranks=ranks)


def _place_points(data: dict, per_evening: Any, errors: list[str]) -> tuple[int, ...] | str | None:
    value = data.get("place_points")
    if value is None:
        if per_evening == "place_points":
            errors.append('rules.place_points is required with "per_evening": "place_points" '
                          '(a list such as [25, 20, 16] or "entrants")')
        return None
    if value == "entrants":
        return value
    if not isinstance(value, list) or not value or len(value) > 1000 \
            or not all(whole(p) and 0 <= p <= 1_000_000 for p in value):
        errors.append('rules.place_points must be "entrants" or a list of 1 to 1000 whole numbers from 0 to 1000000 '
                      '(the points of the 1st, 2nd, … place)')
        return None
    return tuple(value)


def _count(value: Any, errors: list[str]) -> tuple[int | None, int | None]:
    if value == "all":
        return None, None
    if not isinstance(value, dict) or set(value) != {"best", "of"}:
        errors.append('rules.count must be "all" or {"best": N, "of": M}')
        return None, None
    best, of = value["best"], value["of"]
    if not whole(of) or not 1 <= of <= MAX_EVENINGS:
        errors.append(f"rules.count.of must be a whole number from 1 to {MAX_EVENINGS} (the evenings planned)")
        return None, None
    if not whole(best) or best < 1:
        errors.append("rules.count.best must be a whole number of at least 1")
        return None, of
    if best > of:
        errors.append(f"rules.count: best {best} of {of} cannot be: best must not be greater than of")
        return None, of
    return best, of


def _periods(value: Any, of: int | None, errors: list[str]) -> tuple[Period, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not value or len(value) > MAX_EVENINGS:
        errors.append("rules.periods must be a list of periods {\"name\", \"evenings\", \"best\"}")
        return ()
    periods: list[Period] = []
    owner: dict[int, str] = {}
    last = of or MAX_EVENINGS
    for index, period in enumerate(value, start=1):
        at = f"rules.periods[{index - 1}]"
        if not isinstance(period, dict) or not {"name", "evenings", "best"} <= set(period) \
                or not set(period) <= {"name", "evenings", "best"}:
            errors.append(f'{at} must be {{"name": …, "evenings": [k, …], "best": n}}')
            continue
        name, evenings, best = period["name"], period["evenings"], period["best"]
        if not isinstance(name, str) or not name.strip() or len(name) > 100:
            errors.append(f"{at}.name must be a text of 1 to 100 characters")
            continue
        if not isinstance(evenings, list) or not evenings or not all(whole(k) for k in evenings):
            errors.append(f'{at} ("{name}"): evenings must be a list of evening numbers')
            continue
        outside = [k for k in evenings if not 1 <= k <= last]
        if outside:
            errors.append(f'{at} ("{name}"): evening {outside[0]} is outside 1…{last}'
                          + (" (count.of)" if of else ""))
            continue
        if len(set(evenings)) != len(evenings):
            errors.append(f'{at} ("{name}") names an evening twice')
            continue
        overlap = [k for k in evenings if k in owner]
        if overlap:
            errors.append(f'periods overlap: evening {overlap[0]} is in "{owner[overlap[0]]}" and in "{name}"')
            continue
        if not whole(best) or not 1 <= best <= len(evenings):
            errors.append(f'{at} ("{name}"): best must be a whole number from 1 to {len(evenings)}, '
                          f"the evenings of the period")
            continue
        owner.update(dict.fromkeys(evenings, name))
        periods.append(Period(name=name, evenings=tuple(sorted(evenings)), best=best))
    return tuple(periods)


def _absence(value: Any, errors: list[str]) -> tuple[Decimal | str | None, int | None]:
    if value is None:
        return None, None
    if not isinstance(value, dict) or "points" not in value or not set(value) <= {"points", "max"}:
        errors.append('rules.absence must be {"points": P or "average", "max": K}')
        return None, None
    points, most = value["points"], value.get("max")
    if points != "average" and not (_number(points) and 0 <= points <= 1_000_000):
        errors.append('rules.absence.points must be a number from 0 to 1000000 or "average"')
        return None, None
    if most is not None and (not whole(most) or not 0 <= most <= MAX_EVENINGS):
        errors.append(f"rules.absence.max must be a whole number from 0 to {MAX_EVENINGS}")
        return None, None
    return (points if points == "average" else Decimal(str(points))), most


def evening_points(rules: Rules, evening: Evening) -> dict[str, Decimal]:
    """What the evening gives each person who played it, under ``rules.per_evening``."""
    given: dict[str, Decimal] = {}
    best = max((Decimal(place.points) for place in evening.places), default=Decimal(0))
    for place in evening.places:
        if rules.per_evening == "points":
            value = Decimal(place.points)
        elif rules.per_evening == "percentage":
            value = (100 * Decimal(place.points) / best).quantize(CENT, rounding=ROUND_HALF_UP) if best > 0 \
                else Decimal(0)
        elif rules.place_points == "entrants":
            value = Decimal(max(len(evening.places) - place.rank + 1, 0))
        else:
            table = rules.place_points or ()
            value = Decimal(table[place.rank - 1] if 1 <= place.rank <= len(table) else 0)
        for person in place.people:
            given.setdefault(person, value)  # a person is in an evening's standings once
    return given


def rank(rules: Rules, evenings: Sequence[Evening], excused: Iterable[tuple[int, str]], seed: int | str,
         after: int | None = None) -> list[Row]:
    """The competition's standings after evening ``after`` (default: all ``evenings`` given), best
    first; unranked people (fewer evenings than ``rules.minimum_evenings``) follow with rank None.

    ``excused``: (evening, person) pairs; one for an evening the person played is ignored here (the
    competition file refuses it). Ties: more results counted, the best single counted result, then lot.
    """
    held = [evening for evening in evenings if after is None or evening.number <= after]
    played: dict[str, dict[int, Decimal]] = {}
    for evening in sorted(held, key=lambda e: e.number):
        for person, value in evening_points(rules, evening).items():
            played.setdefault(person, {})[evening.number] = value
    held_numbers = {evening.number for evening in held}
    absent: dict[str, list[int]] = {}
    for number, person in sorted(set(excused)):
        if number in held_numbers and number not in played.get(person, {}):
            absent.setdefault(person, []).append(number)
    rows: list[Row] = []
    for person in sorted(set(played) | set(absent)):
        own = played.get(person, {})
        results = [Result(number, value) for number, value in own.items()]
        results += [Result(number, points, excused=True) for number, points in _absence_results(rules, own, absent.get(person, []))]
        if not results:
            continue
        kept = {result.evening for result in _counted(rules, results)}  # one result per evening
        counted = tuple(sorted((r for r in results if r.evening in kept), key=lambda r: r.evening))
        dropped = tuple(sorted((r for r in results if r.evening not in kept), key=lambda r: r.evening))
        rows.append(Row(rank=None, person=person, points=sum((r.points for r in counted), Decimal(0)),
                        counted=counted, dropped=dropped, evenings=len(own), lot=False))
    return _placed(rows, rules.minimum_evenings, seed)


def _absence_results(rules: Rules, own: Mapping[int, Decimal], excused: list[int]) -> list[tuple[int, Decimal]]:
    if rules.absence_points is None:
        return []
    if rules.absence_points == "average":
        points = (sum(own.values(), Decimal(0)) / len(own)).quantize(CENT, rounding=ROUND_HALF_UP) if own else Decimal(0)
    else:
        points = Decimal(rules.absence_points)
    giving = excused if rules.absence_max is None else excused[:rules.absence_max]
    return [(number, points) for number in giving]


def _best(results: list[Result], n: int | None) -> list[Result]:
    """The best ``n`` results (all when None); among equal values a played evening before an excused
    one, then the earlier evening."""
    ordered = sorted(results, key=lambda r: (-r.points, r.excused, r.evening))
    return ordered if n is None else ordered[:n]


def _counted(rules: Rules, results: list[Result]) -> tuple[Result, ...]:
    if rules.periods:
        counted: list[Result] = []
        for period in rules.periods:
            counted += _best([r for r in results if r.evening in period.evenings], period.best)
        return tuple(counted)
    return tuple(_best(results, rules.best))


def _placed(rows: list[Row], minimum: int, seed: int | str) -> list[Row]:
    def merit(row: Row) -> tuple[Decimal, int, Decimal]:
        return row.points, len(row.counted), max((r.points for r in row.counted), default=Decimal(0))

    placed: list[Row] = []
    ranked = [row for row in rows if row.evenings >= minimum]
    unranked = [row for row in rows if row.evenings < minimum]
    for group, ranks in ((ranked, True), (unranked, False)):
        ordered = sorted(group, key=lambda row: (tuple(-v for v in merit(row)), lot_number(seed, row.person), row.person))
        for _, tied in groupby(ordered, key=merit):
            tied = list(tied)
            for row in tied:
                placed.append(Row(rank=len(placed) + 1 if ranks else None, person=row.person, points=row.points,
                                  counted=row.counted, dropped=row.dropped, evenings=row.evenings,
                                  lot=ranks and len(tied) > 1))
    return placed
