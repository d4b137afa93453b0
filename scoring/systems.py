"""The scoring systems a tournament can choose, as one enumeration, and the game each belongs to.

The identifiers (``pawn-order``, ``pawns-2pt``, ``individual-11``) are part of the tournament-file
contract of ``scoring.md``; they are stored as they are. A member *is* its identifier (a ``str``),
so it compares equal to the stored text and is written to JSON as it.

A tournament plays one game (``Game``: Keezen or Klaverjassen); its scoring system says which, so
the game is never stored twice. Klaverjassen has one system, ``klaverjas``: a team's points are
its card points plus roem plus pit bonuses (``shared/spec/klaverjas.md``), scored by the
``klaverjas`` package; the standings and tiebreaks of ``scoring.md`` are the same for every game.
"""

from __future__ import annotations

from enum import StrEnum


class Game(StrEnum):
    KEEZEN = "keezen"
    KLAVERJAS = "klaverjas"


class System(StrEnum):
    PAWN_ORDER = "pawn-order"
    PAWNS_2PT = "pawns-2pt"
    INDIVIDUAL_11 = "individual-11"
    KLAVERJAS = "klaverjas"

    @property
    def per_player(self) -> bool:
        """Whether the standings rank players rather than teams."""
        return self in PER_PLAYER

    @property
    def game(self) -> Game:
        return GAME_OF[self]


PAWN_ORDER = System.PAWN_ORDER
PAWNS_2PT = System.PAWNS_2PT
INDIVIDUAL_11 = System.INDIVIDUAL_11
KLAVERJAS = System.KLAVERJAS

GAME_OF: dict[str, Game] = {PAWN_ORDER: Game.KEEZEN, PAWNS_2PT: Game.KEEZEN, INDIVIDUAL_11: Game.KEEZEN,
                            KLAVERJAS: Game.KLAVERJAS}
SYSTEMS_OF: dict[Game, tuple[System, ...]] = {
    game: tuple(system for system in System if GAME_OF[system] == game) for game in Game}

SYSTEMS: tuple[str, ...] = tuple(System)
KEEZEN_SYSTEMS: tuple[str, ...] = SYSTEMS_OF[Game.KEEZEN]
"""The systems of Keezen score sheets (``scoring.sheets``, ``scoring.points``)."""

# Systems whose standings rank players rather than teams.
PER_PLAYER: frozenset[str] = frozenset({System.INDIVIDUAL_11})
