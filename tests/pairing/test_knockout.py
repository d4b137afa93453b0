"""Knock-out finals (tournaments/pairing/knockout.py), with plain strings for teams: seeding in
bracket order, every place decided with play-offs, shared places without, a consolation bracket for
the next places, a level final decided by each rule, brackets that cannot be made refused."""

from __future__ import annotations

import pytest

from tournaments.pairing.knockout import (
    PAWNS_THEN_LOT,
    REPLAY,
    BracketError,
    Match,
    bracket_order,
    decide,
    first_stage,
    next_stage,
    places,
)

RANKED = [f"T{number}" for number in range(1, 13)]  # standings order


def play(stage, better=lambda match: match.first):
    """Every match won by the better seed (the first named), unless ``better`` says otherwise."""
    return [(match, better(match)) for match in stage]


def pairs(stage):
    return [(match.first, match.second, match.places) for match in stage]


def test_bracket_order_keeps_the_first_two_apart_until_the_final():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_eight_with_play_offs_decide_every_place():
    quarter = first_stage(RANKED, 8)
    assert pairs(quarter) == [("T1", "T8", (1, 8)), ("T4", "T5", (1, 8)), ("T2", "T7", (1, 8)), ("T3", "T6", (1, 8))]
    upsets = {("T4", "T5"): "T5"}  # T5 beats T4
    quarter_played = play(quarter, lambda match: upsets.get((match.first, match.second), match.first))
    semi = next_stage(quarter_played)
    assert pairs(semi) == [("T1", "T5", (1, 4)), ("T2", "T3", (1, 4)), ("T8", "T4", (5, 8)), ("T7", "T6", (5, 8))]
    semi_played = play(semi)
    finals = next_stage(semi_played)
    assert pairs(finals) == [("T1", "T2", (1, 2)), ("T5", "T3", (3, 4)), ("T8", "T7", (5, 6)), ("T4", "T6", (7, 8))]
    finals_played = play(finals, lambda match: match.second if match.places == (3, 4) else match.first)
    assert next_stage(finals_played) == []
    assert places([quarter_played, semi_played, finals_played]) == {
        "T1": 1, "T2": 2, "T3": 3, "T5": 4, "T8": 5, "T7": 6, "T4": 7, "T6": 8}


def test_four_without_play_offs_share_the_third_place():
    semi = first_stage(RANKED, 4)
    assert pairs(semi) == [("T1", "T4", (1, 4)), ("T2", "T3", (1, 4))]
    semi_played = play(semi)
    final = next_stage(semi_played, playoffs=False)
    assert pairs(final) == [("T1", "T2", (1, 2))]
    final_played = play(final, lambda match: match.second)
    assert places([semi_played, final_played], playoffs=False) == {"T4": 3, "T3": 3, "T2": 1, "T1": 2}


def test_four_with_the_match_for_third_place():
    semi_played = play(first_stage(RANKED, 4))
    finals = next_stage(semi_played)
    assert pairs(finals) == [("T1", "T2", (1, 2)), ("T4", "T3", (3, 4))]
    assert places([semi_played, play(finals)]) == {"T1": 1, "T2": 2, "T4": 3, "T3": 4}


def test_a_consolation_bracket_plays_for_the_next_places():
    consolation = first_stage(RANKED[8:], 4, first_place=9)
    assert pairs(consolation) == [("T9", "T12", (9, 12)), ("T10", "T11", (9, 12))]
    played = play(consolation)
    finals = next_stage(played)
    assert pairs(finals) == [("T9", "T10", (9, 10)), ("T12", "T11", (11, 12))]
    assert places([played, play(finals)]) == {"T9": 9, "T10": 10, "T12": 11, "T11": 12}


def test_a_final_of_two():
    final = first_stage(RANKED, 2)
    assert pairs(final) == [("T1", "T2", (1, 2))]
    assert places([play(final, lambda match: "T2")]) == {"T2": 1, "T1": 2}


@pytest.mark.parametrize("size, teams, message", [
    (8, 6, "a bracket of 8 needs 8 teams; the standings have 6"),
    (6, 12, "a bracket has 2, 4 or 8 teams, not 6"),
    (16, 20, "a bracket has 2, 4 or 8 teams, not 16"),
])
def test_a_bracket_that_cannot_be_is_refused(size, teams, message):
    with pytest.raises(BracketError, match=message):
        first_stage([f"T{number}" for number in range(1, teams + 1)], size)


def test_a_winner_who_did_not_play_is_refused():
    match = first_stage(RANKED, 2)[0]
    with pytest.raises(BracketError, match="did not play"):
        next_stage([(match, "T9")])


def test_a_level_final_by_each_rule():
    assert decide(26, 20, 8, 6, PAWNS_THEN_LOT, 7, "final") == 0  # not level: the points
    assert decide(20, 26, 6, 8, REPLAY, 7, "final") == 1
    assert decide(20, 20, 6, 7, PAWNS_THEN_LOT, 7, "final") == 1  # level: the pawns home
    assert decide(20, 20, 6, 6, REPLAY, 7, "final") is None  # level: played again
    lot = decide(20, 20, 6, 6, PAWNS_THEN_LOT, 7, "final")  # level twice: a lot from the seed
    assert lot in (0, 1) and all(decide(20, 20, 6, 6, PAWNS_THEN_LOT, 7, "final") == lot for _ in range(5))
    draws = {decide(20, 20, 6, 6, PAWNS_THEN_LOT, seed, "final") for seed in range(20)}
    assert draws == {0, 1}  # the seed decides, not always the same side
    with pytest.raises(BracketError, match="not 'coin'"):
        decide(20, 20, 6, 6, "coin", 7, "final")


def test_an_odd_number_of_matches_for_the_same_places_is_no_bracket():
    matches = [Match(f"T{2 * index}", f"T{2 * index + 1}", (1, 6)) for index in range(3)]
    with pytest.raises(BracketError, match="3 matches: not a bracket"):
        next_stage([(match, match.first) for match in matches])
