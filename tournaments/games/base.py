"""What every game tells the tournament core about its score sheets (:class:`GamePlugin`), and
what scoring a sheet needs to know of its tournament (:class:`Scoring`).

A sheet is stored seat-indexed (``Result.sheet``): side 0 is the first side on the sheet, the
one that deals first. The tournament file writes a team tournament's sheets keyed by team id and an
individual tournament's by pair index; :meth:`GamePlugin.to_file` and :meth:`GamePlugin.from_file`
convert (``keys``: the seated sides' ids in sheet order, or their indices).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.points import DEFAULT_PAWN_ORDER_POINTS, TableScore
from tournaments.numbers import whole_or


@dataclass(frozen=True)
class Scoring:
    """What scoring a sheet needs of its tournament: the system, pawn-order's points list, the
    deals of a Klaverjassen round and the game's house-rule flags. Equal setups score a sheet
    alike, so it is also the key under which a scored sheet is remembered."""

    system: str
    points_list: tuple[int, ...] = DEFAULT_PAWN_ORDER_POINTS
    deals: int = 16
    rules: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, tournament: Any) -> Scoring:
        """The setup of a tournament (or of anything with its fields, such as a file being read)."""
        rules = getattr(tournament, "game_rules", None)
        # Only flags of plain values count (what the game's rules read); anything else in the JSON
        # (typed in the admin) is no flag, and must not stop the standings.
        flags = tuple(sorted((str(key), value) for key, value in rules.items()
                             if isinstance(value, (bool, int, str)))) if isinstance(rules, dict) else ()
        return cls(tournament.scoring_system, tuple(tournament.points_list), int(tournament.deals), flags)

    @property
    def game(self) -> GamePlugin:
        from tournaments.games import game_of

        return game_of(self.system)


@dataclass(frozen=True)
class Unfinished:
    """What the score-entry form asks of a sheet that cannot be a finished game yet: before the
    round's clock starts, while it runs, and the short note of the live preview."""

    waiting: str
    running: str
    note: str


class GamePlugin:
    """One game's answers. Subclasses set :attr:`game` and :attr:`result_fields` and implement
    every method; the core never asks which game it is."""

    game: str = ""
    result_fields: tuple[str, ...] = ()
    """The keys a stored sheet and the tournament file's table may hold, ``forfeit`` included."""
    sides_per_table: tuple[int, ...] = (2,)
    """How many sides a table of this game may seat."""

    def check(self, scoring: Scoring, names: list[str], data: dict[str, Any]) -> list[str]:
        """Every problem with a stored sheet, as messages for people naming the sides by ``names``."""
        raise NotImplementedError

    def scores(self, scoring: Scoring, seat_count: int, data: dict[str, Any]) -> list[TableScore]:
        """Each side's points for a valid stored sheet, in sheet order."""
        raise NotImplementedError

    def to_file(self, keys: list[Any], sheet: dict[str, Any]) -> dict[str, Any]:
        """The file's result fields of a stored sheet, sides named by ``keys``."""
        raise NotImplementedError

    def from_file(self, keys: list[Any], entry: dict[str, Any]) -> dict[str, Any]:
        """The stored sheet of the file's result fields (checked already: :meth:`file_problems`)."""
        raise NotImplementedError

    def file_problems(self, scoring: Scoring, keys: list[Any], entry: dict[str, Any],
                      by_index: bool = False) -> list[str]:
        """What cannot be in the file's result fields, naming the sides by ``keys``; ``by_index``:
        the fields name sides by index (an individual file), else by team id."""
        raise NotImplementedError

    def read_entry(self, scoring: Scoring, names: list[str], players: list[list[str]],
                   fields: Any) -> tuple[dict[str, Any], list[str]]:
        """The stored sheet of the score-entry form's ``fields`` (the desk, the table's phone) and
        the typing errors; the form's fields are the template ``tournaments/sheets/_fields_<system>.html``."""
        raise NotImplementedError

    def sheet_fields(self, sheet: dict[str, Any]) -> dict[str, str]:
        """The form's fields holding a stored sheet (a correction starts from them), the forfeit aside."""
        raise NotImplementedError

    def unfinished(self, scoring: Scoring, sheet: dict[str, Any], points: list[TableScore]) -> Unfinished | None:
        """What to ask before saving a valid sheet that cannot be a finished game; None when it can be one."""
        raise NotImplementedError

    def file_rules(self, tournament: Any) -> dict[str, Any]:
        """The tournament's house-rule flags as the file's ``rules`` writes them."""
        raise NotImplementedError

    def rules_in_words(self, tournament: Any) -> list[str]:
        """The tournament's house rules of this game, one short sentence each, as players read them
        on the table cards."""
        raise NotImplementedError

    def as_written(self, scoring: Scoring, keys: list[str], sheet: dict[str, Any]) -> str:
        """A stored sheet in a few words, sides named by ``keys`` (the standings workbook's "sheet"
        column: what the paper says)."""
        raise NotImplementedError

    def random_sheet(self, scoring: Scoring, seats: int, rng: random.Random, stopped: bool | None = None) -> dict[str, Any]:
        """A random but valid stored sheet for ``seats`` sides, drawn from ``rng`` alone (the same
        seed gives the same sheets): practice runs and the demo. ``stopped``: the round's clock
        stopped the game before its end (None: now and then, as on the day)."""
        raise NotImplementedError

    def practice_notes(self) -> tuple[str, str]:
        """What a practice run writes as the desk's reason for a correction, and as the other
        team's reason for a dispute, in the game's words."""
        raise NotImplementedError

    def written(self, data: dict[str, Any]) -> bool:
        """Whether a stored sheet holds a result (a scheduled table's sheet holds none)."""
        return any(data.get(key) is not None for key in self.result_fields)


def read_forfeit(fields: Any, sides: int) -> tuple[dict[str, Any], list[str]] | None:
    """The form's absent side (every game's form has it), or None when both sides played."""
    forfeit = (fields.get("forfeit") or "").strip()
    if not forfeit:
        return None
    if whole_or(forfeit, None, 1, sides) is None:
        return {}, [_("Choose the absent team.")]
    return {"forfeit": int(forfeit) - 1}, []
