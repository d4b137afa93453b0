"""Property tests over simulated games: the engine's answers hold together in any reachable position."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from engine.api import check, moves
from engine.code import from_code, to_code
from engine.game import Game, simulate
from engine.house_rules import HouseRules
from engine.notation import CARDS
from engine.position import parse_position

REASONS = {
    "not-own-pawn", "wrong-card", "nest-empty", "start-occupied", "blocked-start", "overshoots-home",
    "passes-home-pawn", "home-backward", "pawn-in-nest", "pawn-in-home", "swap-protected",
    "swap-same-colour", "swap-partner", "seven-incomplete", "seven-too-many-pawns",
    "remainder-to-partner", "own-home-entrance", "no-pawn-there", "wrong-steps", "seven-same-pawn",
}

rules_strategy = st.builds(
    HouseRules,
    jack_partner=st.booleans(), jack_own_start=st.booleans(),
    self_capture=st.sampled_from(["forced", "optional"]), home_entry=st.sampled_from(["forced", "optional"]),
    seven_partner_remainder=st.booleans(), seven_max_pawns=st.integers(1, 3),
)


def position_after(players: int, seed: int, turns: int, rules: HouseRules):
    game = Game(players=players, seed=seed, rules=rules, max_turns=turns)
    game.play()
    return game.position


def assert_well_formed(data: dict) -> None:
    seen = set()
    for colour, pawns in enumerate(data["pawns"]):
        assert len(pawns) == 4
        for hole in pawns:
            if hole != "n":
                key = hole if hole.startswith("t") else (colour, hole)
                assert key not in seen, f"two pawns on {hole}"
                seen.add(key)
    parse_position(data)  # and the engine accepts it


def mutations(move: str):
    """The move with one hole number changed by one, each way."""
    for match in re.finditer(r"([th])(\d+)", move):
        for delta in (-1, 1):
            value = int(match.group(2)) + delta
            if value >= 0:
                yield move[:match.start(2)] + str(value) + move[match.end(2):]


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 4, 6]), seed=st.integers(0, 10_000), turns=st.integers(0, 400),
       rules=rules_strategy, card=st.sampled_from(CARDS), seat_pick=st.integers(0, 7))
def test_listed_moves_are_legal_and_well_formed(players, seed, turns, rules, card, seat_pick):
    position = position_after(players, seed, turns, rules)
    data = position.to_json()
    assert_well_formed(data)
    seat = seat_pick % players
    listed = moves(data, seat, card)["moves"]
    texts = [m["move"] for m in listed]
    assert len(texts) == len(set(texts)), "every move once"
    for entry in listed:
        assert check(data, seat, card, entry["move"]) == {"legal": True}, entry["move"]
        assert_well_formed(entry["result"])
        for changed in mutations(entry["move"]):
            try:
                verdict = check(data, seat, card, changed)
            except ValueError:
                continue  # the change made a hole that does not exist
            assert verdict["legal"] is False and verdict["reason"] in REASONS or changed in texts, changed


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 4, 6, 8]), seed=st.integers(0, 10_000))
def test_same_seed_same_game_and_a_finished_game_has_a_team_home(players, seed):
    game = Game(players=players, seed=seed)
    first = game.play()
    assert first.as_json() == simulate(players, seed=seed).as_json()
    assert first.winner is not None and first.turns == len(first.moves)
    for seat in first.winner:
        assert game.position.all_home(seat)
        assert first.arrivals.count(seat) == 4
    assert_well_formed(game.position.to_json())


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 4, 6, 8]), seed=st.integers(0, 10_000), turns=st.integers(0, 300),
       rules=rules_strategy)
def test_position_code_round_trips(players, seed, turns, rules):
    position = position_after(players, seed, turns, rules)
    code = to_code(position)
    assert to_code(from_code(code)) == code
    assert from_code(code).to_json() == position.to_json()
