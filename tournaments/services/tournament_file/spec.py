"""The names and the limits of the tournament file (``scoring.md``), in one place for reading and writing.

The limits keep a damaged or hostile file from costing the laptop more than a moment: they are far
above what a real day writes (a 250-team day in round 3 is about 0.5 MB and nests 8 levels deep).
"""

from typing import Any

from tournaments.games import GAMES, GamePlugin
from tournaments.models.registration import NOTE_MAX_LENGTH

FORMAT = "keezen-tournament"
VERSION = 2
"""The version this program writes."""
READS = (1, 2)
"""The versions it reads: version 1 (teams and results) and version 2 (the whole running day)."""
RESULT_FIELDS = tuple(dict.fromkeys(field for game in GAMES.values() for field in game.result_fields))
"""The fields of a table (and of a sheet version) that hold its result, in every game (``tournaments/games``)."""
TOKEN_PATTERN = r"[A-Za-z0-9_-]{16,32}"
"""A table's private link as ``new_table_token`` makes it, and a team's pass as ``new_pass_token`` makes
it (both written in the file, kept on restore)."""
CODE_PATTERN = r"\d{6}"
"""A team's confirmation code as ``new_team_code`` makes it."""
PLAYER_ID_PATTERN = r"P[1-9][0-9]{0,8}"
"""A player's id in an individual file: ``P`` and the entrant's number (``P17``)."""

MAX_BYTES = 20 * 1024 * 1024
"""The largest file read (20 MB): twice a finished day of 1,000 teams and 10 rounds (about 9 MB), and
what the file costs to check stays near 100 MB of memory and a few seconds."""
MAX_DEPTH = 20
"""The deepest nesting of arrays and objects read: a file of this program nests at most 8 deep."""
ID_MAX_LENGTH = 100
"""The longest team id (``T12``): ids name the teams inside the file only."""
TEXT_MAX_LENGTH = NOTE_MAX_LENGTH
"""The longest text kept in a column without a length of its own (a reason, a note) or in a JSON value."""
JSON_INT_MAX = 2**53 - 1
"""The largest whole number (either sign) inside a JSON value kept as it is (the points list, the frozen
standings, a ruling's position and verdict, a sheet): the range every JSON reader keeps exactly (RFC 7493)."""
MAX_PROBLEMS = 100
"""The most problems listed for one file; the rest are counted."""


DEFAULT_GAME = next(game for game in GAMES.values() if game.file_default)
"""The game of a file that names none (``"game"`` is left out of its files: the files of before the others)."""


def file_game(data: dict[str, Any]) -> GamePlugin:
    """The game a file is of: the one its ``"game"`` names, or :data:`DEFAULT_GAME`."""
    named = data.get("game")
    return next((game for game in GAMES.values() if game.game == named), DEFAULT_GAME)
