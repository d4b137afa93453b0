"""Standings: totals, the tiebreak chain of seed 001, byes, and the lot.

Rank by total points; ties go to the higher best round score, then the second-best, the
third, and so on; whoever is still equal is ordered by lot. The lot is a draw made once from
the tournament's stored seed: each key gets a fixed number from SHA-256 of (seed, key), so
the same data give the same order on every machine and run (no ``hash()``, which changes with
PYTHONHASHSEED), the order of two tied teams does not depend on who else plays, and another
seed usually gives another order. Per-player standings (individual-11) use the same function
with entries keyed by player.

Teams that missed rounds (issue 31): an entry that has taken part in no round while others have
("did not play": never at a table as a present team, nor given a bye) is listed after every entry
that did, in the order given, never "by lot" — it holds no place it earned. How entries that *missed*
a round are ranked is the tournament's choice (``missed_rounds``): :data:`RANKED` and
:data:`NO_PRIZES` rank them with the others, :data:`APART` after every entry that took part in
every round. What a missed round costs at the prize-giving is for the prizes to decide; this
module only says who missed which rounds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

RANKED = "ranked"
"""Entries that missed rounds are ranked with the others (the default)."""
APART = "apart"
"""Entries that missed rounds are ranked after those that took part in every round."""
NO_PRIZES = "no-prizes"
"""Ranked as :data:`RANKED`; the prizes give them nothing."""
MISSED_ROUNDS = (RANKED, APART, NO_PRIZES)


@dataclass(frozen=True)
class Entry:
    """A team (or, for individual-11, a player) and its points per round; None: not played yet.

    ``played``: it took part in a round so far — a game at a table whose sheet counts (not as the
    absent team of a forfeit), a game still to count, or a bye. ``missed``: the rounds it missed
    (absent at a forfeit, or at no table of a round that was played; a bye given by the draw is no
    missed round)."""

    key: str
    name: str
    rounds: tuple[int | None, ...]
    played: bool = True
    missed: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    """A place in the standings. Ranks are unique; ``lot`` marks a place decided by lot;
    ``did_not_play`` one listed last because it has not played; ``apart`` one ranked after the
    entries that took part in every round (:data:`APART`)."""

    rank: int
    key: str
    name: str
    points: int
    rounds: tuple[int | None, ...]
    lot: bool
    did_not_play: bool = False
    missed: tuple[int, ...] = ()
    apart: bool = False


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


def rank(entries: Sequence[Entry], seed: int | str, missed_rounds: str = RANKED) -> list[Standing]:
    """The standings, best first, with unique ranks 1, 2, 3 … (ties broken as the module says).

    Entries that did not play come last (before any round is counted nobody "did not play": every
    entry is level); with ``missed_rounds`` :data:`APART`, entries that missed a round come after
    those that did not, each group ranked on its own merit."""
    if missed_rounds not in MISSED_ROUNDS:
        raise ValueError(f"unknown way to rank teams that missed rounds: {missed_rounds!r}")
    keys = [entry.key for entry in entries]
    if len(set(keys)) != len(keys):
        raise ValueError("every entry in the standings needs its own key")
    played = {entry.key: [points for points in entry.rounds if points is not None] for entry in entries}
    depth = max((len(points) for points in played.values()), default=0)

    def merit(entry: Entry) -> tuple[int, ...]:
        # Total, then round scores best first; missing rounds count 0 so every tuple has one length.
        best_first = sorted(played[entry.key], reverse=True)
        return (sum(best_first), *best_first, *[0] * (depth - len(best_first)))

    def group(entry: Entry) -> int:
        if not entry.played and entry.rounds:
            return 2  # did not play
        return 1 if missed_rounds == APART and entry.missed else 0

    merits = {entry.key: merit(entry) for entry in entries}  # each computed once
    groups = {entry.key: group(entry) for entry in entries}
    position = {entry.key: index for index, entry in enumerate(entries)}

    def order(entry: Entry) -> tuple:
        if groups[entry.key] == 2:  # in the order given: no place earned, no lot drawn
            return (2, (), 0, "", position[entry.key])
        return (groups[entry.key], _negated(merits[entry.key]), lot_number(seed, entry.key), entry.key, 0)

    standings = []
    for (kind, merit_), tied_group in groupby(sorted(entries, key=order),
                                              key=lambda e: (groups[e.key], merits[e.key])):
        tied = list(tied_group)
        for entry in tied:
            standings.append(Standing(rank=len(standings) + 1, key=entry.key, name=entry.name,
                                      points=merit_[0], rounds=tuple(entry.rounds),
                                      lot=kind != 2 and len(tied) > 1, did_not_play=kind == 2,
                                      missed=tuple(entry.missed), apart=kind == 1))
    return standings


def _negated(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-value for value in values)
