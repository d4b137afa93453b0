"""The engine's questions as plain functions — what ``python -m engine`` and the dispute desk call.

:func:`answer` takes one question in the ``batch`` format of ``engine-cli.md`` and returns
exactly the object the command line prints.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from engine.errors import EngineError
from engine.explain import explain
from engine.judge import Verdict, judge
from engine.notation import move_text, parse_card, parse_move
from engine.position import Position, parse_position, position_json
from engine.rules import Table, captures_own, legal_moves

__all__ = ["EngineError", "answer", "moves", "check", "can_fold", "playable_cards", "dispatch", "listed_moves",
           "claim_verdict", "verdict_answer"]


def _seat(position: Position, seat: Any) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < position.players:
        raise EngineError(f"seat must be a whole number from 0 to {position.players - 1}, not {seat!r}")
    return seat


def _position(raw: Any) -> Position:
    return raw if isinstance(raw, Position) else parse_position(raw)


_BY_PARTS = itemgetter(0)  # a move's parts: by colour, then by the holes involved


def listed_moves(position: Any, seat: Any, card: Any, table: Table | None = None) -> tuple[Position, str, list[tuple]]:
    """``(position, card, moves)``: the checked question and its legal moves in the listed order.

    The checks and their order are those of :func:`moves` (position, seat, card), so the batch's
    own writer (:mod:`engine.batch`) raises exactly the same errors. ``table``: the occupancy of
    the position when the caller keeps one (see :func:`engine.rules.legal_moves`).
    """
    position = _position(position)
    seat = _seat(position, seat)
    card = parse_card(card)
    return position, card, sorted(legal_moves(position, seat, card, table=table), key=_BY_PARTS)


def moves(position: Any, seat: Any, card: Any) -> dict[str, Any]:
    position, card, listed = listed_moves(position, seat, card)
    b = position.board
    return {"moves": [
        {"move": move_text(b, card, parts), "result": position_json(position, locs)}
        for parts, locs in listed
    ]}


def check(position: Any, seat: Any, card: Any, move: Any, table: Table | None = None) -> dict[str, Any]:
    """``check``'s answer; ``table``: the position's occupancy when the caller keeps one."""
    return verdict_answer(claim_verdict(position, seat, card, move, table))


def claim_verdict(position: Any, seat: Any, card: Any, move: Any, table: Table | None = None) -> Verdict | None:
    """The verdict on a claimed move, None when it is legal; the checks of :func:`check`, in its order."""
    position = _position(position)
    seat = _seat(position, seat)
    card = parse_card(card)
    move_card, parts = parse_move(move, position.board)
    if move_card != card:  # the claim plays another card than the one asked about
        return Verdict("wrong-card", "R8", {"card": card, "wanted": "written-card", "written": move_card})
    return judge(position, seat, card, parts, table)


def verdict_answer(verdict: Verdict | None) -> dict[str, Any]:
    """``check``'s answer for a verdict: legal, or the reason, the rule and the sentences."""
    if verdict is None:
        return {"legal": True}
    return {"legal": False, "reason": verdict.reason, "rule": verdict.rule,
            "explanation": explain(verdict, "en"), "explanation_nl": explain(verdict, "nl")}


def answer(question: Any) -> dict[str, Any]:
    """One ``batch`` question answered; raises EngineError for bad input."""
    return dispatch(question, moves, check)


def dispatch(question: Any, on_moves: Callable[..., Any], on_check: Callable[..., Any]) -> Any:
    """The checks of a question's form, in :func:`answer`'s order, then ``on_moves(position, seat,
    card)`` or ``on_check(position, seat, card, move)`` with the question's fields as given.

    :func:`answer` passes :func:`moves` and :func:`check`; ``python -m engine batch`` passes its
    writers of the answer text, so both refuse a question with the same message.
    """
    if not isinstance(question, dict):
        raise EngineError("a question must be a JSON object")
    command = question.get("command")
    if command == "moves":
        return on_moves(question.get("position"), question.get("seat"), question.get("card"))
    if command == "check":
        if "move" not in question:
            raise EngineError("a check question needs a move")
        return on_check(question.get("position"), question.get("seat"), question.get("card"), question["move"])
    raise EngineError(f"command must be \"moves\" or \"check\", not {command!r}")


def playable_cards(position: Any, seat: Any, hand: list[str]) -> list[str]:
    """The cards of the hand that have at least one legal move (R17)."""
    position = _position(position)
    seat = _seat(position, seat)
    return [card for card in hand if legal_moves(position, seat, parse_card(card))]


def can_fold(position: Any, seat: Any, hand: list[str]) -> bool:
    """Whether the player may fold (R17, R18): no card can be played, or — with
    ``self_capture: "optional"`` — every legal move captures a pawn of the player's team."""
    position = _position(position)
    seat = _seat(position, seat)
    every = [locs for card in hand for _parts, locs in legal_moves(position, seat, parse_card(card))]
    if not every:
        return True
    if position.rules.self_capture == "optional":
        return all(captures_own(position, seat, position.locs, locs) for locs in every)
    return False
