"""Who wins which prize, and the club ranking: pure Python, no Django.

Why pure: the rules of the prize-giving (places, categories, the booby prize, the best club, "a
team wins at most one prize") are easy to get subtly wrong and must be tested case by case; with
plain values in and out they are tested with stub rows in milliseconds, as the pairing is
(:mod:`tournaments.pairing`). :mod:`prizes.services` builds the rows from the standings.

A *row* is one place of the standings, duck-typed: ``rank``, ``key`` (who holds the place: a team
or a player, unique), ``name``, ``points``, ``club`` (empty: none) and ``categories`` (the keys of
the categories it carries); optionally ``every_round`` (true when left out): the place's team
took part in every round. Rows come best first; only rows that may win are given (the services
leave withdrawn teams out, teams that did not play, and those that missed a round when the
tournament gives them no prize).

The rules, each with a ``number`` (1 unless said):

- ``place``: the ``number``-th place;
- ``category``: the ``number``-th best place among those carrying the category;
- ``booby``: the ``number``-th place from the bottom (1: the last) among the rows of teams that
  took part in every round (a team that missed one did not earn the last place: issue 31);
- ``best-club``: the ``number``-th club of :func:`club_ranking` (a club is ranked by the sum of
  the points of its best ``club_size`` places; a club with fewer places is not ranked).

Prizes are awarded in handing-out order. With ``one_each`` a winner already awarded is passed
over and the next candidate of the rule gets the prize (the next place down; the next of the
category; the next from the bottom; the next club). A prize nobody can win is an :class:`Award`
without a winner and with its ``problem``, which the services turn into a message.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

PLACE = "place"
CATEGORY = "category"
BOOBY = "booby"
BEST_CLUB = "best-club"
KINDS = (PLACE, CATEGORY, BOOBY, BEST_CLUB)

TOO_FEW = "too-few"
"""The rule asks for a place (or club) beyond its candidates: ``Award.candidates`` tells how many there are."""
ALL_AWARDED = "all-awarded"
"""With "at most one prize", every candidate from the rule's place on already has an earlier prize."""


class Row(Protocol):
    rank: int
    key: str
    name: str
    points: int
    club: str
    categories: frozenset


@dataclass(frozen=True)
class Rule:
    """What decides a prize: ``kind`` (one of :data:`KINDS`), ``number`` and, for a category prize,
    the ``category``'s key."""

    kind: str
    number: int = 1
    category: Hashable | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown prize rule {self.kind!r}")
        if self.number < 1:
            raise ValueError("a prize rule's number starts at 1")
        if (self.kind == CATEGORY) != (self.category is not None):
            raise ValueError("a category prize, and only a category prize, names a category")


@dataclass(frozen=True)
class ClubPlace:
    """A club in the club ranking: its ``rank``, name, points and the places that count (best first)."""

    rank: int
    club: str
    points: int
    counted: tuple[Any, ...]

    @property
    def key(self) -> str:
        return f"club:{self.club}"

    @property
    def name(self) -> str:
        return self.club


@dataclass(frozen=True)
class Award:
    """A prize and its winner (a row, or a :class:`ClubPlace`), or no winner and the ``problem``."""

    prize: Any  # whatever the caller gave, with its ``rule``
    winner: Any | None
    problem: str = ""
    candidates: int = 0  # how many could win the rule at all (before "at most one prize")


def club_ranking(rows: Iterable[Row], size: int) -> list[ClubPlace]:
    """Every club with at least ``size`` places, by the sum of its best ``size`` places' points;
    level clubs by the better places (the lower sum of their ranks), then by name."""
    if size < 1:
        raise ValueError("a club counts at least one place")
    by_club: dict[str, list[Row]] = {}
    for row in sorted(rows, key=lambda row: row.rank):
        if row.club:
            by_club.setdefault(row.club, []).append(row)
    clubs = [(club, tuple(places[:size])) for club, places in by_club.items() if len(places) >= size]
    clubs.sort(key=lambda item: (-sum(row.points for row in item[1]), sum(row.rank for row in item[1]),
                                 item[0].casefold(), item[0]))
    return [ClubPlace(rank, club, sum(row.points for row in counted), counted)
            for rank, (club, counted) in enumerate(clubs, start=1)]


def candidates(rule: Rule, rows: Sequence[Row], clubs: Sequence[ClubPlace]) -> list:
    """Who may win ``rule``, in the order the rule takes them (its ``number``-th first in line)."""
    if rule.kind == PLACE:
        return list(rows)
    if rule.kind == CATEGORY:
        return [row for row in rows if rule.category in row.categories]
    if rule.kind == BOOBY:
        return [row for row in reversed(rows) if getattr(row, "every_round", True)]
    return list(clubs)


def awards(prizes: Iterable[Any], rows: Iterable[Row], *, one_each: bool, club_size: int) -> list[Award]:
    """Each of ``prizes`` (anything with a ``rule``), in the order given (the handing-out order),
    with its winner."""
    ranked = sorted(rows, key=lambda row: row.rank)
    keys = [row.key for row in ranked]
    if len(set(keys)) != len(keys):
        raise ValueError("every row needs its own key")
    clubs = club_ranking(ranked, club_size)
    awarded: set[str] = set()
    result = []
    for prize in prizes:
        rule: Rule = prize.rule
        line = candidates(rule, ranked, clubs)
        if len(line) < rule.number:
            result.append(Award(prize, None, TOO_FEW, len(line)))
            continue
        winner = next((who for who in line[rule.number - 1:] if not (one_each and who.key in awarded)), None)
        if winner is None:
            result.append(Award(prize, None, ALL_AWARDED, len(line)))
            continue
        awarded.add(winner.key)
        result.append(Award(prize, winner, "", len(line)))
    return result


def unsatisfied(found: Iterable[Award]) -> list[Award]:
    """The awards without a winner."""
    return [award for award in found if award.winner is None]
