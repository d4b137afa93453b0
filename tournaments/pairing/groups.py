"""Splitting a round into tables of three teams (plus at most two tables of two).

Why a heuristic and not an exact method as for tables of two: pairing is a
matching problem with a polynomial algorithm (see ``pairing.py``), but
splitting teams into rematch-free triples is NP-hard in general (it contains
"partition into triangles"). Real tournaments are easy instances, though: each
team has met only a few others, so a local search almost always finds a
rematch-free grouping quickly.

The search works on standing *positions* ``0..n-1`` (0 = best) and minimises

    rematch pairs * REMATCH  +  same-club pairs * CLUB  +  sum of (position gap)**2

where each weight dominates everything below it. It starts from consecutive
groups down the standings (the best possible spread), repairs every group with
a rematch or club conflict by the best swap of one member with a member of a
nearby group (widening the search until one helps), takes seeded random
sideways steps when no single swap helps, and finally polishes the spread
between neighbouring groups. Everything is deterministic from the seed; there
is no time limit, only step budgets.

Kept free of ``TeamRecord`` so that ``pairing.py`` and ``schedule.py`` can both
use it without import cycles.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Collection, Sequence

KICKS = 400
"""Random sideways steps tried when no single swap removes the remaining conflicts."""

KICK_RADIUS = 3
"""How many groups either side a sideways step may reach."""

REPAIR_RADIUS_DURING_KICKS = 8
"""Swap search radius (in groups) while kicking; the first repair pass searches everywhere."""

POLISH_RADIUS = 2
POLISH_PASSES = 3

EXACT_MAX_TEAMS = 36
"""Up to this many teams an exhaustive search double-checks a grouping the heuristic left with
conflicts (small fields are where a rematch-free round is genuinely tight)."""

EXACT_NODES = 20_000
"""Step budget of that exhaustive search."""


def table_sizes(count: int) -> list[int]:
    """Table sizes for ``count`` teams at tables of three, best tables first.

    Leftovers sit at tables of two at the bottom: ``count % 3 == 1`` gives two
    tables of two, ``count % 3 == 2`` one.
    """
    if count < 2:
        raise ValueError("Not enough teams for a table.")
    twos = (0, 2, 1)[count % 3]
    threes = (count - 2 * twos) // 3
    return [3] * threes + [2] * twos


def group_positions(
    sizes: Sequence[int],
    met: Sequence[Collection[int]],
    seed: int,
    clubs: Sequence[str] | None = None,
    spread: bool = True,
    kicks: int = KICKS,
) -> list[list[int]]:
    """Split positions ``0..n-1`` into groups of the given sizes (in that order).

    ``met[i]`` holds the positions team ``i`` has met (need not be symmetric);
    ``clubs`` (when given) makes same-club pairs a conflict; ``spread=False``
    ignores standings (for schedules planned without results). Returns groups
    in slot order, members sorted; a rematch remains only if the search found
    no way around it.
    """
    n = sum(sizes)
    if n != len(met) or (clubs is not None and len(clubs) != n):
        raise ValueError("Sizes, met and clubs must describe the same teams.")
    search = _Search(sizes, met, clubs, spread, random.Random(seed))
    search.repair(radius_limit=None)
    search.kick(kicks)
    if search.total_conflicts() and n <= EXACT_MAX_TEAMS:
        search.exact()
    if spread:
        search.polish()
    return [sorted(group) for group in search.groups]


def conflict_pairs(groups: Sequence[Sequence[int]], met: Sequence[Collection[int]]) -> int:
    """How many pairs sitting together in ``groups`` have met before."""
    return sum(
        1
        for group in groups
        for k, a in enumerate(group)
        for b in group[k + 1 :]
        if b in met[a] or a in met[b]
    )


class _Search:
    """Mutable state of one local search: groups, cached group costs, RNG."""

    def __init__(
        self,
        sizes: Sequence[int],
        met: Sequence[Collection[int]],
        clubs: Sequence[str] | None,
        spread: bool,
        rng: random.Random,
    ) -> None:
        n = sum(sizes)
        self.met: list[set[int]] = [set(m) for m in met]
        for a, others in enumerate(met):
            for b in others:
                self.met[b].add(a)
        self.clubs = list(clubs) if clubs is not None else None
        self.spread = spread
        self.rng = rng
        pairs_per_round = sum(s * (s - 1) // 2 for s in sizes)
        # Whole-round totals: spread < CLUB, club pairs * CLUB < REMATCH.
        self.club_weight = pairs_per_round * max(n - 1, 1) ** 2 + 1
        self.rematch_weight = self.club_weight * (pairs_per_round + 1)
        self.groups: list[list[int]] = []
        start = 0
        for size in sizes:
            self.groups.append(list(range(start, start + size)))
            start += size
        self.pair_cost = self._pair_cost_function()
        self.cost = [self.group_cost(g) for g in self.groups]

    # ------------------------------------------------------------------ costs

    def _pair_cost_function(self):
        """``pair_cost(a, b)``: the cost of a and b at one table (a closure over this search's
        fixed data: it is the search's innermost call)."""
        met, clubs, spread = self.met, self.clubs, self.spread
        rematch_weight, club_weight = self.rematch_weight, self.club_weight

        def pair_cost(a: int, b: int) -> int:
            cost = (a - b) * (a - b) if spread else 0
            if b in met[a]:
                cost += rematch_weight
            if clubs is not None and clubs[a] and clubs[a] == clubs[b]:
                cost += club_weight
            return cost

        return pair_cost

    def group_cost(self, group: Sequence[int]) -> int:
        pc = self.pair_cost
        if len(group) == 3:
            a, b, c = group
            return pc(a, b) + pc(a, c) + pc(b, c)
        if len(group) == 2:
            return pc(group[0], group[1])
        return 0

    def conflicts(self, cost: int) -> int:
        """Conflict level of a cost (spread stripped off); comparable across swaps."""
        return cost // self.club_weight

    def total_conflicts(self) -> int:
        return self.conflicts(sum(self.cost))

    # ------------------------------------------------------------------ swaps

    def swaps(self, g: int, h: int):
        """Yield (delta, i, j, new_g, new_h) for swapping groups[g][i] with groups[h][j].

        The groups must not change while the swaps are read (every caller reads them all first)."""
        gg, hh = self.groups[g], self.groups[h]
        base = self.cost[g] + self.cost[h]
        pc = self.pair_cost
        rests_h = []
        for j in range(len(hh)):
            rest_h = hh[:j] + hh[j + 1 :]
            rests_h.append((rest_h, pc(rest_h[0], rest_h[1]) if len(rest_h) == 2 else 0))
        for i, a in enumerate(gg):
            rest_g = gg[:i] + gg[i + 1 :]
            inner_g = pc(rest_g[0], rest_g[1]) if len(rest_g) == 2 else 0
            for j, b in enumerate(hh):
                rest_h, new_h = rests_h[j]
                new_g = inner_g
                for x in rest_g:
                    new_g += pc(b, x)
                for x in rest_h:
                    new_h += pc(a, x)
                yield new_g + new_h - base, i, j, new_g, new_h

    def apply(self, g: int, h: int, i: int, j: int, new_g: int, new_h: int) -> None:
        gg, hh = self.groups[g], self.groups[h]
        gg[i], hh[j] = hh[j], gg[i]
        self.cost[g], self.cost[h] = new_g, new_h

    def best_swap(self, g: int, radius_limit: int | None) -> int | None:
        """Apply the cheapest swap that lowers g's conflicts, searching ever wider.

        Returns the other group of the swap, or None when no swap helps."""
        count = len(self.groups)
        radius = 1
        while True:
            if radius_limit is not None:
                radius = min(radius, radius_limit)
            lo, hi = max(0, g - radius), min(count, g + radius + 1)
            best = None
            for h in range(lo, hi):
                if h == g:
                    continue
                old = self.conflicts(self.cost[g] + self.cost[h])
                for delta, i, j, new_g, new_h in self.swaps(g, h):
                    if (delta < 0 and self.conflicts(new_g + new_h) < old
                            and (best is None or delta < best[0])):
                        best = (delta, h, i, j, new_g, new_h)
            if best is not None:
                _, h, i, j, new_g, new_h = best
                self.apply(g, h, i, j, new_g, new_h)
                return h
            if (lo == 0 and hi == count) or radius == radius_limit:
                return None
            radius *= 2

    def repair(self, radius_limit: int | None, start: Sequence[int] | None = None) -> None:
        """Fix conflicted groups one swap at a time until no single swap helps."""
        queue = deque(start if start is not None else range(len(self.groups)))
        queued = set(queue)
        while queue:
            g = queue.popleft()
            queued.discard(g)
            while self.conflicts(self.cost[g]):
                h = self.best_swap(g, radius_limit)
                if h is None:
                    break
                if self.conflicts(self.cost[h]) and h not in queued:
                    queue.append(h)
                    queued.add(h)

    # ------------------------------------------------------------------ escaping

    def kick(self, budget: int) -> None:
        """Seeded sideways steps out of local minima; keeps the best grouping seen."""
        best_level = self.total_conflicts()
        if best_level == 0 or budget <= 0 or len(self.groups) < 2:
            return
        best_groups = [list(g) for g in self.groups]
        best_cost = list(self.cost)
        count = len(self.groups)
        for _ in range(budget):
            stuck = [g for g in range(count) if self.conflicts(self.cost[g])]
            g = self.rng.choice(stuck)
            lo, hi = max(0, g - KICK_RADIUS), min(count, g + KICK_RADIUS + 1)
            sideways = []
            anything = []
            for h in range(lo, hi):
                if h == g:
                    continue
                old = self.conflicts(self.cost[g] + self.cost[h])
                for delta, i, j, new_g, new_h in self.swaps(g, h):
                    move = (h, i, j, new_g, new_h)
                    anything.append(move)
                    if self.conflicts(new_g + new_h) <= old:
                        sideways.append(move)
            h, i, j, new_g, new_h = self.rng.choice(sideways or anything)
            self.apply(g, h, i, j, new_g, new_h)
            self.repair(REPAIR_RADIUS_DURING_KICKS, start=(g, h))
            level = self.total_conflicts()
            if level < best_level or (level == best_level and sum(self.cost) < sum(best_cost)):
                best_level = level
                best_groups = [list(x) for x in self.groups]
                best_cost = list(self.cost)
            if best_level == 0:
                break
        self.groups, self.cost = best_groups, best_cost

    def exact(self) -> None:
        """Exhaustive (budgeted) search for a conflict-free, else rematch-free, grouping.

        Replaces the current groups only by a strictly better one; groups found
        are put in slot order by their mean position.
        """
        for with_clubs in (True, False) if self.clubs is not None else (False,):
            rematches = sum(self.cost) // self.rematch_weight
            if not with_clubs and not rematches:
                return
            found = self._exhaustive(with_clubs)
            if found is not None:
                found.sort(key=lambda group: sum(group) / len(group))
                threes = iter(group for group in found if len(group) == 3)
                twos = iter(group for group in found if len(group) == 2)
                self.groups = [next(threes) if len(group) == 3 else next(twos) for group in self.groups]
                self.cost = [self.group_cost(group) for group in self.groups]
                return

    def _exhaustive(self, with_clubs: bool) -> list[list[int]] | None:
        n = sum(len(group) for group in self.groups)
        clubs = self.clubs if with_clubs else None

        def clash(a: int, b: int) -> bool:
            return b in self.met[a] or (clubs is not None and bool(clubs[a]) and clubs[a] == clubs[b])

        left = {size: sum(len(group) == size for group in self.groups) for size in (2, 3)}
        placed = [False] * n
        chosen: list[list[int]] = []
        nodes = 0

        def place() -> bool:
            nonlocal nodes
            nodes += 1
            if nodes > EXACT_NODES:
                return False
            first = next((k for k in range(n) if not placed[k]), None)
            if first is None:
                return True
            placed[first] = True
            free = [k for k in range(first + 1, n) if not placed[k] and not clash(first, k)]
            for size in (3, 2):
                if not left[size]:
                    continue
                left[size] -= 1
                for k, b in enumerate(free):
                    partners = [[b]] if size == 2 else [[b, c] for c in free[k + 1 :] if not clash(b, c)]
                    for others in partners:
                        for x in others:
                            placed[x] = True
                        chosen.append([first, *others])
                        if place():
                            return True
                        chosen.pop()
                        for x in others:
                            placed[x] = False
                left[size] += 1
            placed[first] = False
            return False

        return [list(group) for group in chosen] if place() else None

    def polish(self) -> None:
        """Improve the spread between neighbouring groups without adding conflicts."""
        count = len(self.groups)
        for _ in range(POLISH_PASSES):
            improved = False
            for g in range(count):
                for h in range(g + 1, min(count, g + POLISH_RADIUS + 1)):
                    best = None
                    for delta, i, j, new_g, new_h in self.swaps(g, h):
                        if delta < 0 and (best is None or delta < best[0]):
                            best = (delta, i, j, new_g, new_h)
                    if best is not None:
                        self.apply(g, h, *best[1:])
                        improved = True
            if not improved:
                return
