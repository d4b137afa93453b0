"""Positions: the spec's JSON read, validated and written, over a flat tuple of locations.

``locs[4*c + i]`` is where pawn *i* of colour *c* stands (see :mod:`engine.board` for the
numbers). Every invalid case of ``engine-cli.md`` is refused with an :class:`EngineError` that
names the problem; nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.board import PLAYER_COUNTS, Board, board
from engine.errors import EngineError
from engine.house_rules import HouseRules, parse_house_rules

PAWNS = 4


@dataclass(frozen=True)
class Position:
    board: Board
    locs: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    rules: HouseRules
    given_teams: Any = None  # written back exactly as given
    given_rules: Any = None

    @property
    def players(self) -> int:
        return self.board.players

    def team_of(self, seat: int) -> tuple[int, ...]:
        for team in self.teams:
            if seat in team:
                return team
        raise EngineError(f"seat {seat} is in no team")

    def colour_locs(self, colour: int) -> tuple[int, ...]:
        return self.locs[4 * colour: 4 * colour + 4]

    def all_home(self, colour: int) -> bool:
        b = self.board
        return all(b.track <= loc < b.nest for loc in self.colour_locs(colour))

    def with_locs(self, locs: tuple[int, ...]) -> "Position":
        return Position(self.board, locs, self.teams, self.rules, self.given_teams, self.given_rules)

    def to_json(self) -> dict[str, Any]:
        return position_json(self, self.locs)


def position_json(position: Position, locs) -> dict[str, Any]:
    """The spec's JSON for ``locs`` on ``position``'s board, each colour sorted as the spec says."""
    name = position.board.name
    out: dict[str, Any] = {
        "players": position.players,
        "pawns": [[name(loc) for loc in sorted(locs[4 * c: 4 * c + 4])] for c in range(position.players)],
    }
    if position.given_teams is not None:
        out["teams"] = position.given_teams
    if position.given_rules is not None:
        out["rules"] = position.given_rules
    return out


def _parse_teams(raw: Any, b: Board) -> tuple[tuple[int, ...], ...]:
    if raw is None:
        return b.default_teams()
    if not isinstance(raw, list) or not all(isinstance(t, list) and t for t in raw):
        raise EngineError("teams must be a list of non-empty lists of seats")
    seen: list[int] = []
    for team in raw:
        for seat in team:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < b.players:
                raise EngineError(f"teams: {seat!r} is not a seat (0 … {b.players - 1})")
            if seat in seen:
                raise EngineError(f"teams: seat {seat} is in more than one team")
            seen.append(seat)
    missing = sorted(set(range(b.players)) - set(seen))
    if missing:
        raise EngineError(f"teams: seat {', '.join(map(str, missing))} is in no team")
    return tuple(tuple(team) for team in raw)


def parse_position(raw: Any) -> Position:
    """A position from the spec's JSON (already decoded)."""
    if not isinstance(raw, dict):
        raise EngineError("a position must be a JSON object")
    unknown = set(raw) - {"players", "pawns", "teams", "rules"}
    if unknown:
        raise EngineError(f"unknown position field “{sorted(unknown)[0]}”")
    players = raw.get("players")
    if players not in PLAYER_COUNTS or isinstance(players, bool):
        raise EngineError(f"players must be 2, 4, 6 or 8, not {players!r}")
    b = board(players)
    pawns = raw.get("pawns")
    if not isinstance(pawns, list) or len(pawns) != players:
        raise EngineError(f"pawns must be a list of {players} lists, one per seat")
    locs: list[int] = []
    track_owner: dict[int, int] = {}
    for colour, row in enumerate(pawns):
        if not isinstance(row, list) or len(row) != PAWNS:
            count = len(row) if isinstance(row, list) else "no list of"
            raise EngineError(f"seat {colour} has {count} pawns; every seat has exactly 4")
        homes: set[int] = set()
        for text in row:
            if not isinstance(text, str):
                raise EngineError(f"seat {colour}: {text!r} is not a location")
            try:
                loc = b.parse(text)
            except ValueError as error:
                raise EngineError(f"seat {colour}: {error}") from None
            if loc < b.track:
                if loc in track_owner:
                    raise EngineError(f"two pawns on track hole {text} (seats {track_owner[loc]} and {colour})")
                track_owner[loc] = colour
            elif loc < b.nest:
                if loc in homes:
                    raise EngineError(f"seat {colour} has two pawns on home hole {text}")
                homes.add(loc)
            locs.append(loc)
    teams = _parse_teams(raw.get("teams"), b)
    rules = parse_house_rules(raw.get("rules"))
    return Position(b, tuple(locs), teams, rules, raw.get("teams"), raw.get("rules"))
