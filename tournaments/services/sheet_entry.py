"""Reading a score sheet as typed at the results desk (or on a phone at the table) into the stored,
seat-indexed form: the one reading of the score-entry form (templates/tournaments/sheets/). The
tournament's game reads its own fields (``GamePlugin.read_entry``, ``tournaments/games``); every
problem is collected, then the game's rules check the sheet as a whole.

A valid sheet that cannot be a finished game — the game says when (Keezen: no team has all its
pawns home and none is absent; Klaverjassen: deals are missing) — while the round's clock has not
run out is not refused but questioned: :func:`evaluate` answers with a :class:`Question` among the
problems until the form says "save anyway" (:data:`CONFIRM_UNFINISHED`). Both forms that save
sheets (the desk and the table's phone) read the sheet here, so both ask. A correction opens with
the current sheet in the form (:func:`sheet_fields`, the reverse of the reading).
"""

from __future__ import annotations

import datetime
from typing import Any

from tournaments.games import Scoring
from tournaments.models import RoundStatus, Table
from tournaments.services.clock import ClockState, clock
from tournaments.services.results import check_sheet, table_scores
from tournaments.services.seating import sides

CONFIRM_UNFINISHED = "unfinished_ok"  # the form's "yes, the game is over: save anyway"


class Question(str):
    """A message that asks rather than refuses: the sheet is saved once the form confirms it.
    ``note`` is the short form the live preview shows while the sheet is typed."""

    asks = True

    def __new__(cls, text: str, note: str = "") -> "Question":
        question = super().__new__(cls, text)
        question.note = note or text
        return question


def sheet_fields(table: Table, sheet: dict[str, Any]) -> dict[str, str]:
    """The form's fields holding a stored (seat-indexed) sheet: what a correction starts from."""
    fields = {"forfeit": str(sheet["forfeit"] + 1)} if sheet.get("forfeit") is not None else {}
    return {**fields, **table.round.tournament.plugin.sheet_fields(sheet)}


def unfinished_question(table: Table, data: dict[str, Any], points: list,
                        now: datetime.datetime | None = None) -> Question | None:
    """The question to ask before saving a valid sheet that cannot be a finished game (the game
    says when: Keezen, no team won; Klaverjassen, deals missing) while the round's clock has not
    run out. None when the sheet can be a finished game (scoring.md: a game without a winner ends
    by the clock)."""
    round_ = table.round
    setup = Scoring.of_round(round_)
    texts = setup.game.unfinished(setup, data, points)
    if texts is None or round_.status == RoundStatus.FINISHED:
        return None
    state = clock(round_, now).state
    if state == ClockState.TIME_UP:
        return None
    return Question(texts.waiting if state == ClockState.WAITING else texts.running, texts.note)


def evaluate(table: Table, fields, now: datetime.datetime | None = None) -> tuple[dict[str, Any], list[str], list | None]:
    """The sheet typed in ``fields``, every problem with it, and the points per side when the sheet
    is valid. A sheet that cannot be a finished game (:func:`unfinished_question`) comes back with
    its points and the :class:`Question` as its one problem, until ``fields`` confirm it."""
    setup = Scoring.of_round(table.round)
    found = sides(table)
    names = [side.name for side in found]
    data, errors = setup.game.read_entry(setup, names, [side.player_names for side in found], fields)
    if not errors:
        errors = check_sheet(setup, names, data)
    points = None
    if not errors:
        points = table_scores(table, data)
        question = None if fields.get(CONFIRM_UNFINISHED) else unfinished_question(table, data, points, now)
        if question is not None:
            errors = [question]
    return data, errors, points
