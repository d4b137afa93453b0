"""How a table of the tournament file names its sides, for checking, writing and exporting alike.

A team tournament's table lists its ``teams`` (ids) and keys its result by them; an individual
tournament's table lists its ``pairs`` (each two player ids, drawn together for the round) and
writes its result as lists in pair order — the side-indexed shape the database stores — and names a
pair by its index (0, 1, 2) where a team file names a team by its id (``submitted_by``,
``confirmed_by``, a log entry's ``team``). See ``docs/tournament-file.md``.
"""

from __future__ import annotations

from typing import Any

from tournaments.games import GamePlugin
from tournaments.services.tournament_file.spec import RESULT_FIELDS


def seated(table: dict) -> list[tuple[int, int, str]]:
    """Every seat of a file's table: ``(position, member, id)`` — position 1.. on the sheet, member
    1 or 2 of a pair (a team is member 1)."""
    if "pairs" in table:
        return [(position, member, player) for position, pair in enumerate(table["pairs"], start=1)
                for member, player in enumerate(pair, start=1)]
    return [(position, 1, team) for position, team in enumerate(table["teams"], start=1)]


def side_keys(table: dict) -> list[str]:
    """A name per side, for the sheet's checks and their messages: the team ids, or "P1 & P5"."""
    if "pairs" in table:
        return [" & ".join(pair) for pair in table["pairs"]]
    return list(table["teams"])


def side_refs(table: dict) -> list[Any]:
    """How the file names each side where one acted (who submitted, who confirmed): a team's id,
    or a pair's index."""
    return list(range(len(table["pairs"]))) if "pairs" in table else list(table["teams"])


def indexed(sheet: dict[str, Any]) -> dict[str, Any]:
    """The result fields of a side-indexed sheet, as the database stores them and an individual
    file writes them (the same lists): absent fields and a false ``stopped_by_clock`` left out."""
    out = {key: sheet[key] for key in RESULT_FIELDS if sheet.get(key) is not None}
    if sheet.get("stopped_by_clock"):
        out["stopped_by_clock"] = True
    return out


def stored_sheet(table: dict, entry: dict[str, Any], game: GamePlugin) -> dict[str, Any]:
    """The sheet to store of a file's table or sheet version ``entry`` at ``table``, a sheet of ``game``."""
    return indexed(entry) if "pairs" in table else game.from_file(table["teams"], entry)


def players_of(entrant: dict, individual: bool) -> list[tuple[str, str | None]]:
    """``(name, person id or None)`` of each player of a file's entrant, in seat order: a team's two
    players (each a name, or ``{"name", "person"}``), or an individual file's player."""
    if individual:
        return [(entrant["name"].strip(), entrant.get("person"))]
    return [(player["name"].strip(), player.get("person")) if isinstance(player, dict) else (player.strip(), None)
            for player in entrant["players"]]
