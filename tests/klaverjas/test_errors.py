"""Every error code of the contract, each case it lists, and which code wins where two could apply."""

from __future__ import annotations

import json

import pytest

from klaverjas.api import answer
from tests.klaverjas.helpers import ask, error_code

LEGAL = {"cmd": "legal", "trump": "H", "trick": ["10S"], "hand": ["7S", "JH"]}
TRICK = {"cmd": "trick", "trump": "H", "cards": ["QH", "KH", "JH", "7S"], "last": False}
DEAL = {"cmd": "deal", "playing": "A", "points": {"A": 70, "B": 92}, "roem": {"A": 20, "B": 0}, "pit": None}


def changed(question: dict, **fields) -> dict:
    return {**question, **fields}


def without(question: dict, name: str) -> dict:
    return {key: value for key, value in question.items() if key != name}


# invalid-question

@pytest.mark.parametrize("value", [[], [1], 5, "x", None, True])
def test_a_line_that_is_not_an_object_answers_with_id_null(value):
    reply = answer(value)
    assert reply == {"id": None, "error": {"code": "invalid-question", "message": reply["error"]["message"]}}


def test_an_object_without_id_answers_with_id_null():
    reply = answer(dict(LEGAL))
    assert reply["id"] is None and reply["error"]["code"] == "invalid-question"


def test_the_id_is_echoed_whatever_its_type():
    for ident in (0, "q-7", None, [1, "a"], {"n": 1}, 2.5, True):
        assert answer({**LEGAL, "id": ident})["id"] == ident
        assert answer({"id": ident, "cmd": "nope"})["id"] == ident


@pytest.mark.parametrize("question", [LEGAL, TRICK, DEAL])
def test_every_missing_field_is_invalid_question(question):
    for name in question:
        assert error_code(**without(question, name)) == "invalid-question", name


@pytest.mark.parametrize("cmd", ["nope", "LEGAL", "", None, 1, ["legal"], {"legal": 1}])
def test_an_unknown_cmd_is_invalid_question(cmd):
    assert error_code(**changed(LEGAL, cmd=cmd)) == "invalid-question"


@pytest.mark.parametrize("trump", ["h", "X", "", "HS", " H", None, 1, ["H"], True])
def test_trump_other_than_exactly_s_h_d_c_is_invalid_question(trump):
    assert error_code(**changed(LEGAL, trump=trump)) == "invalid-question"
    assert error_code(**changed(TRICK, trump=trump)) == "invalid-question"


@pytest.mark.parametrize("last", ["false", 0, 1, None, [], "true"])
def test_last_not_a_json_boolean_is_invalid_question(last):
    assert error_code(**changed(TRICK, last=last)) == "invalid-question"


def test_a_missing_field_wins_over_a_bad_value():
    assert error_code(**without(changed(LEGAL, trick="x"), "hand")) == "invalid-question"


# invalid-card

@pytest.mark.parametrize("card", ["1H", "TS", "jh", "Jh", "10 S", " JH", "JH ", "6S", "11C", "JX", "J", "",
                                  "10", "0S", "JHH", 10, None, True, ["JH"], {"card": "JH"}, 9.0])
def test_a_misspelled_card_or_not_a_string_is_invalid_card(card):
    assert error_code(**changed(LEGAL, hand=["7S", card])) == "invalid-card"
    assert error_code(**changed(LEGAL, trick=[card])) == "invalid-card"
    assert error_code(**changed(TRICK, cards=["QH", "KH", card, "7S"])) == "invalid-card"


# invalid-hand

@pytest.mark.parametrize("hand", ["7S", "7S JH", {"7S": 1}, None, 7, [],
                                  ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "7D"],
                                  ["7S", "JH", "7S"]])
def test_bad_hands_are_invalid_hand(hand):
    assert error_code(**changed(LEGAL, hand=hand)) == "invalid-hand"


def test_a_card_in_hand_and_trick_is_invalid_hand():
    assert error_code(**changed(LEGAL, trick=["10S", "JH"])) == "invalid-hand"


def test_eight_cards_are_a_hand():
    reply = ask(**changed(LEGAL, trick=[], hand=["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]))
    assert len(reply["cards"]) == 8


# invalid-trick

@pytest.mark.parametrize("trick", ["10S", None, {"0": "10S"}, 3, ["10S", "KS", "AS", "7S"], ["10S", "10S"]])
def test_bad_tricks_of_legal_are_invalid_trick(trick):
    assert error_code(**changed(LEGAL, trick=trick)) == "invalid-trick"


@pytest.mark.parametrize("cards", ["QH KH JH 7S", None, [], ["QH", "KH", "JH"], ["QH", "KH", "JH", "7S", "8S"],
                                   ["QH", "KH", "QH", "7S"], {"cards": 4}])
def test_bad_cards_of_trick_are_invalid_trick(cards):
    assert error_code(**changed(TRICK, cards=cards)) == "invalid-trick"


# invalid-deal

@pytest.mark.parametrize("points", [
    {"A": 80, "B": 80}, {"A": 163, "B": -1}, {"A": -1, "B": 163}, {"A": True, "B": 161}, {"A": "81", "B": 81},
    {"A": 80.5, "B": 81.5}, {"A": 81.0, "B": 81}, {"A": 81}, {"B": 81}, [81, 81], None, 162, "A: 81",
])
def test_bad_card_points_are_invalid_deal(points):
    assert error_code(**changed(DEAL, points=points)) == "invalid-deal"


@pytest.mark.parametrize("roem", [
    {"A": 15, "B": 0}, {"A": 0, "B": -20}, {"A": True, "B": 0}, {"A": "20", "B": 0}, {"A": 20.0, "B": 0},
    {"A": 20}, [20, 0], None, 20,
])
def test_bad_roem_is_invalid_deal(roem):
    assert error_code(**changed(DEAL, roem=roem)) == "invalid-deal"


@pytest.mark.parametrize("pit", ["C", "a", "", True, False, 0, ["A"], {"A": True}])
def test_pit_other_than_null_a_or_b_is_invalid_deal(pit):
    assert error_code(**changed(DEAL, pit=pit)) == "invalid-deal"


@pytest.mark.parametrize("playing", ["C", "a", "", None, 0, True, ["A"]])
def test_a_playing_team_other_than_a_or_b_is_invalid_deal(playing):
    assert error_code(**changed(DEAL, playing=playing)) == "invalid-deal"


def test_a_pit_team_without_162_points_or_opponents_with_roem_is_invalid_deal():
    assert error_code(**changed(DEAL, pit="B")) == "invalid-deal"  # B has 92 card points
    assert error_code(**changed(DEAL, points={"A": 162, "B": 0}, roem={"A": 0, "B": 20}, pit="A")) == "invalid-deal"
    assert error_code(**changed(DEAL, points={"A": 0, "B": 162}, roem={"A": 20, "B": 0}, pit="B")) == "invalid-deal"
    assert "error" not in ask(**changed(DEAL, points={"A": 162, "B": 0}, pit="A"))  # the pit team's own roem: fine

def test_roem_no_trick_can_produce_is_accepted():
    assert ask(**changed(DEAL, roem={"A": 10, "B": 30}))["score"] == {"A": 0, "B": 202}
    assert ask(**changed(DEAL, roem={"A": 1000, "B": 0}))["score"] == {"A": 1070, "B": 92}


# invalid-rules

@pytest.mark.parametrize("rules", [
    [], "free", None, 5, True,
    {"unknown": True}, {"trump_lead_overtrump ": True}, {"Undertrump": "free"},
    {"trump_lead_overtrump": 1}, {"trump_lead_overtrump": 0}, {"trump_lead_overtrump": "true"},
    {"trump_lead_overtrump": None}, {"partner_winning_free": 1}, {"partner_winning_free": "false"},
    {"undertrump": "forced"}, {"undertrump": True}, {"undertrump": None}, {"undertrump": "Free"},
    {"four_of_a_kind": True}, {"four_of_a_kind": 0}, {"four_of_a_kind": 55}, {"four_of_a_kind": 50.0},
    {"four_of_a_kind": "50"}, {"four_of_a_kind": -50}, {"four_jacks": 0}, {"four_jacks": True},
    {"four_jacks": 205}, {"pit_bonus": True}, {"pit_bonus": False}, {"pit_bonus": -10}, {"pit_bonus": 5},
    {"pit_bonus": 100.0}, {"pit_bonus": None},
])
def test_bad_rules_are_invalid_rules_whatever_the_cmd(rules):
    for question in (LEGAL, TRICK, DEAL):
        assert error_code(**changed(question, rules=rules)) == "invalid-rules"


def test_a_rules_error_wins_over_every_other_problem():
    bad = {"four_jacks": 0}
    assert error_code(id=1, rules=bad) == "invalid-rules"  # no cmd
    assert error_code(id=1, cmd="nope", rules=bad) == "invalid-rules"
    assert error_code(**changed(without(LEGAL, "hand"), rules=bad)) == "invalid-rules"
    assert error_code(**changed(LEGAL, hand=["1H"], trump="X", rules=bad)) == "invalid-rules"
    assert error_code(**changed(DEAL, points={"A": 1, "B": 1}, rules=bad)) == "invalid-rules"


def test_good_rules_are_accepted_and_zero_pit_bonus_too():
    rules = {"trump_lead_overtrump": False, "partner_winning_free": False, "undertrump": "only-when-forced",
             "four_of_a_kind": 100, "four_jacks": 200, "pit_bonus": 0}
    for question in (LEGAL, TRICK, DEAL):
        assert "error" not in ask(**changed(question, rules=rules))
    assert "error" not in ask(**changed(LEGAL, rules={}))


def test_every_error_message_is_a_sentence_and_the_answer_is_json():
    reply = ask(**changed(DEAL, roem={"A": 0, "B": 15}))
    assert reply["error"] == {"code": "invalid-deal", "message": "Team B's roem 15 is not a multiple of 10"}
    json.dumps(reply)
