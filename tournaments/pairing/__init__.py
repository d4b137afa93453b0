"""Pure-Python pairing generators for Keezen rounds (the draw of a round: who sits with whom).

Why a separate package: pairing is the part of a tournament most worth testing
exhaustively, and that is only cheap when it runs without a database. Nothing
here imports Django; callers hand in plain ``TeamRecord`` values (or anything
with the same attributes) and get frozen ``Pairing`` values back. ("Draw" is the director's word
for the action; in code it is pairing, so it is never confused with the board drawing
(engine/board_svg.py) or a draft round.)
"""

from tournaments.pairing.swiss import (
    Pairing,
    PairedTable,
    TeamRecord,
    random_round,
    swiss_round,
)
from tournaments.pairing.schedule import planned_schedule

__all__ = [
    "Pairing",
    "PairedTable",
    "TeamRecord",
    "planned_schedule",
    "random_round",
    "swiss_round",
]
