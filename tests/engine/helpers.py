"""Small helpers for the rules tests: compact positions and thin wrappers round `engine.api`.

`engine.api` is imported inside the functions, never at module level, so the tests still collect
while the engine is missing or half written.
"""

from __future__ import annotations

CARDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
HOME = ["h1", "h2", "h3", "h4"]


def _api():
    from engine import api

    return api


def engine_error() -> type[Exception]:
    """The engine's error class (a ValueError), looked up when a test runs."""
    from engine.api import EngineError

    return EngineError


def _order(location: str) -> tuple[int, int]:
    """Result order of engine-cli.md: track holes ascending, then home holes ascending, then nests."""
    if location.startswith("t"):
        return (0, int(location[1:]))
    if location.startswith("h"):
        return (1, int(location[1:]))
    return (2, 0)


def board(players: int = 4, pawns: dict[int, list[str]] | None = None) -> list[list[str]]:
    """The `pawns` list of a position: the given pawns per seat, the rest in the nest, in result order."""
    pawns = pawns or {}
    assert set(pawns) <= set(range(players)), "pawns given for a seat that does not exist"
    seats = []
    for seat in range(players):
        given = list(pawns.get(seat, []))
        assert len(given) <= 4, f"seat {seat}: more than 4 pawns"
        seats.append(sorted(given + ["n"] * (4 - len(given)), key=_order))
    return seats


def pos(players: int = 4, pawns: dict[int, list[str]] | None = None, rules: dict | None = None,
        teams: list[list[int]] | None = None) -> dict:
    """A position dict; `rules` and `teams` only appear when given (they are carried over as given)."""
    position: dict = {"players": players, "pawns": board(players, pawns)}
    if teams is not None:
        position["teams"] = [list(team) for team in teams]
    if rules is not None:
        position["rules"] = dict(rules)
    return position


def moves(position: dict, seat: int, card: str) -> list[dict]:
    return _api().answer({"command": "moves", "position": position, "seat": seat, "card": card})["moves"]


def move_texts(position: dict, seat: int, card: str) -> set[str]:
    """The set of listed move texts; also asserts that no move is listed twice."""
    listed = [entry["move"] for entry in moves(position, seat, card)]
    assert len(listed) == len(set(listed)), f"a move is listed more than once: {listed}"
    return set(listed)


def unordered(texts) -> set[tuple[str, frozenset[str]]]:
    """Move texts with the order of their parts forgotten (to compare the splits of a 7)."""
    out = set()
    for text in texts:
        card, parts = text.split(" ", 1)
        out.add((card, frozenset(parts.split(","))))
    return out


def check(position: dict, seat: int, card: str, move: str) -> dict:
    return _api().answer({"command": "check", "position": position, "seat": seat, "card": card, "move": move})


def result_of(position: dict, seat: int, card: str, move: str) -> dict:
    """The result position of a listed move; fails the test when the move is not listed."""
    listed = moves(position, seat, card)
    for entry in listed:
        if entry["move"] == move:
            return entry["result"]
    raise AssertionError(f"{move!r} is not listed; listed: {sorted(entry['move'] for entry in listed)}")


def pawns_after(position: dict, seat: int, card: str, move: str) -> list[list[str]]:
    return result_of(position, seat, card, move)["pawns"]


def assert_legal(position: dict, seat: int, card: str, move: str) -> None:
    """`check` accepts the move and `moves` lists it."""
    answer = check(position, seat, card, move)
    assert answer.get("legal") is True, f"{move!r} refused: {answer}"
    assert move in move_texts(position, seat, card)


def assert_refused(position: dict, seat: int, card: str, move: str, reason: str | None = None) -> None:
    """`check` refuses the move (with `reason` when given) and `moves` does not list it."""
    answer = check(position, seat, card, move)
    assert answer.get("legal") is False, f"{move!r} accepted, should be refused"
    if reason is not None:
        assert answer.get("reason") == reason, f"{move!r}: reason {answer.get('reason')!r}, expected {reason!r}"
    assert move not in move_texts(position, seat, card)


def can_fold(position: dict, seat: int, hand: list[str]) -> bool:
    return _api().can_fold(position, seat, hand)
