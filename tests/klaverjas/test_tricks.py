"""A played trick: the winner, card points (+10 for the last trick) and roem with every roem flag."""

from __future__ import annotations

import pytest

from klaverjas import KlaverjasError, trick_result
from klaverjas.house_rules import HouseRules
from tests.klaverjas.helpers import ask


def trick(trump: str, cards: list[str], last: bool = False, **rules) -> tuple[int, int, int]:
    question = {"cmd": "trick", "trump": trump, "cards": cards, "last": last}
    if rules:
        question["rules"] = rules
    reply = ask(**question)
    assert set(reply) == {"id", "winner", "points", "roem"}, reply
    return reply["winner"], reply["points"], reply["roem"]


def test_highest_card_of_the_suit_led_wins_without_trump():
    assert trick("D", ["10S", "AS", "KH", "7S"]) == (1, 25, 0)


def test_any_trump_beats_the_suit_led():
    assert trick("D", ["AS", "7D", "KS", "9S"]) == (1, 15, 0)
    assert trick("D", ["AS", "7D", "KS", "QS"]) == (1, 18, 20)  # Q K A of spades: roem for the trump's team


def test_a_card_of_a_third_suit_never_wins():
    assert trick("D", ["7S", "AH", "AC", "8S"]) == (3, 22, 0)


def test_trump_order_and_points():
    # J 20, 9 14, A 11, 10 10: the jack wins; 9 10 J of trump in sequence: 20.
    assert trick("D", ["9D", "JD", "AD", "10D"]) == (1, 55, 20)


def test_plain_order_and_points():
    # Outside trump the jack is low (2 points) and the queen beats it; 7 9 J Q is no sequence.
    assert trick("H", ["JS", "9S", "QS", "7S"]) == (2, 5, 0)


def test_the_last_trick_is_worth_ten_more():
    assert trick("H", ["JS", "9S", "QS", "7S"], last=True) == (2, 15, 0)


def test_a_sequence_of_four_is_50_not_70():
    assert trick("H", ["7C", "8C", "9C", "10C"])[2] == 50


def test_a_sequence_uses_the_natural_order_in_trump_too():
    # 10 J Q of trump: a sequence although the trump order is J 9 A 10 K Q.
    assert trick("H", ["10H", "JH", "QH", "7S"])[2] == 20


def test_sequences_across_suits_do_not_count():
    assert trick("H", ["7C", "8D", "9C", "10C"])[2] == 0


def test_four_of_a_kind_default_and_house_rule():
    assert trick("H", ["QS", "QH", "QD", "QC"]) == (1, 12, 50)
    assert trick("H", ["QS", "QH", "QD", "QC"], four_of_a_kind=100)[2] == 100
    assert trick("H", ["7S", "7H", "7D", "7C"], four_of_a_kind=100, four_jacks=200)[2] == 100


def test_four_jacks_default_and_house_rule():
    assert trick("H", ["JS", "JH", "JD", "JC"]) == (1, 26, 50)
    assert trick("H", ["JS", "JH", "JD", "JC"], four_jacks=200)[2] == 200
    assert trick("H", ["JS", "JH", "JD", "JC"], four_of_a_kind=100)[2] == 50


def test_stuk_alone():
    assert trick("H", ["KH", "QH", "7S", "8D"]) == (0, 7, 20)


def test_stuk_is_added_to_a_sequence():
    assert trick("H", ["QH", "KH", "JH", "7S"]) == (2, 27, 40)
    assert trick("H", ["JH", "QH", "KH", "AH"])[2] == 70


def test_king_and_queen_of_another_suit_are_no_stuk():
    assert trick("H", ["KS", "QS", "7H", "8D"])[2] == 0


def test_trick_result_on_text_for_the_app():
    result = trick_result("H", ("QH", "KH", "JH", "7S"), True, HouseRules())
    assert (result.winner, result.points, result.roem) == (2, 37, 40)
    assert result.as_json() == {"winner": 2, "points": 37, "roem": 40}
    with pytest.raises(KlaverjasError) as raised:
        trick_result("H", ["QH", "KH", "JH"], False)
    assert raised.value.code == "invalid-trick"
    with pytest.raises(KlaverjasError) as raised:
        trick_result("H", ["QH", "KH", "JH", "7S"], 0)
    assert raised.value.code == "invalid-question"
