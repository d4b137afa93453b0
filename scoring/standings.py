"""Standings: totals, the tiebreak chain of seed 001, byes, and the lot.

Rank by total points; ties go to the higher best round score, then the second-best, the
third, and so on; whoever is still equal is ordered by lot. The lot is a draw made once from
the tournament's stored seed: each key gets a fixed number from SHA-256 of (seed, key), so
the same data give the same order on every machine and run (no ``hash()``, which changes with
PYTHONHASHSEED), the order of two tied teams does not depend on who else plays, and another
seed usually gives another order. Per-player standings (individual-11) use the same function
with entries keyed by player.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby


@dataclass(frozen=True)
class Entry:
    """A team (or, for individual-11, a player) and its points per round; None: not played yet."""

    key: str
    name: str
    rounds: tuple[int | None, ...]


@dataclass(frozen=True)
class Standing:
    """A place in the standings. Ranks are unique; ``lot`` marks a place decided by lot."""

    rank: int
    key: str
    name: str
    points: int
    rounds: tuple[int | None, ...]
    lot: bool


def bye_score(played_round_points: Sequence[int]) -> int:
    """The score of a bye: the average of the team's own played rounds, rounded half up.

    Half up (towards the larger number), not Python's round-half-to-even: 910.5 gives 911.
    Exact integer arithmetic, no floats. With no played rounds the average is 0; the caller
    recomputes the bye whenever the team plays another round.
    """
    count = len(played_round_points)
    if count == 0:
        return 0
    return (2 * sum(played_round_points) + count) // (2 * count)


def lot_number(seed: int | str, key: str) -> int:
    """The fixed draw for ``key`` under ``seed``: among tied entries the lower number goes first."""
    digest = hashlib.sha256(f"keezen-lot:{seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def rank(entries: Sequence[Entry], seed: int | str) -> list[Standing]:
    """The standings, best first, with unique ranks 1, 2, 3 … (ties broken as the module says)."""
    keys = [entry.key for entry in entries]
    if len(set(keys)) != len(keys):
        raise ValueError("every entry in the standings needs its own key")
    played = {entry.key: [points for points in entry.rounds if points is not None] for entry in entries}
    depth = max((len(points) for points in played.values()), default=0)

    def merit(entry: Entry) -> tuple[int, ...]:
        # Total, then round scores best first; missing rounds count 0 so every tuple has one length.
        best_first = sorted(played[entry.key], reverse=True)
        return (sum(best_first), *best_first, *[0] * (depth - len(best_first)))

    merits = {entry.key: merit(entry) for entry in entries}  # each computed once
    ordered = sorted(entries, key=lambda e: (_negated(merits[e.key]), lot_number(seed, e.key), e.key))
    standings = []
    for _, group in groupby(ordered, key=lambda e: merits[e.key]):
        tied = list(group)
        for entry in tied:
            standings.append(Standing(rank=len(standings) + 1, key=entry.key, name=entry.name,
                                      points=merits[entry.key][0], rounds=tuple(entry.rounds),
                                      lot=len(tied) > 1))
    return standings


def _negated(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-value for value in values)
