"""Cards and the move notation of ``engine-cli.md``: ``5 0:t62>h4``, ``7 0:t3>t6,0:t40>t44``,
``J 0:t5<>1:t33``.

A move is ``(card, parts)``. A part is ``(MOVE, colour, from, to)`` or
``(SWAP, colour, loc, other_colour, other_loc)`` with locations as in :mod:`engine.board`.
Parsing is strict (one space after the card, no spaces inside) and only checks the form; the
rules are judged by :mod:`engine.rules`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.board import Board
from engine.errors import EngineError

CARDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Forward steps of the cards that move forward (the ace's alternative to placing included).
FORWARD_STEPS = {"A": 1, "2": 2, "3": 3, "5": 5, "6": 6, "8": 8, "9": 9, "10": 10, "Q": 12}
PLACING = frozenset({"A", "K"})

MOVE, SWAP = 0, 1

_LOC = r"(n|t\d+|h\d+)"
_PART = re.compile(rf"(\d):{_LOC}(>|<>)(?:(\d):)?{_LOC}\Z")
_CARD_TEXT = "A 2 3 4 5 6 7 8 9 10 J Q K"


def parse_card(text: object) -> str:
    if text not in CARDS:
        raise EngineError(f"unknown card {text!r}; cards are {_CARD_TEXT}")
    return text  # type: ignore[return-value]


def parse_move(text: object, b: Board) -> tuple[str, tuple]:
    """``(card, parts)`` from the notation; raises EngineError naming what does not parse.

    A text that parses is remembered per board (the answer is a tuple of tuples, never changed),
    so a claim asked about again — ``python -m engine batch`` — is not parsed again.
    """
    if type(text) is str:
        return _parse_remembered(text, b)
    return _parse_move(text, b)


@lru_cache(maxsize=8192)
def _parse_remembered(text: str, b: Board) -> tuple[str, tuple]:
    return _parse_move(text, b)  # an EngineError is raised again each time, never remembered


def _parse_move(text: object, b: Board) -> tuple[str, tuple]:
    if not isinstance(text, str):
        raise EngineError("a move must be text such as \"5 0:t62>h4\"")
    card, space, rest = text.partition(" ")
    if not space:
        raise EngineError(f"move “{text}”: write the card, one space, then the parts (e.g. \"5 0:t62>h4\")")
    if card not in CARDS:
        raise EngineError(f"move “{text}”: unknown card “{card}”; cards are {_CARD_TEXT}")
    if not rest or rest != rest.strip() or " " in rest:
        raise EngineError(f"move “{text}”: no spaces inside the parts, exactly one after the card")
    parts = []
    for chunk in rest.split(","):
        match = _PART.match(chunk)
        if not match:
            raise EngineError(f"move “{text}”: part “{chunk}” is not colour:from>to or colour:hole<>colour:hole")
        colour, a, arrow, colour2, c = match.groups()
        colour = int(colour)
        if colour >= b.players:
            raise EngineError(f"move “{text}”: there is no colour {colour} with {b.players} players")
        try:
            loc_a, loc_c = b.parse(a), b.parse(c)
        except ValueError as error:
            raise EngineError(f"move “{text}”: {error}") from None
        if arrow == ">":
            if colour2 is not None:
                raise EngineError(f"move “{text}”: part “{chunk}” names a colour after '>'")
            parts.append((MOVE, colour, loc_a, loc_c))
        else:
            if colour2 is None:
                raise EngineError(f"move “{text}”: a swap names both colours, as in 0:t5<>1:t33")
            colour2 = int(colour2)
            if colour2 >= b.players:
                raise EngineError(f"move “{text}”: there is no colour {colour2} with {b.players} players")
            parts.append((SWAP, colour, loc_a, colour2, loc_c))
    return card, tuple(parts)


def move_text(b: Board, card: str, parts: tuple) -> str:
    name = b.name
    out = []
    for part in parts:
        if part[0] == MOVE:
            out.append(f"{part[1]}:{name(part[2])}>{name(part[3])}")
        else:
            out.append(f"{part[1]}:{name(part[2])}<>{part[3]}:{name(part[4])}")
    return f"{card} {','.join(out)}"
