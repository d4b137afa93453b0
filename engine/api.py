"""The engine's questions as plain functions — what ``python -m engine`` and the dispute desk call.

:func:`answer` takes one question in the ``batch`` format of ``engine-cli.md`` and returns
exactly the object the command line prints.
"""

from __future__ import annotations

from typing import Any

from engine.errors import EngineError
from engine.explain import explain
from engine.judge import Verdict, judge
from engine.notation import move_text, parse_card, parse_move
from engine.position import Position, parse_position, position_json
from engine.rules import captures_own, legal_moves

__all__ = ["EngineError", "answer", "moves", "check", "can_fold", "playable_cards"]


def _seat(position: Position, seat: Any) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < position.players:
        raise EngineError(f"seat must be a whole number from 0 to {position.players - 1}, not {seat!r}")
    return seat


def _position(raw: Any) -> Position:
    return raw if isinstance(raw, Position) else parse_position(raw)


def moves(position: Any, seat: Any, card: Any) -> dict[str, Any]:
    position = _position(position)
    seat = _seat(position, seat)
    card = parse_card(card)
    b = position.board
    listed = sorted(legal_moves(position, seat, card), key=lambda move: move[0])  # by colour and hole
    return {"moves": [
        {"move": move_text(b, card, parts), "result": position_json(position, locs)}
        for parts, locs in listed
    ]}


def check(position: Any, seat: Any, card: Any, move: Any) -> dict[str, Any]:
    position = _position(position)
    seat = _seat(position, seat)
    card = parse_card(card)
    move_card, parts = parse_move(move, position.board)
    if move_card != card:  # the claim plays another card than the one asked about
        verdict = Verdict("wrong-card", "R8", {"card": card, "wanted": "written-card", "written": move_card})
    else:
        verdict = judge(position, seat, card, parts)
    if verdict is None:
        return {"legal": True}
    return {"legal": False, "reason": verdict.reason, "rule": verdict.rule,
            "explanation": explain(verdict, "en"), "explanation_nl": explain(verdict, "nl")}


def answer(question: Any) -> dict[str, Any]:
    """One ``batch`` question answered; raises EngineError for bad input."""
    if not isinstance(question, dict):
        raise EngineError("a question must be a JSON object")
    command = question.get("command")
    if command == "moves":
        return moves(question.get("position"), question.get("seat"), question.get("card"))
    if command == "check":
        if "move" not in question:
            raise EngineError("a check question needs a move")
        return check(question.get("position"), question.get("seat"), question.get("card"), question["move"])
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
