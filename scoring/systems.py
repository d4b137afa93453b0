"""The scoring systems a tournament can choose, by their identifiers in ``scoring.md``.

The identifiers are part of the tournament-file contract; they are stored as they are.
"""

from __future__ import annotations

PAWN_ORDER = "pawn-order"
PAWNS_2PT = "pawns-2pt"
INDIVIDUAL_11 = "individual-11"

SYSTEMS: tuple[str, ...] = (PAWN_ORDER, PAWNS_2PT, INDIVIDUAL_11)

# Systems whose standings rank players rather than teams.
PER_PLAYER: frozenset[str] = frozenset({INDIVIDUAL_11})
