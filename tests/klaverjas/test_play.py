"""Which cards may be played: every rule of the contract, every refusal reason, every house-rule flag."""

from __future__ import annotations

import pytest

from klaverjas import KlaverjasError, legal_cards
from klaverjas.house_rules import HouseRules
from tests.klaverjas.helpers import legal

ROTTERDAM = {"partner_winning_free": False}
FORCED = {"undertrump": "only-when-forced"}


def test_leading_any_card():
    assert legal("H", [], ["7S", "JH", "9C", "AD"]) == (["7S", "JH", "9C", "AD"], {})


def test_refused_is_empty_when_every_card_is_legal():
    assert legal("H", ["AS"], ["7S", "KS"]) == (["7S", "KS"], {})


# Rule 3: another suit led, the player holds it.

def test_follow_suit_refuses_every_other_suit_trump_included():
    assert legal("H", ["10S", "KS"], ["7S", "JH", "9C"]) == (["7S"], {"JH": "follow-suit", "9C": "follow-suit"})


def test_following_suit_has_no_obligation_to_go_higher():
    assert legal("H", ["AS", "JH"], ["7S", "10S", "QH"]) == (["7S", "10S"], {"QH": "follow-suit"})


# Rule 2: trump led.

def test_trump_led_must_play_a_higher_trump_if_held():
    assert legal("H", ["9H"], ["8H", "JH", "AS"]) == (["JH"], {"8H": "must-overtrump", "AS": "follow-suit"})


def test_trump_led_overtrumps_the_partners_trump_too():
    # Seat 2 plays: the partner led the nine, the opponent threw a spade.
    assert legal("H", ["9H", "7S"], ["8H", "JH"]) == (["JH"], {"8H": "must-overtrump"})


def test_trump_led_without_a_higher_trump_any_trump():
    assert legal("H", ["JH"], ["8H", "AH", "AS"]) == (["8H", "AH"], {"AS": "follow-suit"})


def test_trump_led_higher_than_every_trump_in_the_trick():
    # The ace beats the queen led but not the nine played after it.
    assert legal("H", ["QH", "9H"], ["AH", "7H", "JH"]) == (["JH"], {"AH": "must-overtrump", "7H": "must-overtrump"})


def test_trump_led_overtrump_false_any_trump_even_a_lower_one():
    assert legal("H", ["9H"], ["8H", "JH", "AS"], trump_lead_overtrump=False) == (
        ["8H", "JH"], {"AS": "follow-suit"})


def test_trump_led_without_trump_any_card():
    assert legal("H", ["JH"], ["AS", "7C", "10D"]) == (["AS", "7C", "10D"], {})


def test_trump_led_undertrump_only_when_forced_changes_nothing():
    assert legal("H", ["JH"], ["7H", "AS"], **FORCED) == (["7H"], {"AS": "follow-suit"})


# Rule 4: another suit led, the player cannot follow.

def test_cannot_follow_without_trump_any_card():
    assert legal("H", ["AS"], ["7C", "8D"]) == (["7C", "8D"], {})


def test_must_trump_when_no_trump_in_the_trick():
    assert legal("H", ["AS"], ["7H", "8D", "AH"]) == (["7H", "AH"], {"8D": "must-trump"})


def test_must_overtrump_an_opponents_trump_if_possible():
    assert legal("H", ["AS", "9H"], ["JH", "7H", "8D"]) == (["JH"], {"7H": "must-overtrump", "8D": "must-overtrump"})


def test_partner_winning_amsterdam_any_card():
    # Seat 2 plays; the partner (seat 0) leads the ace, the opponent follows low.
    assert legal("H", ["AS", "7S"], ["7H", "8D"]) == (["7H", "8D"], {})


def test_partner_winning_with_a_trump_amsterdam_any_card():
    # Seat 3 plays; the partner (seat 1) trumped the opponent's ace and is winning.
    assert legal("H", ["AS", "9H", "7S"], ["JH", "7H", "8D"]) == (["JH", "7H", "8D"], {})


def test_rotterdam_trumps_even_when_the_partner_is_winning():
    assert legal("H", ["AS", "7S"], ["7H", "8D"], **ROTTERDAM) == (["7H"], {"8D": "must-trump"})


def test_rotterdam_overtrumps_the_partner():
    assert legal("H", ["AS", "9H", "7S"], ["JH", "7H", "8D"], **ROTTERDAM) == (
        ["JH"], {"7H": "must-overtrump", "8D": "must-overtrump"})


def test_rotterdam_cannot_overtrump_the_partner_any_card():
    assert legal("H", ["AS", "JH", "7S"], ["7H", "8D"], **ROTTERDAM) == (["7H", "8D"], {})


def test_partner_not_winning_is_not_free():
    # Seat 2 plays: the partner led the king, an opponent's ace wins.
    assert legal("H", ["KS", "AS"], ["7H", "8D"]) == (["7H"], {"8D": "must-trump"})


def test_an_opponent_trumped_over_the_partners_trump():
    # Seat 3 plays: partner (seat 1) trumped with the queen, seat 2 overtrumped with the nine.
    assert legal("H", ["AS", "QH", "9H"], ["JH", "KH", "8D"]) == (
        ["JH"], {"KH": "must-overtrump", "8D": "must-overtrump"})


def test_cannot_overtrump_undertrump_free_any_card():
    assert legal("H", ["AS", "JH"], ["7H", "8D"]) == (["7H", "8D"], {})


def test_undertrump_only_when_forced_refuses_a_lower_trump_while_holding_another_card():
    assert legal("H", ["AS", "JH"], ["7H", "8D", "QH"], **FORCED) == (
        ["8D"], {"7H": "no-undertrump", "QH": "no-undertrump"})


def test_undertrump_only_when_forced_allows_a_lower_trump_when_the_hand_holds_nothing_else():
    assert legal("H", ["AS", "JH"], ["7H", "8H"], **FORCED) == (["7H", "8H"], {})


def test_undertrump_only_when_forced_still_overtrumps_when_it_can():
    assert legal("H", ["AS", "9H"], ["JH", "7H", "8D"], **FORCED) == (
        ["JH"], {"7H": "must-overtrump", "8D": "must-overtrump"})


def test_undertrump_only_when_forced_partner_winning_is_still_free():
    assert legal("H", ["AS", "9H", "7S"], ["7H", "8D"], **FORCED) == (["7H", "8D"], {})


def test_trump_order_decides_higher():
    # With clubs trump the nine (nel) beats the ace, the jack beats the nine.
    assert legal("C", ["AS", "AC"], ["9C", "10C", "KD"]) == (["9C"], {"10C": "must-overtrump", "KD": "must-overtrump"})
    assert legal("C", ["AS", "9C"], ["JC", "AC", "KD"]) == (["JC"], {"AC": "must-overtrump", "KD": "must-overtrump"})


def test_cards_keep_the_hands_order():
    cards, refused = legal("D", ["7S"], ["AS", "KD", "8S", "QS"])
    assert cards == ["AS", "8S", "QS"] and list(refused) == ["KD"]


def test_legal_cards_on_text_for_the_app():
    assert legal_cards("H", ("10S", "KS"), ("7S", "JH", "9C")) == (["7S"], {"JH": "follow-suit", "9C": "follow-suit"})
    assert legal_cards("H", [], ["7S"], HouseRules(undertrump="only-when-forced")) == (["7S"], {})
    with pytest.raises(KlaverjasError) as raised:
        legal_cards("H", ["10S"], ["10S"])
    assert raised.value.code == "invalid-hand"
