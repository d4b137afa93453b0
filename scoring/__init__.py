"""Scoring of Keezen score sheets, the systems of every game, standings and tiebreaks (``shared/spec/scoring.md``).

Pure Python, no Django: the tournament app, the command line and the tests all use the same
arithmetic, and it can be tested with plain values.
"""

from scoring.points import (
    DEFAULT_PAWN_ORDER_POINTS,
    TableScore,
    check_absent_pawns,
    full_win_points,
    member_points,
    score,
)
from scoring.sheets import InvalidSheet, Sheet, SheetError, validate
from scoring.standings import APART, MISSED_ROUNDS, NO_PRIZES, RANKED, Entry, Standing, bye_score, lot_number, rank
from scoring.systems import (
    GAME_OF,
    INDIVIDUAL_11,
    KEEZEN_SYSTEMS,
    KLAVERJAS,
    PAWN_ORDER,
    PAWNS_2PT,
    PER_PLAYER,
    SYSTEMS,
    SYSTEMS_OF,
    Game,
    System,
)

__all__ = [
    "check_absent_pawns",
    "APART", "MISSED_ROUNDS", "NO_PRIZES", "RANKED",
    "DEFAULT_PAWN_ORDER_POINTS", "GAME_OF", "INDIVIDUAL_11", "KEEZEN_SYSTEMS", "KLAVERJAS", "PAWN_ORDER", "PAWNS_2PT",
    "PER_PLAYER", "SYSTEMS", "SYSTEMS_OF", "Entry", "Game", "InvalidSheet", "Sheet", "SheetError", "Standing", "System",
    "TableScore", "bye_score", "full_win_points", "lot_number", "member_points", "rank", "score", "validate",
]
