"""The draw of an individual tournament: players enter alone, and every round the draw pairs them
anew and seats two pairs at a four-player board (three pairs at a six-player board, where the
tournament has them, to absorb numbers not divisible by four).

Why its own module, pure Python like the rest of this package: it is the part of an individual
evening most worth testing exhaustively (tests/test_individual_draw.py runs it over many sizes with
hypothesis, without a database), and ``make bench-individual`` measures it alone.

What it keeps, in order — each level outweighs everything below it:

1. **Hard.** Nobody partners the same player twice. Nobody sits out twice: the byes rotate, one per
   player at most (:func:`max_rounds` says up front how many rounds that allows, and the partner
   limit with it).
2. Two players meet again (as partners or opponents) as rarely as possible; a pair that has met
   twice counts more than two pairs that met once (triangular costs), so repeats spread out.
3. By standings only: players of close places sit together, the best at table 1.
4. Colours (board seats) and, in a planned draw, table numbers rotate.

How: per round, byes first (among those with the fewest, the lowest placed by standings, else by
the seeded lot), then a local search over the players' groups (tables), starting from the
standings (consecutive places) or from a seeded greedy build (planned), repairing every table with
a repeat or without a valid partnering by the best swap of two players, with seeded random kicks
when no swap helps; then the partners within each table (a valid one), then the seats. A planned
draw of 16 players uses the affine plane of order 4 (5 rounds in which everyone meets everyone
exactly once), which a search round by round would not find. Everything is deterministic from the
seed.

Six-player boards, when used, are the last table numbers (they are particular boards at a venue).

Known limit: by standings each round is drawn without knowing the next, so a small field can paint
itself into a corner before :func:`max_rounds` (5 players, round 4): such a round is refused with a
message. Up to half that limit every player still has more than half the field as possible
partners, and the tests (hypothesis, 4 to 40 players) never saw it; a planned draw reaches the
limit itself.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

PARTNER_COST = 10**15
"""A table whose players cannot be paired without someone's earlier partner."""
REPEAT_COST = 10**9
"""Per earlier meeting of two players at one table (triangular: the second repeat costs 2 more)."""
KICKS = 30
"""Random swaps tried per round when no single swap improves a table with a repeat."""
ATTEMPTS = 4
"""Fresh starts of a planned draw (other seeds); the best plan of them is kept."""
STUCK_ATTEMPTS = 200
"""Fresh starts of a planned draw before a partner conflict is declared unavoidable, when none of the
first :data:`ATTEMPTS` drew every round: a small field with nearly as many rounds as
:func:`max_rounds` allows can paint itself into a corner (6 players in 4 rounds at one six-player
board: about one start in four ends with two triangles of unmet players and no round left), and
every start has its own odds."""
NEAR = 4
"""By standings: a repair swap looks this many tables up and down first."""
RESTARTS = 4
"""By standings: fresh starts (seeded greedy) when the search from the standings keeps a repeat."""
BYE_CHOICES = 40
"""Sets of players sitting out tried, best first, when a choice leaves no valid partnering."""


@dataclass(frozen=True)
class PlayerRecord:
    """What the draw needs of one present player: id, and by standings the place (1 = best)."""

    id: str
    rank: int = 0


@dataclass(frozen=True)
class IndividualTable:
    """A table: its pairs in sheet order (the first deals first), each pair's players in seat
    order (the first player takes board seat ``k``, the second ``k + pairs``, opposite)."""

    number: int
    pairs: tuple[tuple[str, str], ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(player for pair in self.pairs for player in pair)


@dataclass(frozen=True)
class IndividualRound:
    tables: tuple[IndividualTable, ...]
    byes: tuple[str, ...] = ()

    @property
    def player_ids(self) -> tuple[str, ...]:
        """Every player placed this round (at a table or sitting out), each once."""
        return tuple(player for table in self.tables for player in table.players) + self.byes


# --------------------------------------------------------------------------- sizes and limits


def table_plan(count: int, six_player_boards: bool = False) -> tuple[list[int], int]:
    """(players per table, best tables first, and the six-player boards last; players sitting out)
    for ``count`` present players. Four-player boards only: ``count % 4`` sit out. With six-player
    boards, one of them takes the two spare players of ``count % 4 == 2`` or ``3`` (then one sits
    out): at most one player sits out."""
    if count < 4:
        raise ValueError(f"An individual round needs at least 4 players, not {count}.")
    fours, spare = divmod(count, 4)
    if not six_player_boards or spare < 2 or (fours == 0 and count < 6):
        return [4] * fours, spare
    return [4] * (fours - 1) + [6], spare - 2


def max_rounds(count: int, six_player_boards: bool = False) -> int:
    """The most rounds ``count`` players can play with a new partner every round and nobody sitting
    out twice."""
    _sizes, out = table_plan(count, six_player_boards)
    most = 0
    for rounds in range(1, 2 * count + 1):
        played_most = rounds if rounds * out < count else rounds - 1  # someone never sits out
        if rounds * out > count or played_most > count - 1 or rounds * (count - out) > count * (count - 1):
            break
        most = rounds
    return most


def check_rounds(count: int, rounds: int, six_player_boards: bool = False) -> None:
    """A ValueError naming the largest possible number when ``rounds`` is more than
    :func:`max_rounds` allows (said before anything is drawn)."""
    table_plan(count, six_player_boards)
    most = max_rounds(count, six_player_boards)
    if rounds > most:
        _sizes, out = table_plan(count, six_player_boards)
        why = (f"{out} sit out each round and nobody sits out twice" if out and most * out + out > count
               else "each needs a new partner every round")
        raise ValueError(f"{count} players can play at most {most} rounds ({why}), not {rounds}.")


# --------------------------------------------------------------------------- history


class History:
    """What earlier rounds left: partners, meetings, byes, colours and table numbers per player."""

    def __init__(self, rounds: Iterable[IndividualRound] = ()) -> None:
        self.partners: dict[str, set[str]] = {}
        self.met: dict[tuple[str, str], int] = {}
        self.byes: dict[str, int] = {}
        self.colours: dict[str, list[int]] = {}
        self.table_numbers: dict[str, dict[int, int]] = {}
        for round_ in rounds:
            self.add(round_)

    def add(self, round_: IndividualRound) -> None:
        for player in round_.byes:
            self.byes[player] = self.byes.get(player, 0) + 1
        for table in round_.tables:
            count = len(table.pairs)
            for position, pair in enumerate(table.pairs):
                a, b = pair
                self.partners.setdefault(a, set()).add(b)
                self.partners.setdefault(b, set()).add(a)
                for member, player in enumerate(pair):
                    colours = self.colours.setdefault(player, [0] * 6)
                    colours[position + member * count] += 1
            for player in table.players:
                numbers = self.table_numbers.setdefault(player, {})
                numbers[table.number] = numbers.get(table.number, 0) + 1
            for a, b in itertools.combinations(table.players, 2):
                key = (a, b) if a < b else (b, a)
                self.met[key] = self.met.get(key, 0) + 1

    def times_met(self, a: str, b: str) -> int:
        return self.met.get((a, b) if a < b else (b, a), 0)


# --------------------------------------------------------------------------- one round


def _splits(items: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]]:
    """Every way to split ``items`` into pairs."""
    if not items:
        return [()]
    first, rest = items[0], items[1:]
    return [((first, other),) + split for k, other in enumerate(rest)
            for split in _splits(rest[:k] + rest[k + 1:])]


_MATCHINGS = {size: _splits(tuple(range(size))) for size in (4, 6)}
"""The ways to split a table's players (by index) into pairs: 3 at a four-player board, 15 at a six."""


class _Search:
    """The local search of one round, on player indices (0 = best placed by standings)."""

    def __init__(self, ids: list[str], history: History, spread: bool, rng: random.Random) -> None:
        self.ids = ids
        self.rng = rng
        self.spread = spread
        n = len(ids)
        index = {player: i for i, player in enumerate(ids)}
        self.met = [[0] * n for _ in range(n)]
        self.partnered = [bytearray(n) for _ in range(n)]
        for (a, b), times in history.met.items():
            if a in index and b in index:
                i, j = index[a], index[b]
                self.met[i][j] = self.met[j][i] = times * (times + 1) // 2  # triangular
        for a, partners in history.partners.items():
            if a in index:
                for b in partners:
                    if b in index:
                        self.partnered[index[a]][index[b]] = 1

    def cost(self, group: Sequence[int]) -> int:
        if len(group) == 4:  # the search's innermost call: four-player boards spelt out
            a, b, c, d = group
            met_a, met_b = self.met[a], self.met[b]
            total = (met_a[b] + met_a[c] + met_a[d] + met_b[c] + met_b[d] + self.met[c][d]) * REPEAT_COST
            partnered = self.partnered
            p_a, p_b = partnered[a], partnered[b]
            # no valid partnering: each of the three splits (ab|cd, ac|bd, ad|bc) has an earlier pair
            if (p_a[b] or partnered[c][d]) and (p_a[c] or p_b[d]) and (p_a[d] or p_b[c]):
                total += PARTNER_COST
            if self.spread:
                total += ((a - b) ** 2 + (a - c) ** 2 + (a - d) ** 2
                          + (b - c) ** 2 + (b - d) ** 2 + (c - d) ** 2)
            return total
        met, total = self.met, 0
        for x in range(len(group)):
            row = met[group[x]]
            for y in range(x + 1, len(group)):
                total += row[group[y]]
        total *= REPEAT_COST
        if not self.partnering(group):
            total += PARTNER_COST
        if self.spread:
            for x in range(len(group)):
                for y in range(x + 1, len(group)):
                    total += (group[x] - group[y]) ** 2
        return total

    def repeats_avoidable(self) -> bool:
        """Whether every player still has three players they have not met (else a repeat is sure,
        and fresh starts would only cost time)."""
        return all(sum(1 for times in row if times == 0) - 1 >= 3 for row in self.met)

    def partnering(self, group: Sequence[int]) -> tuple[tuple[int, int], ...] | None:
        """A valid split of ``group`` into pairs (players by index), or None."""
        partnered = self.partnered
        for matching in _MATCHINGS[len(group)]:
            if not any(partnered[group[a]][group[b]] for a, b in matching):
                return tuple((group[a], group[b]) for a, b in matching)
        return None

    def run(self, groups: list[list[int]]) -> list[list[int]]:
        if len(groups) < 2:  # one table: nobody to swap with (its partners are chosen after)
            return groups
        cost = [self.cost(group) for group in groups]
        best_total, best = sum(cost), [list(group) for group in groups]
        kicks = 0
        while True:
            improved = self._repair(groups, cost)
            total = sum(cost)
            if total < best_total:
                best_total, best = total, [list(group) for group in groups]
            bad = [g for g, value in enumerate(cost) if value >= REPEAT_COST]
            if not bad:
                break
            if not improved:
                if kicks >= KICKS:
                    break
                kicks += 1
                self._kick(groups, cost, self.rng.choice(bad))
        if self.spread:
            self._polish(best)
        return best

    def _repair(self, groups: list[list[int]], cost: list[int]) -> bool:
        """Best swaps for the tables with a repeat or no valid partnering; whether any helped."""
        improved = False
        order = [g for g, value in enumerate(cost) if value >= REPEAT_COST]
        self.rng.shuffle(order)
        for g in order:
            if cost[g] < REPEAT_COST:
                continue
            near = range(max(0, g - NEAR), min(len(groups), g + NEAR + 1)) if self.spread else range(0)
            for candidates in (near, range(len(groups))):
                found = self._best_swap(groups, cost, g, [h for h in candidates if h != g])
                if found is not None:
                    delta, x, h, y = found
                    self._swap(groups, cost, g, x, h, y)
                    improved = True
                    break
        return improved

    def _best_swap(self, groups, cost, g, others) -> tuple[int, int, int, int] | None:
        best = None
        group = groups[g]
        for h in others:
            other = groups[h]
            base = cost[g] + cost[h]
            for x in range(len(group)):
                for y in range(len(other)):
                    group[x], other[y] = other[y], group[x]
                    delta = self.cost(group) + self.cost(other) - base
                    group[x], other[y] = other[y], group[x]
                    if delta < 0 and (best is None or delta < best[0]):
                        best = (delta, x, h, y)
        return best

    def _swap(self, groups, cost, g, x, h, y) -> None:
        groups[g][x], groups[h][y] = groups[h][y], groups[g][x]
        cost[g], cost[h] = self.cost(groups[g]), self.cost(groups[h])

    def _kick(self, groups, cost, g) -> None:
        h = self.rng.randrange(len(groups) - 1)
        h += h >= g
        self._swap(groups, cost, g, self.rng.randrange(len(groups[g])), h, self.rng.randrange(len(groups[h])))

    def _polish(self, groups: list[list[int]]) -> None:
        """By standings: swaps between neighbouring tables that bring close places together without
        adding a repeat."""
        cost = [self.cost(group) for group in groups]
        for _ in range(3):
            changed = False
            for g in range(len(groups) - 1):
                found = self._best_swap(groups, cost, g, [g + 1])
                if found is not None:
                    _delta, x, h, y = found
                    self._swap(groups, cost, g, x, h, y)
                    changed = True
            if not changed:
                break


def _bye_choices(records: Sequence[PlayerRecord], out: int, history: History, by_standings: bool,
                 rng: random.Random) -> Iterable[tuple[str, ...]]:
    """Who sits out, best choice first: among those who sat out least, the lowest placed (by
    standings) or the seeded lot (planned); then other sets of them, for a round where the first
    choice leaves no valid partnering (small fields)."""
    if not out:
        yield ()
        return
    fewest = min(history.byes.get(record.id, 0) for record in records)
    candidates = [record for record in records if history.byes.get(record.id, 0) == fewest]
    if len(candidates) < out:  # everyone sat out once: the next ones start a second turn
        candidates = sorted(records, key=lambda record: history.byes.get(record.id, 0))
    if by_standings:
        candidates = sorted(candidates, key=lambda record: (-record.rank, rng.random()))
    else:
        candidates = rng.sample(candidates, len(candidates))
    for choice in itertools.islice(itertools.combinations(candidates, out), BYE_CHOICES):
        yield tuple(record.id for record in choice)


def _greedy(count: int, sizes: list[int], search: _Search, rng: random.Random) -> list[list[int]]:
    """A planned start: players in a seeded order, each to the open table it has met least."""
    order = list(range(count))
    rng.shuffle(order)
    groups: list[list[int]] = [[] for _ in sizes]
    for player in order:
        best, best_cost = None, None
        for g, group in enumerate(groups):
            if len(group) == sizes[g]:
                continue
            added = sum(search.met[player][other] for other in group) * REPEAT_COST
            added += sum(search.partnered[player][other] for other in group)  # keeps a partner free
            if best_cost is None or added < best_cost:
                best, best_cost = g, added
        groups[best].append(player)
    return groups


def _seat(pairs: list[tuple[str, str]], history: History) -> tuple[tuple[str, str], ...]:
    """Sheet order and seat order within each pair that give each player the colours they had least."""
    count = len(pairs)
    best, best_cost = None, None
    for order in itertools.permutations(pairs):
        for flips in itertools.product((False, True), repeat=count):
            seated = [(b, a) if flip else (a, b) for (a, b), flip in zip(order, flips)]
            cost = sum(history.colours.get(player, (0,) * 6)[position + member * count]
                       for position, pair in enumerate(seated) for member, player in enumerate(pair))
            if best_cost is None or cost < best_cost:
                best, best_cost = seated, cost
    return tuple(best)


def _number(groups: list[list[str]], sizes: list[int], history: History, planned: bool,
            rng: random.Random) -> list[int]:
    """Table numbers: by standings in order (best first); planned, the four-player tables rotate
    (each table the number its players had least); six-player boards keep the last numbers."""
    numbers = list(range(1, len(groups) + 1))
    if not planned:
        return numbers
    fours = [g for g, size in enumerate(sizes) if size == 4]
    free = [numbers[g] for g in fours]
    order = list(fours)
    rng.shuffle(order)
    for g in order:
        def used(number: int) -> int:
            return sum(history.table_numbers.get(player, {}).get(number, 0) for player in groups[g])
        choice = min(free, key=lambda number: (used(number), rng.random()))
        free.remove(choice)
        numbers[g] = choice
    return numbers


def draw_round(players: Sequence[PlayerRecord], previous: Sequence[IndividualRound], seed: int,
               six_player_boards: bool = False, by_standings: bool = True) -> IndividualRound:
    """One round for the present ``players``: by standings (``rank`` 1 = best; the best at table 1)
    or, ``by_standings=False``, as a planned round (no standings needed). A ValueError when no
    table plan exists (fewer than 4 players) or nobody can get a new partner any more."""
    records = sorted(players, key=lambda record: record.id)
    if len({record.id for record in records}) != len(records):
        raise ValueError("Player ids must be unique.")
    sizes, out = table_plan(len(records), six_player_boards)
    rng = random.Random(seed)
    history = History(previous)
    for byes in _bye_choices(records, out, history, by_standings, rng):
        found = _seated(records, byes, sizes, history, by_standings, rng)
        if found is not None:
            return found
    raise ValueError("No draw gives every player a new partner this round: play fewer rounds.")


def _seated(records: Sequence[PlayerRecord], byes: tuple[str, ...], sizes: list[int], history: History,
            by_standings: bool, rng: random.Random) -> IndividualRound | None:
    """The round with these players sitting out, or None when some table has no valid partnering."""
    seated = [record for record in records if record.id not in byes]
    if by_standings:
        seated.sort(key=lambda record: (record.rank or 10**9, rng.random()))
    ids = [record.id for record in seated]
    search = _Search(ids, history, spread=by_standings, rng=rng)
    if by_standings:
        start, groups = 0, []
        for size in sizes:
            groups.append(list(range(start, start + size)))
            start += size
        groups = search.run(groups)
        for _ in range(RESTARTS if search.repeats_avoidable() else 0):  # stuck: start afresh, keep the best
            if all(search.cost(group) < REPEAT_COST for group in groups):
                break
            groups = min(groups, search.run(_greedy(len(ids), sizes, search, rng)),
                         key=lambda found: sum(map(search.cost, found)))
    else:
        groups = search.run(_greedy(len(ids), sizes, search, rng))
    if by_standings:  # the best places at table 1; six-player boards stay last
        fours = sorted((group for group in groups if len(group) == 4), key=min)
        groups = fours + [group for group in groups if len(group) == 6]
    tables_pairs = []
    for group in groups:
        partnering = search.partnering(group)
        if partnering is None:
            return None
        tables_pairs.append([(ids[a], ids[b]) for a, b in partnering])
    numbers = _number([[ids[p] for p in group] for group in groups], [len(g) for g in groups],
                      history, not by_standings, rng)
    tables = sorted((IndividualTable(number, _seat(pairs, history))
                     for number, pairs in zip(numbers, tables_pairs)), key=lambda table: table.number)
    return IndividualRound(tuple(tables), byes)


# --------------------------------------------------------------------------- a planned day


def planned_rounds(player_ids: Iterable[str], rounds: int, seed: int,
                   six_player_boards: bool = False) -> list[IndividualRound]:
    """Every round of the day at once, for route cards: no standings needed. A ValueError up front
    when ``rounds`` is more than :func:`max_rounds` allows."""
    ids = sorted(player_ids)
    if len(set(ids)) != len(ids):
        raise ValueError("Player ids must be unique.")
    check_rounds(len(ids), rounds, six_player_boards)
    if len(ids) == 16 and rounds <= 5:
        return _affine_plane(ids, rounds, seed)
    rng = random.Random(seed)
    best, best_key = None, None
    for attempt in range(STUCK_ATTEMPTS):
        if attempt >= ATTEMPTS and best is not None:
            break
        attempt_seed = rng.randrange(2**32)
        try:
            plan = _plan(ids, rounds, attempt_seed, six_player_boards)
        except ValueError:
            continue
        key = _quality(plan)
        if best_key is None or key < best_key:
            best, best_key = plan, key
        if key[1] <= 1:  # nobody meets twice: nothing to gain from another start
            break
    if best is None:
        raise ValueError(f"Could not draw {rounds} rounds with a new partner for each of {len(ids)} "
                         "players every round: plan fewer rounds.")
    return best


def _plan(ids: list[str], rounds: int, seed: int, six_player_boards: bool) -> list[IndividualRound]:
    records = [PlayerRecord(player) for player in ids]
    plan: list[IndividualRound] = []
    for number in range(rounds):
        plan.append(draw_round(records, plan, seed + number, six_player_boards, by_standings=False))
    return plan


def _quality(plan: Sequence[IndividualRound]) -> tuple[int, int, int]:
    """(partner repeats, the most times two players meet, pairs that meet more than once)."""
    history = History(plan)
    partner_repeats = sum(1 for round_ in plan for table in round_.tables for _pair in table.pairs) \
        - sum(len(partners) for partners in history.partners.values()) // 2
    most = max(history.met.values(), default=0)
    return partner_repeats, most, sum(1 for times in history.met.values() if times > 1)


def quality(plan: Sequence[IndividualRound]) -> dict[str, int]:
    """What ``make bench-individual`` prints of a day's draw."""
    partner_repeats, most, twice = _quality(plan)
    return {"partner_repeats": partner_repeats, "most_meetings": most, "pairs_meeting_twice": twice}


def _affine_plane(ids: list[str], rounds: int, seed: int) -> list[IndividualRound]:
    """16 players on the affine plane of order 4: the points are GF(4)², each round one of its
    5 parallel classes of lines (4 tables of 4), so nobody meets anyone twice in 5 rounds."""
    mul = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]  # GF(4) = {0, 1, a, a+1}; add is xor
    rng = random.Random(seed)
    shuffled = list(ids)
    rng.shuffle(shuffled)
    point = {(x, y): shuffled[4 * x + y] for x in range(4) for y in range(4)}
    classes = [[[point[(x, y)] for y in range(4)] for x in range(4)]]  # the lines x = c
    for slope in range(4):  # the lines y = slope·x + c
        classes.append([[point[(x, mul[slope][x] ^ c)] for x in range(4)] for c in range(4)])
    rng.shuffle(classes)
    plan: list[IndividualRound] = []
    for lines in classes[:rounds]:
        history = History(plan)
        groups = [sorted(line) for line in lines]
        numbers = _number(groups, [4] * 4, history, True, rng)
        tables = sorted((IndividualTable(number, _seat([(g[0], g[1]), (g[2], g[3])], history))
                         for number, g in zip(numbers, groups)), key=lambda table: table.number)
        plan.append(IndividualRound(tuple(tables)))
    return plan
