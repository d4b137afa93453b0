"""Reading a score sheet as typed at the results desk (or on a phone at the table) into the stored,
seat-indexed form: the one reading of the score-entry form (templates/tournaments/sheets/).

Typing is made for speed: ``pawn-order`` is one key per pawn in arrival order — the team's letter
(A, B, C) or its place (1, 2, 3); ``pawns-2pt`` is one number per team; ``individual-11`` is the
home holes of each player as digits (``4321``). Every problem is collected, then the scoring
rules of ``scoring.md`` check the sheet as a whole.

A valid sheet that cannot be a finished game — no team has all its pawns home, no forfeit, and the
round's clock has not run out — is not refused but questioned: :func:`evaluate` answers with a
:class:`Question` among the problems until the form says "save anyway" (:data:`CONFIRM_UNFINISHED`).
Both forms that save sheets (the desk and the table's phone) read the sheet here, so both ask.
A correction opens with the current sheet in the form (:func:`sheet_fields`, the reverse of
:func:`read_entry`).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils.translation import gettext as _

import scoring
from tournaments.games import Scoring
from tournaments.models import RoundStatus, Table
from tournaments.numbers import whole_or
from tournaments.services.clock import ClockState, clock
from tournaments.services.results import check_sheet, table_scores
from tournaments.services.seating import LETTERS, sides

CONFIRM_UNFINISHED = "unfinished_ok"  # the form's "yes, the game is over: save anyway"


class Question(str):
    """A message that asks rather than refuses: the sheet is saved once the form confirms it.
    ``note`` is the short form the live preview shows while the sheet is typed."""

    asks = True

    def __new__(cls, text: str, note: str = "") -> "Question":
        question = super().__new__(cls, text)
        question.note = note or text
        return question


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


def sheet_fields(table: Table, sheet: dict[str, Any]) -> dict[str, str]:
    """The form's fields holding a stored (seat-indexed) sheet: what a correction starts from."""
    fields: dict[str, str] = {}
    if sheet.get("forfeit") is not None:
        fields["forfeit"] = str(sheet["forfeit"] + 1)
    if sheet.get("arrivals") is not None:
        fields["arrivals"] = "".join(LETTERS[seat] for seat in sheet["arrivals"])
    for index, count in enumerate(sheet.get("pawns_home") or ()):
        fields[f"pawns_{index}"] = str(count)
    for index, players in enumerate(sheet.get("home") or ()):
        for player_index, holes in enumerate(players):
            fields[f"home_{index}_{player_index}"] = "".join(str(hole) for hole in holes)
    if sheet.get("stopped_by_clock"):
        fields["stopped_by_clock"] = "1"
    return fields


def unfinished_question(table: Table, points: list, now: datetime.datetime | None = None) -> Question | None:
    """The question to ask before saving a valid sheet that cannot be a finished game: no team won
    (all 8 pawns home, or the other team absent) while the round's clock has not run out. None when
    the sheet can be a finished game (scoring.md: a game without a winner ends by the clock)."""
    round_ = table.round
    if any(score.won for score in points) or round_.status == RoundStatus.FINISHED:
        return None
    state = clock(round_, now).state
    if state == ClockState.TIME_UP:
        return None
    if state == ClockState.WAITING:
        text = _("No team has all 8 pawns home and the round's clock has not been started. Is the game really over?")
    else:
        text = _("No team has all 8 pawns home and the clock is still running. Is the game really over?")
    return Question(text, _("No team has all 8 pawns home yet: saving asks whether the game is really over."))


def evaluate(table: Table, fields, now: datetime.datetime | None = None) -> tuple[dict[str, Any], list[str], list | None]:
    """The sheet typed in ``fields``, every problem with it, and the points per side when the sheet
    is valid. A sheet that cannot be a finished game (:func:`unfinished_question`) comes back with
    its points and the :class:`Question` as its one problem, until ``fields`` confirm it."""
    setup = Scoring.of(table.round.tournament)
    found = sides(table)
    names = [side.name for side in found]
    data, errors = setup.game.read_entry(setup.system, names, [side.player_names for side in found], fields)
    if not errors:
        errors = check_sheet(setup, names, data)
    points = None
    if not errors:
        points = table_scores(table, data)
        question = None if fields.get(CONFIRM_UNFINISHED) else unfinished_question(table, points, now)
        if question is not None:
            errors = [question]
    return data, errors, points
