"""Planning every round up front (no results needed), guaranteed rematch-free.

Why: small or casual tournaments often want the whole day's draw printed
before the first game. The circle method (fix one team, rotate the rest) gives
n-1 rounds in which nobody meets anyone twice; a seeded shuffle first makes the
schedule differ between tournaments yet stay reproducible.

Tables of three have no such closed formula for every team count (resolvable
designs exist only for some counts), so those rounds are planned one after the
other with the local search of ``groups.py``, restarting the whole plan with
fresh seeded shuffles a few times before giving up with a ValueError.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from tournaments.pairing.groups import conflict_pairs, group_positions, table_sizes
from tournaments.pairing.swiss import Pairing, PairedTable

ATTEMPTS = 8
"""Fresh starts of a plan of three-team tables before it is declared impossible."""


def planned_schedule(
    team_ids: Iterable[str], rounds: int, seed: int, teams_per_table: int = 2
) -> list[Pairing]:
    """``rounds`` draws with no rematches.

    2-team tables: an odd count gets one bye per round, each to a different
    team. Needs ``rounds <= n - 1`` for an even count ``n`` (``rounds <= n``
    when odd).

    3-team tables: leftovers sit at one or two tables of two (as in
    ``random_round``), preferably teams that have sat at fewer of them. A
    ValueError says when no rematch-free plan was found (or none can exist).
    """
    if teams_per_table not in (2, 3):
        raise ValueError("teams_per_table must be 2 or 3.")
    ids = sorted(team_ids)
    if len(set(ids)) != len(ids):
        raise ValueError("Team ids must be unique.")
    if rounds < 0:
        raise ValueError("rounds must not be negative.")
    if teams_per_table == 3:
        return _planned_threes(ids, rounds, seed)
    random.Random(seed).shuffle(ids)
    slots: list[str | None] = list(ids)
    if len(slots) % 2:
        slots.append(None)  # whoever meets the ghost has the bye
    n = len(slots)
    if n < 2 or rounds > n - 1:
        raise ValueError(
            f"{len(ids)} teams can play at most {max(n - 1, 0)} rematch-free rounds, not {rounds}."
        )
    draws = []
    for _ in range(rounds):
        bye = None
        tables = []
        for i in range(n // 2):
            a, b = slots[i], slots[n - 1 - i]
            if a is None or b is None:
                bye = a if b is None else b
                continue
            tables.append(PairedTable(number=len(tables) + 1, teams=(a, b)))
        draws.append(Pairing(tuple(tables), bye))
        slots = [slots[0], slots[-1], *slots[1:-1]]  # keep slot 0, rotate the rest
    return draws


def _planned_threes(ids: list[str], rounds: int, seed: int) -> list[Pairing]:
    n = len(ids)
    sizes = table_sizes(n)
    pairs_per_round = sum(size * (size - 1) // 2 for size in sizes)
    most = n * (n - 1) // 2 // pairs_per_round
    if rounds > most:
        raise ValueError(
            f"{n} teams can play at most {most} rematch-free rounds at tables of three, "
            f"not {rounds}."
        )
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        draws = _try_threes(ids, rounds, sizes, rng.randrange(2**32))
        if draws is not None:
            return draws
    raise ValueError(
        f"Could not plan {rounds} rematch-free rounds at tables of three for {n} teams; "
        "plan fewer rounds up front (or draw the later rounds as Swiss rounds)."
    )


def _try_threes(ids: list[str], rounds: int, sizes: list[int], seed: int) -> list[Pairing] | None:
    """One seeded attempt, round by round; None as soon as a round needs a rematch."""
    rng = random.Random(seed)
    met: list[set[int]] = [set() for _ in ids]
    at_two = [0] * len(ids)
    draws = []
    for _ in range(rounds):
        coin = list(range(len(ids)))
        rng.shuffle(coin)
        # Slots run from the tables of three down to the tables of two: teams that
        # already sat at a table of two most often come first.
        order = sorted(coin, key=lambda team: -at_two[team])
        slot = {team: k for k, team in enumerate(order)}
        met_by_slot = [[slot[o] for o in met[team]] for team in order]
        groups = group_positions(sizes, met_by_slot, rng.randrange(2**32))
        if conflict_pairs(groups, met_by_slot):
            return None
        tables = []
        for number, group in enumerate(groups, start=1):
            members = [order[k] for k in group]
            for team in members:
                met[team].update(m for m in members if m != team)
                at_two[team] += len(members) == 2
            tables.append(PairedTable(number=number, teams=tuple(ids[m] for m in members)))
        draws.append(Pairing(tuple(tables)))
    return draws
