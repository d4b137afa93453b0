"""The scoring systems a tournament can choose, as one enumeration.

The identifiers (``pawn-order``, ``pawns-2pt``, ``individual-11``) are part of the tournament-file
contract of ``scoring.md``; they are stored as they are. A member *is* its identifier (a ``str``),
so it compares equal to the stored text and is written to JSON as it.
"""

from __future__ import annotations

from enum import StrEnum


class System(StrEnum):
    PAWN_ORDER = "pawn-order"
    PAWNS_2PT = "pawns-2pt"
    INDIVIDUAL_11 = "individual-11"

    @property
    def per_player(self) -> bool:
        """Whether the standings rank players rather than teams."""
        return self in PER_PLAYER


PAWN_ORDER = System.PAWN_ORDER
PAWNS_2PT = System.PAWNS_2PT
INDIVIDUAL_11 = System.INDIVIDUAL_11

SYSTEMS: tuple[str, ...] = tuple(System)

# Systems whose standings rank players rather than teams.
PER_PLAYER: frozenset[str] = frozenset({System.INDIVIDUAL_11})
