"""Scoring a deal: more than half, nat with roem on both sides, pit for either team, pit_bonus."""

from __future__ import annotations

import pytest

from klaverjas import DealScore, HouseRules, KlaverjasError, score_deal
from tests.klaverjas.helpers import ask


def deal(playing, a, b, roem_a=0, roem_b=0, pit=None, **rules) -> dict:
    question = {"cmd": "deal", "playing": playing, "points": {"A": a, "B": b}, "roem": {"A": roem_a, "B": roem_b},
                "pit": pit}
    if rules:
        question["rules"] = rules
    reply = ask(**question)
    assert set(reply) == {"id", "score", "nat", "pit"}, reply
    return reply


def test_more_than_half_each_team_scores_its_own():
    assert deal("A", 82, 80) == {"id": 1, "score": {"A": 82, "B": 80}, "nat": False, "pit": None}
    assert deal("B", 80, 82) == {"id": 1, "score": {"A": 80, "B": 82}, "nat": False, "pit": None}


def test_exactly_half_is_not_enough():
    assert deal("A", 81, 81) == {"id": 1, "score": {"A": 0, "B": 162}, "nat": True, "pit": None}
    assert deal("B", 81, 81)["score"] == {"A": 162, "B": 0}


def test_exactly_half_with_roem_is_not_enough():
    # 162 + 20 = 182, half 91: the playing team's 91 is not more.
    assert deal("A", 91, 71, 0, 20)["score"] == {"A": 0, "B": 182}
    assert deal("A", 81, 81, 20, 20)["nat"] is True  # 101 of 202
    assert deal("A", 82, 80, 20, 20)["score"] == {"A": 102, "B": 100}


def test_roem_counts_in_the_half_and_in_the_score():
    assert deal("A", 91, 71, 20, 20) == {"id": 1, "score": {"A": 111, "B": 91}, "nat": False, "pit": None}
    # Roem makes a deal with fewer card points: 72 + 40 = 112 of 162 + 40 + 20 = 222 (half 111).
    assert deal("A", 72, 90, 40, 20)["score"] == {"A": 112, "B": 110}


def test_nat_with_roem_on_both_sides_gives_the_other_team_everything():
    assert deal("A", 70, 92, 20, 50) == {"id": 1, "score": {"A": 0, "B": 232}, "nat": True, "pit": None}
    assert deal("B", 100, 62, 20, 50)["score"] == {"A": 232, "B": 0}


def test_pit_for_the_playing_team():
    assert deal("A", 162, 0, 40, 0, "A") == {"id": 1, "score": {"A": 302, "B": 0}, "nat": False, "pit": "A"}
    assert deal("B", 0, 162, 0, 0, "B")["score"] == {"A": 0, "B": 262}


def test_pit_for_the_other_team_is_nat_with_the_bonus():
    assert deal("A", 0, 162, 0, 20, "B") == {"id": 1, "score": {"A": 0, "B": 282}, "nat": True, "pit": "B"}
    assert deal("B", 162, 0, 50, 0, "A") == {"id": 1, "score": {"A": 312, "B": 0}, "nat": True, "pit": "A"}


def test_pit_bonus_house_rule():
    assert deal("A", 162, 0, 0, 0, "A", pit_bonus=0)["score"] == {"A": 162, "B": 0}
    assert deal("A", 162, 0, 0, 0, "A", pit_bonus=200)["score"] == {"A": 362, "B": 0}


def test_a_team_with_all_card_points_but_no_pit_gets_no_bonus():
    # It can lose a trick without card points (four sevens and eights); the sheet says no pit.
    assert deal("A", 162, 0)["score"] == {"A": 162, "B": 0}


def test_score_deal_for_the_app():
    assert score_deal("A", {"A": 70, "B": 92}, {"A": 20, "B": 0}, None) == DealScore(0, 182, True, None)
    result = score_deal("B", {"A": 0, "B": 162}, {"A": 0, "B": 0}, "B", HouseRules(pit_bonus=0))
    assert result.score == {"A": 0, "B": 162} and result.as_json() == {
        "score": {"A": 0, "B": 162}, "nat": False, "pit": "B"}


@pytest.mark.parametrize(("line", "words"), [
    (("A", {"A": 80, "B": 82}, {"A": 0, "B": 15}, None), "Team B's roem 15 is not a multiple of 10"),
    (("A", {"A": 80, "B": 82}, {"A": -20, "B": 0}, None), "Team A's roem -20 is negative"),
    (("A", {"A": 163, "B": -1}, {"A": 0, "B": 0}, None), "Team A's card points 163"),
    (("A", {"A": 80, "B": 80}, {"A": 0, "B": 0}, None), "add up to 160"),
    (("A", {"A": 80, "B": "82"}, {"A": 0, "B": 0}, None), "Team B's card points"),
    (("A", {"A": 160, "B": 2}, {"A": 0, "B": 0}, "A"), "Team A has a pit but 160 card points"),
    (("A", {"A": 162, "B": 0}, {"A": 0, "B": 20}, "A"), "Team B called 20 roem"),
    (("C", {"A": 80, "B": 82}, {"A": 0, "B": 0}, None), "the playing team"),
])
def test_invalid_deal_messages_name_the_team(line, words):
    with pytest.raises(KlaverjasError) as raised:
        score_deal(*line)
    assert raised.value.code == "invalid-deal"
    assert words in raised.value.message
