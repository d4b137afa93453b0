"""Pure-Python draw generators for Keezen rounds.

Why a separate package: pairing is the part of a tournament most worth testing
exhaustively, and that is only cheap when it runs without a database. Nothing
here imports Django; callers hand in plain ``TeamRecord`` values (or anything
with the same attributes) and get frozen ``Draw`` values back.
"""

from tournaments.draw.pairing import (
    Draw,
    PairedTable,
    TeamRecord,
    random_round,
    swiss_round,
)
from tournaments.draw.schedule import planned_schedule

__all__ = [
    "Draw",
    "PairedTable",
    "TeamRecord",
    "planned_schedule",
    "random_round",
    "swiss_round",
]
