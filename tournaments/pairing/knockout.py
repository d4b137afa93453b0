"""Knock-out finals after the Swiss rounds (issue 35): the bracket, pure Python over any teams.

Why a module of its own beside the Swiss draw: a bracket is a small, exact structure that is worth
testing on its own, with stubs, before any page shows it (Tabbycat's draw generators are tested the
same way). A team is anything hashable; the caller hands in the teams in standings order.

- **Seeding**: the top ``size`` (2, 4 or 8) meet in bracket order, so that the first and second can
  meet only in the final: 1–2; 1–4, 2–3; 1–8, 4–5, 2–7, 3–6 (:func:`bracket_order`).
- **A stage** is a list of :class:`Match` values, each with the places its group plays for: the
  quarter-finals of 8 play for places 1–8, the final for 1–2, the match for third place for 3–4.
- **The next stage** (:func:`next_stage`): in each group the winners of two neighbouring matches
  meet for the group's upper half of places; with ``playoffs`` the losers meet for the lower half
  (5th–8th, then 3rd/4th, 5th/6th, 7th/8th); without, a loser's place is the group's lower half,
  shared.
- **A consolation bracket** is a bracket of the next teams of the standings, playing for the
  places after the first bracket's (``first_place``: 9–12, …).
- **A level match** is decided by the rule chosen before it starts (:func:`decide`): the pawns
  home, and if those are level too a lot drawn from the tournament's seed; or a replay.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

SIZES = (2, 4, 8)
PAWNS_THEN_LOT = "pawns-then-lot"
REPLAY = "replay"
LEVEL_RULES = (PAWNS_THEN_LOT, REPLAY)


class BracketError(ValueError):
    """A bracket that cannot be made: the message names why."""


@dataclass(frozen=True)
class Match:
    """``first`` against ``second`` (in the first stage the better seed first; later, the side from
    the upper match of the bracket), for the places ``places`` (first, last)."""

    first: Hashable
    second: Hashable
    places: tuple[int, int]


def bracket_order(size: int) -> list[int]:
    """The seeds (1-based) in bracket order, pairs of neighbours meeting: 8 → 1 8 4 5 2 7 3 6."""
    if size not in SIZES:
        raise BracketError(f"a bracket has 2, 4 or 8 teams, not {size}")
    order = [1, 2]
    while len(order) < size:
        span = len(order) * 2 + 1
        order = [seed for top in order for seed in (top, span - top)]
    return order


def first_stage(ranked: Sequence[Hashable], size: int, first_place: int = 1) -> list[Match]:
    """The first stage of a bracket of the first ``size`` of ``ranked`` (standings order), playing
    for places ``first_place`` to ``first_place + size - 1``."""
    order = bracket_order(size)
    if len(ranked) < size:
        raise BracketError(f"a bracket of {size} needs {size} teams; the standings have {len(ranked)}")
    if len(set(ranked[:size])) != size:
        raise BracketError("a team appears twice in the bracket")
    places = (first_place, first_place + size - 1)
    return [Match(ranked[order[index] - 1], ranked[order[index + 1] - 1], places) for index in range(0, size, 2)]


def next_stage(stage: Sequence[tuple[Match, Hashable]], playoffs: bool = True) -> list[Match]:
    """The matches after ``stage`` (each match with its winner), group by group; empty when every
    group is down to one match (the finals were the last stage)."""
    groups: dict[tuple[int, int], list[tuple[Match, Hashable]]] = {}
    for match, winner in stage:
        if winner not in (match.first, match.second):
            raise BracketError(f"{winner!r} did not play in the match of {match.first!r} and {match.second!r}")
        groups.setdefault(match.places, []).append((match, winner))
    following: list[Match] = []
    for (low, high), played in groups.items():
        if len(played) == 1:
            continue  # a final: the group's places are decided
        if len(played) % 2:
            raise BracketError(f"the places {low}–{high} are played at {len(played)} matches: not a bracket")
        middle = low + (high - low + 1) // 2
        neighbours = [(played[index], played[index + 1]) for index in range(0, len(played), 2)]
        following += [Match(upper[1], lower[1], (low, middle - 1)) for upper, lower in neighbours]
        if playoffs:
            following += [Match(_loser(*upper), _loser(*lower), (middle, high)) for upper, lower in neighbours]
    return following


def places(stages: Sequence[Sequence[tuple[Match, Hashable]]], playoffs: bool = True) -> dict[Hashable, int]:
    """Every team's place once the bracket is played (each stage with its winners): a final's winner
    takes its group's first place, its loser the second; without play-offs, a team out of the
    winners' path keeps the first place of the lower half it fell to (shared)."""
    found: dict[Hashable, int] = {}
    for stage in stages:
        groups: dict[tuple[int, int], int] = {}
        for match, _winner in stage:
            groups[match.places] = groups.get(match.places, 0) + 1
        for match, winner in stage:
            low, high = match.places
            loser = _loser(match, winner)
            if groups[match.places] == 1 and high - low == 1:  # a final for two places
                found[winner], found[loser] = low, high
            elif not playoffs:
                found[loser] = low + (high - low + 1) // 2
    return found


def decide(first_points: int, second_points: int, first_pawns: int, second_pawns: int, rule: str,
           seed: int, key: str) -> int | None:
    """Which side (0 or 1) won a match, by points; level: by ``rule`` — the pawns home, then a lot
    drawn from the tournament's ``seed`` and the match's ``key`` (the same every time it is asked),
    or None: the match is replayed."""
    if rule not in LEVEL_RULES:
        raise BracketError(f"a level match is decided by {' or '.join(LEVEL_RULES)}, not {rule!r}")
    if first_points != second_points:
        return 0 if first_points > second_points else 1
    if rule == REPLAY:
        return None
    if first_pawns != second_pawns:
        return 0 if first_pawns > second_pawns else 1
    return random.Random(f"{seed}:{key}").randrange(2)


def _loser(match: Match, winner: Hashable) -> Hashable:
    return match.second if winner == match.first else match.first
