"""Round-by-round pairing: a random first round and Swiss rounds after it.

Why minimum-weight perfect matching rather than "pair down the standings and
swap on conflicts": a matching over all teams at once finds a rematch-free draw
whenever one exists, and keeps the remaining cost (how far apart in the
standings the opponents are) as small as possible. Greedy pairing can paint
itself into a corner near the bottom of the table and then has to accept a
rematch that a global view would have avoided.

Costs of pairing two teams (lower is better), each level dominating the ones
below it so that no amount of the lower can outweigh one of the higher:

1. a rematch (the two have met before),
2. the same club (only when ``avoid_same_club``),
3. (difference in standing position)**2.

For speed (the blossom matching, matching.py, is roughly cubic) the graph first holds
only the *clean* edges (no rematch, no avoided same-club pair) between teams at
most ``NEIGHBOURS`` places apart in the standings, and above ``BLOCK`` teams
the standings are cut into consecutive blocks of ``BLOCK`` teams matched
separately. If every block has a perfect matching that is used; else the
sparse graph over all teams is tried; otherwise the matching is redone on the
complete graph with the penalties above, so the sparse graph never causes a
rematch or same-club table that could have been avoided. The only thing it can
cost is optimality of the distance term: a pairing more than ``NEIGHBOURS``
places apart, or across a block boundary, is never chosen while a clean draw
without it exists, even where it would have lowered the total slightly.

Everything is deterministic: inputs are sorted by id, the seed only breaks ties
in the standings (equal rank and points) and decides round 1.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.pairing.groups import group_positions, table_sizes
from tournaments.pairing.matching import max_weight_matching

NEIGHBOURS = 40
"""How many places down the standings each team gets an edge in the sparse graph."""

BLOCK = 120
"""Standings are first matched in consecutive blocks of this many teams (must be even)."""

THREE_WINDOW = 15
"""How many of the lowest-placed teams are searched first for a table of three."""


@dataclass(frozen=True)
class TeamRecord:
    """What the pairing needs to know about one team."""

    id: str
    points: int = 0
    rank: int = 0  # 1 = best; 0 = unknown
    club: str = ""
    opponents: frozenset[str] = frozenset()
    had_bye: bool = False


@dataclass(frozen=True)
class PairedTable:
    number: int
    teams: tuple[str, ...]
    rematch: bool = False
    same_club: bool = False


@dataclass(frozen=True)
class Pairing:
    tables: tuple[PairedTable, ...]
    bye: str | None = None

    @property
    def flags(self) -> tuple[str, ...]:
        """Human-readable warnings for the director: rematches and same-club tables."""
        out = []
        for table in self.tables:
            if table.rematch:
                out.append(f"Table {table.number}: rematch ({' - '.join(table.teams)})")
            if table.same_club:
                out.append(f"Table {table.number}: same club ({' - '.join(table.teams)})")
        return tuple(out)

    @property
    def rematches(self) -> tuple[PairedTable, ...]:
        return tuple(t for t in self.tables if t.rematch)

    @property
    def team_ids(self) -> tuple[str, ...]:
        """Every team placed this round (at a table or on the bye), each once."""
        ids = tuple(team for table in self.tables for team in table.teams)
        return ids + ((self.bye,) if self.bye is not None else ())


# --------------------------------------------------------------------------- helpers


def _by_id(teams: Iterable[TeamRecord]) -> list[TeamRecord]:
    ordered = sorted(teams, key=lambda t: t.id)
    ids = [t.id for t in ordered]
    if len(set(ids)) != len(ids):
        raise ValueError("Team ids must be unique.")
    return ordered


def _have_met(a: TeamRecord, b: TeamRecord) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def _same_club(a: TeamRecord, b: TeamRecord) -> bool:
    return bool(a.club) and a.club == b.club


def _table(number: int, group: Sequence[TeamRecord]) -> PairedTable:
    pairs = list(itertools.combinations(group, 2))
    return PairedTable(
        number=number,
        teams=tuple(t.id for t in group),
        rematch=any(_have_met(a, b) for a, b in pairs),
        same_club=any(_same_club(a, b) for a, b in pairs),
    )


def _standings(teams: list[TeamRecord], seed: int) -> list[TeamRecord]:
    """Best first: by rank (unknown ranks last), then points, then a seeded coin."""
    coin = [t.id for t in teams]
    random.Random(seed).shuffle(coin)
    tiebreak = {team_id: i for i, team_id in enumerate(coin)}
    return sorted(
        teams,
        key=lambda t: (t.rank if t.rank > 0 else float("inf"), -t.points, tiebreak[t.id]),
    )


def _pick_bye(standing: list[TeamRecord]) -> TeamRecord:
    """The lowest-placed team that has not had a bye yet."""
    for team in reversed(standing):
        if not team.had_bye:
            return team
    raise ValueError(
        "Odd number of teams and every team has already had a bye; "
        "allow a table of three or add/withdraw a team."
    )


# --------------------------------------------------------------------------- round 1


def random_round(
    teams: Iterable[TeamRecord],
    seed: int,
    teams_per_table: int = 2,
    allow_three: bool = False,
) -> Pairing:
    """A random draw (round 1), reproducible from ``seed``.

    With 2-team tables and an odd count the bye goes to a random team without a
    previous bye, or with ``allow_three`` the last table gets three teams.
    With ``teams_per_table=3`` the leftovers (count not divisible by three) sit
    at tables of two.
    """
    if teams_per_table not in (2, 3):
        raise ValueError("teams_per_table must be 2 or 3.")
    pool = _by_id(teams)
    random.Random(seed).shuffle(pool)
    bye = None
    groups: list[list[TeamRecord]] = []
    if teams_per_table == 2:
        if len(pool) % 2 and not allow_three:
            bye = _pick_bye(pool)
            pool.remove(bye)
        tail = 3 if len(pool) % 2 else 0
        body = pool[: len(pool) - tail]
        groups = [body[i : i + 2] for i in range(0, len(body), 2)]
        if tail:
            groups.append(pool[-3:])
    else:
        start = 0
        for size in table_sizes(len(pool)):
            groups.append(pool[start : start + size])
            start += size
    if any(len(g) < 2 for g in groups):
        raise ValueError("Not enough teams for a table.")
    return Pairing(tuple(_table(i, g) for i, g in enumerate(groups, start=1)), bye.id if bye else None)


# --------------------------------------------------------------------------- Swiss rounds


def _pair_weight(a: TeamRecord, b: TeamRecord, distance: int, avoid_same_club: bool,
                 club_cost: int, rematch_cost: int) -> int:
    cost = distance * distance
    if avoid_same_club and _same_club(a, b):
        cost += club_cost
    if _have_met(a, b):
        cost += rematch_cost
    return cost


def _min_cost_pairs(standing: list[TeamRecord], avoid_same_club: bool) -> list[tuple[int, int]]:
    """Minimum-cost perfect matching on standing positions; returns (better, worse) index pairs."""
    n = len(standing)
    if n == 0:
        return []
    quality_bound = (n // 2) * (n - 1) ** 2 + 1  # more than any sum of distance costs
    club_cost = quality_bound
    rematch_cost = quality_bound * (n // 2 + 1)  # more than any sum of club + distance costs

    def clean(a: TeamRecord, b: TeamRecord) -> bool:
        return not (_have_met(a, b) or (avoid_same_club and _same_club(a, b)))

    def neighbours(lo: int, hi: int) -> list[tuple[int, int]] | None:
        """Neighbours paired (1-2, 3-4, ...) when all those pairs are clean. It is the only perfect
        matching whose every pair is one place apart, so then it is the one cheapest draw of lo..hi-1,
        on the sparse graph and on the complete one: the matching would return exactly it, only slower."""
        if (hi - lo) % 2 or not all(clean(standing[i], standing[i + 1]) for i in range(lo, hi, 2)):
            return None
        return [(i, i + 1) for i in range(lo, hi, 2)]

    def sparse(lo: int, hi: int) -> list[tuple[int, int]] | None:
        """Clean edges only (no rematch, no avoided club) between near neighbours in lo..hi-1."""
        pairs = neighbours(lo, hi)
        if pairs is not None:
            return pairs
        top = NEIGHBOURS**2 + 1
        edges = [
            (i - lo, j - lo, top - (j - i) ** 2)
            for i in range(lo, hi)
            for j in range(i + 1, min(hi, i + 1 + NEIGHBOURS))
            if clean(standing[i], standing[j])
        ]
        matching = max_weight_matching(hi - lo, edges, maxcardinality=True)
        if len(matching) * 2 != hi - lo:
            return None
        return [(i + lo, j + lo) for i, j in matching]

    def blocks() -> list[tuple[int, int]] | None:
        pairs: list[tuple[int, int]] = []
        for lo in range(0, n, BLOCK):
            block = sparse(lo, min(n, lo + BLOCK))
            if block is None:
                return None
            pairs += block
        return pairs

    def complete() -> list[tuple[int, int]]:
        top = rematch_cost * 2 + club_cost * 2  # every transformed weight stays positive
        edges = [
            (i, j, top - _pair_weight(standing[i], standing[j], j - i, avoid_same_club,
                                      club_cost, rematch_cost))
            for i in range(n)
            for j in range(i + 1, n)
        ]
        # With maxcardinality every candidate has n/2 edges, so maximising
        # sum(top - cost) is minimising sum(cost).
        return max_weight_matching(n, edges, maxcardinality=True)

    pairs = neighbours(0, n)
    if pairs is None and n > BLOCK:
        pairs = blocks()
    if pairs is None and n - 1 > NEIGHBOURS:
        pairs = sparse(0, n)
    if pairs is None:
        pairs = complete()
    if len(pairs) * 2 != n:  # cannot happen on a complete graph, kept as a guard
        raise ValueError("No perfect matching found.")
    return pairs


def _lowest_unmet_three(standing: list[TeamRecord], avoid_same_club: bool) -> tuple[int, int, int]:
    """Indices of three teams for the last table: fewest rematches, then (optionally) fewest
    same-club pairs, then as low in the standings as possible."""
    n = len(standing)

    def best(window: int) -> tuple[tuple[int, int, int], tuple[int, ...]]:
        start = n - window
        chosen, chosen_key = None, None
        for trio in itertools.combinations(range(start, n), 3):
            pairs = list(itertools.combinations((standing[k] for k in trio), 2))
            key = (
                sum(_have_met(a, b) for a, b in pairs),
                sum(_same_club(a, b) for a, b in pairs) if avoid_same_club else 0,
                -sum(trio),
                tuple(-k for k in trio),
            )
            if chosen_key is None or key < chosen_key:
                chosen, chosen_key = trio, key
        return chosen, chosen_key

    trio, key = best(min(n, THREE_WINDOW))
    if (key[0] or key[1]) and n > THREE_WINDOW:
        trio, key = best(min(n, 4 * THREE_WINDOW))
    return trio


def swiss_round(
    teams: Iterable[TeamRecord],
    seed: int,
    avoid_same_club: bool = False,
    teams_per_table: int = 2,
    allow_three: bool = False,
) -> Pairing:
    """Pair teams with similar standings, avoiding rematches whenever possible.

    Odd count: the lowest-placed team without a previous bye gets the bye
    (ValueError if every team has had one), or with ``allow_three`` the three
    lowest-placed teams that have not met each other share the last table.
    Table 1 holds the strongest pairing. A table is flagged ``rematch=True``
    only when no rematch-free draw exists.

    With ``teams_per_table=3`` teams sit in threes (leftovers at one or two
    tables of two at the bottom, as in ``random_round``; no byes, so
    ``allow_three`` is ignored). Rematch-free grouping is NP-hard, so a seeded
    local search (``groups.py``) is used: a rematch is flagged only if it found
    no way around it, which on realistic tournaments means none exists.
    """
    if teams_per_table not in (2, 3):
        raise ValueError("teams_per_table must be 2 or 3.")
    if teams_per_table == 3:
        return _swiss_threes(_standings(_by_id(teams), seed), seed, avoid_same_club)
    standing = _standings(_by_id(teams), seed)
    if len(standing) < 2:
        raise ValueError("At least two teams are needed for a round.")
    bye = None
    three: list[TeamRecord] = []
    if len(standing) % 2:
        if allow_three and len(standing) >= 3:
            trio = _lowest_unmet_three(standing, avoid_same_club)
            three = [standing[k] for k in trio]
            standing = [t for k, t in enumerate(standing) if k not in trio]
        else:
            bye = _pick_bye(standing)
            standing = [t for t in standing if t.id != bye.id]
    pairs = _min_cost_pairs(standing, avoid_same_club)
    groups = [[standing[i], standing[j]] for i, j in sorted(pairs)]  # sorted by best team
    if three:
        groups.append(three)
    tables = tuple(_table(number, group) for number, group in enumerate(groups, start=1))
    return Pairing(tables, bye.id if bye else None)


def _swiss_threes(standing: list[TeamRecord], seed: int, avoid_same_club: bool) -> Pairing:
    """Tables of three (and the leftover tables of two) for a Swiss round; table 1 strongest."""
    position = {team.id: k for k, team in enumerate(standing)}
    met = [[position[o] for o in team.opponents if o in position] for team in standing]
    clubs = [team.club for team in standing] if avoid_same_club else None
    groups = group_positions(table_sizes(len(standing)), met, seed, clubs=clubs)
    groups.sort(key=lambda group: (sum(group) / len(group), group[0]))
    tables = (_table(number, [standing[k] for k in group]) for number, group in enumerate(groups, 1))
    return Pairing(tuple(tables))
