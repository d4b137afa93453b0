"""Reading a score sheet as typed at the results desk (or on a phone at the table) into the stored,
seat-indexed form: the one reading of the score-entry form (templates/tournaments/sheets/).

Typing is made for speed: ``pawn-order`` is one key per pawn in arrival order — the team's letter
(A, B, C) or its place (1, 2, 3); ``pawns-2pt`` is one number per team; ``individual-11`` is the
home holes of each player as digits (``4321``). Every problem is collected, then the scoring
rules of ``scoring.md`` check the sheet as a whole.
"""

from __future__ import annotations

import string
from typing import Any

from django.utils.translation import gettext as _

import scoring
from tournaments.models import Table
from tournaments.numbers import whole_or
from tournaments.services.results import check_sheet, table_scores, team_names

LETTERS = string.ascii_uppercase[:3]


def seat_letter(index: int) -> str:
    return LETTERS[index]


def parse_arrivals(text: str, seats: int) -> tuple[list[int], list[str]]:
    seats_of = {LETTERS[i]: i for i in range(seats)} | {str(i + 1): i for i in range(seats)}
    arrivals, errors = [], []
    for char in text.upper():
        if char in " ,.-/":
            continue
        if char not in seats_of:
            errors.append(_("“%(char)s” is not a team: type %(letters)s (or %(digits)s) for each pawn home.")
                          % {"char": char, "letters": ", ".join(LETTERS[:seats]),
                             "digits": ", ".join(str(i + 1) for i in range(seats))})
            continue
        arrivals.append(seats_of[char])
    return arrivals, errors


def parse_count(text: str, team: str) -> tuple[int | None, list[str]]:
    text = (text or "").strip()
    if whole_or(text, None, 0, 8) is None:
        return None, [_("Pawns home for %(team)s must be a number from 0 to 8.") % {"team": team}]
    return int(text), []


def parse_holes(text: str, player: str) -> tuple[list[int], list[str]]:
    holes, errors = [], []
    for char in (text or "").strip():
        if char in " ,.-/h":
            continue
        if char not in "1234":
            errors.append(_("%(player)s: “%(char)s” is not a home hole (1 to 4).") % {"player": player, "char": char})
            continue
        holes.append(int(char))
    return holes, errors


def read_entry(system: str, teams: list[str], players: list[list[str]], fields: dict[str, str]) -> tuple[dict[str, Any], list[str]]:
    """The seat-indexed sheet of the desk's fields, and the typing errors (the sheet is checked later)."""
    errors: list[str] = []
    data: dict[str, Any] = {}
    forfeit = (fields.get("forfeit") or "").strip()
    if forfeit:
        if whole_or(forfeit, None, 1, len(teams)) is None:
            errors.append(_("Choose the absent team."))
        else:
            data["forfeit"] = int(forfeit) - 1
        return data, errors
    if system == scoring.PAWN_ORDER:
        data["arrivals"], errors = parse_arrivals(fields.get("arrivals", ""), len(teams))
    elif system == scoring.PAWNS_2PT:
        counts = []
        for index, team in enumerate(teams):
            count, problems = parse_count(fields.get(f"pawns_{index}", ""), team)
            counts.append(count)
            errors += problems
        data["pawns_home"] = counts
    else:
        home = []
        for index, team in enumerate(teams):
            per_player = []
            for player_index, player in enumerate(players[index]):
                holes, problems = parse_holes(fields.get(f"home_{index}_{player_index}", ""), player)
                per_player.append(holes)
                errors += problems
            home.append(per_player)
        data["home"] = home
    if fields.get("stopped_by_clock"):
        data["stopped_by_clock"] = True
    return data, errors


def sides(table: Table) -> list[dict]:
    """The table's teams as the desk and the table link show them: letter, place, team, players."""
    return [
        {"index": i, "letter": seat_letter(i), "position": seat.position, "team": seat.team,
         "players": seat.team.player_names}
        for i, seat in enumerate(table.seats.all())
    ]


def evaluate(table: Table, fields) -> tuple[dict[str, Any], list[str], list | None]:
    """The sheet typed in ``fields``, every problem with it, and the points per side when there is none."""
    system = table.round.tournament.scoring_system
    found = sides(table)
    data, errors = read_entry(system, [s["team"].name for s in found], [s["players"] for s in found], fields)
    if not errors:
        errors = check_sheet(system, team_names(table), data)
    points = None
    if not errors:
        points = table_scores(table, data)
    return data, errors, points
