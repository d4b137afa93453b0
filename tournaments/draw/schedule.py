"""Planning every round up front (no results needed), guaranteed rematch-free.

Why: small or casual tournaments often want the whole day's draw printed
before the first game. The circle method (fix one team, rotate the rest) gives
n-1 rounds in which nobody meets anyone twice; a seeded shuffle first makes the
schedule differ between tournaments yet stay reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from tournaments.draw.pairing import Draw, PairedTable


def planned_schedule(team_ids: Iterable[str], rounds: int, seed: int) -> list[Draw]:
    """``rounds`` draws of 2-team tables with no rematches.

    An odd count gets one bye per round, each to a different team. Needs
    ``rounds <= n - 1`` for an even count ``n`` (``rounds <= n`` when odd).
    """
    ids = sorted(team_ids)
    if len(set(ids)) != len(ids):
        raise ValueError("Team ids must be unique.")
    if rounds < 0:
        raise ValueError("rounds must not be negative.")
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
        draws.append(Draw(tuple(tables), bye))
        slots = [slots[0], slots[-1], *slots[1:-1]]  # keep slot 0, rotate the rest
    return draws
