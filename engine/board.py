"""Board geometry and the precomputed paths every move is checked against.

Locations are small integers so that a position is a flat tuple and a move is a few lookups:
track hole K is ``K`` (0 … 16P−1), home hole J of the pawn's own colour is ``16P + J − 1``,
and the nest is ``16P + 4``. Sorting a colour's locations therefore lists track holes, then home
holes, then nests — the order the spec writes result positions in.

For every colour, track hole and step count the board knows the path a forward move takes, with
home entry forced (into the home at the hole before the start) and, separately, straight on
round the track (the ``home_entry: "optional"`` alternative). Each path is stored as the bit mask
of track holes it passes, the bit mask of home holes it passes, and where it ends, so a move is
legal when two masks miss the blocked holes — no walking at question time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

PLAYER_COUNTS = (2, 4, 6, 8)
HOLES_PER_SEAT = 16
MAX_STEPS = 13  # no card moves further than 12; 7 parts stay below that too

COLOUR_NAMES = {
    "en": ["red", "blue", "yellow", "green", "white", "black", "orange", "purple"],
    "nl": ["rood", "blauw", "geel", "groen", "wit", "zwart", "oranje", "paars"],
}


@dataclass(frozen=True)
class Path:
    """Where a forward or backward move of a number of steps ends, and what it passes on the way."""

    dest: int  # a location; -1 when the move cannot end anywhere (beyond h4)
    track_mask: int  # track holes passed before the destination
    home_mask: int  # bits 0..3: home holes h1..h4 passed before the destination
    passes_entrance: bool  # goes on past the own home entrance along the track


class Board:
    """The geometry of a board for ``players`` seats."""

    def __init__(self, players: int):
        self.players = players
        self.track = HOLES_PER_SEAT * players
        self.home0 = self.track  # location of h1
        self.nest = self.track + 4
        self.starts = tuple(HOLES_PER_SEAT * s for s in range(players))
        self.entrances = tuple((HOLES_PER_SEAT * s - 1) % self.track for s in range(players))
        # forced[c][loc][k]: the path into the home; around[c][loc][k]: straight on round the track.
        self.forced = [[[None] * (MAX_STEPS + 1) for _ in range(self.track + 4)] for _ in range(players)]
        self.around = [[[None] * (MAX_STEPS + 1) for _ in range(self.track)] for _ in range(players)]
        self.back4 = [self._backward(p, 4) for p in range(self.track)]
        for c in range(players):
            for loc in range(self.track + 4):
                for k in range(1, MAX_STEPS + 1):
                    self.forced[c][loc][k] = self._forward(c, loc, k)
                    if loc < self.track:
                        self.around[c][loc][k] = self._around(c, loc, k)

    def default_teams(self) -> tuple[tuple[int, ...], ...]:
        if self.players == 2:
            return ((0,), (1,))
        half = self.players // 2
        return tuple((s, s + half) for s in range(half))

    def is_track(self, loc: int) -> bool:
        return loc < self.track

    def is_home(self, loc: int) -> bool:
        return self.track <= loc < self.nest

    def name(self, loc: int) -> str:
        """The spec's text for a location: ``tK``, ``hJ`` or ``n``."""
        if loc < self.track:
            return f"t{loc}"
        if loc < self.nest:
            return f"h{loc - self.track + 1}"
        return "n"

    def parse(self, text: str) -> int:
        """A location from its text; raises ValueError naming what is wrong."""
        if text == "n":
            return self.nest
        kind, digits = text[:1], text[1:]
        if kind not in ("t", "h") or not digits.isdigit() or (len(digits) > 1 and digits[0] == "0"):
            raise ValueError(f"“{text}” is not a location (n, t0 … t{self.track - 1} or h1 … h4)")
        value = int(digits)
        if kind == "t":
            if value >= self.track:
                raise ValueError(f"track hole “{text}” does not exist with {self.players} players (t0 … t{self.track - 1})")
            return value
        if not 1 <= value <= 4:
            raise ValueError(f"home hole “{text}” does not exist (h1 … h4)")
        return self.track + value - 1

    # --- path construction (once per board) ---------------------------------------------------

    def _forward(self, colour: int, loc: int, k: int) -> Path:
        track_mask = home_mask = 0
        entrance = self.entrances[colour]
        for step in range(k):
            last = step == k - 1
            if loc >= self.track:  # inside the home
                loc += 1
                if loc >= self.nest:
                    return Path(-1, track_mask, home_mask, False)
            elif loc == entrance:
                loc = self.home0
            else:
                loc = (loc + 1) % self.track
            if not last:
                if loc >= self.track:
                    home_mask |= 1 << (loc - self.track)
                else:
                    track_mask |= 1 << loc
        return Path(loc, track_mask, home_mask, False)

    def _around(self, colour: int, loc: int, k: int) -> Path:
        track_mask = 0
        entrance = self.entrances[colour]
        passes = False
        for step in range(k):
            if loc == entrance:
                passes = True
            loc = (loc + 1) % self.track
            if step != k - 1:
                track_mask |= 1 << loc
        return Path(loc, track_mask, 0, passes)

    def _backward(self, loc: int, k: int) -> Path:
        track_mask = 0
        for step in range(k):
            loc = (loc - 1) % self.track
            if step != k - 1:
                track_mask |= 1 << loc
        return Path(loc, track_mask, 0, False)


@lru_cache(maxsize=None)
def board(players: int) -> Board:
    """The shared, precomputed board for a player count."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 2, 4, 6 or 8, not {players}")
    return Board(players)
