"""The games a tournament can play, plugged into one tournament core.

Why: the core (registration, draws, rounds, table links, the desk, standings, files, backups) is
the same for every game; what differs is the score sheet — what is written on it, what makes it
impossible, what it is worth, how the tournament file writes it. Each game answers those questions
through one object (:class:`~tournaments.games.base.GamePlugin`), found from the tournament's
scoring system with :func:`game_of`. A third game is a pure package beside ``engine/`` and
``klaverjas/``, a module here and a registry line: the core asks, it does not branch.
"""

from __future__ import annotations

from scoring.systems import GAME_OF, Game
from tournaments.games.base import GamePlugin, Scoring
from tournaments.games.keezen import KEEZEN
from tournaments.games.klaverjas import KLAVERJAS

GAMES: dict[Game, GamePlugin] = {Game.KEEZEN: KEEZEN, Game.KLAVERJAS: KLAVERJAS}
DEFAULT_GAME: Game = Game.KEEZEN
"""The game of what names none: a tournament of an unknown scoring system, a ruling without
``"game"``, a competition file without one."""


def game_of(system: str) -> GamePlugin:
    """The game of a scoring system (Keezen for one it does not know: its checks name the system)."""
    return GAMES[GAME_OF.get(system, DEFAULT_GAME)]


__all__ = ["DEFAULT_GAME", "GAMES", "GamePlugin", "Scoring", "game_of"]
