"""The sentences for every refusal and every reason a card is allowed, in English and Dutch."""

from __future__ import annotations

import pytest

from klaverjas import HouseRules, KlaverjasError, explain, explain_hand
from klaverjas.play import ALLOWANCES, REFUSALS
from klaverjas.words import card_list, card_name, suit_name

# (trump, trick, hand, rules) that between them give every reason of ALLOWANCES and REFUSALS.
TABLES = [
    ("H", [], ["7S", "JH"], HouseRules()),
    ("H", ["10S", "KS"], ["7S", "JH", "9C"], HouseRules()),
    ("H", ["9H"], ["8H", "JH", "AS"], HouseRules()),
    ("H", ["9H"], ["8H", "JH", "AS"], HouseRules(trump_lead_overtrump=False)),
    ("H", ["JH"], ["AS"], HouseRules()),
    ("H", ["AS"], ["7C"], HouseRules()),
    ("H", ["AS"], ["7H", "8D"], HouseRules()),
    ("H", ["AS", "7S"], ["7H", "8D"], HouseRules()),
    ("H", ["AS", "7S"], ["7H", "8D"], HouseRules(partner_winning_free=False)),
    ("H", ["AS", "9H"], ["JH", "7H", "8D"], HouseRules()),
    ("H", ["AS", "9H", "7S"], ["JH", "7H", "8D"], HouseRules(partner_winning_free=False)),
    ("H", ["AS", "JH"], ["7H", "8D"], HouseRules()),
    ("H", ["AS", "JH"], ["7H", "8D"], HouseRules(undertrump="only-when-forced")),
    ("H", ["AS", "JH"], ["7H", "8H"], HouseRules(undertrump="only-when-forced")),
]


def verdicts(lang: str) -> list:
    return [verdict for trump, trick, hand, rules in TABLES
            for verdict in explain_hand(trump, trick, hand, rules, lang)]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_reason_has_a_filled_sentence(lang):
    found = verdicts(lang)
    assert {verdict.reason for verdict in found} == set(ALLOWANCES) | set(REFUSALS)
    for verdict in found:
        assert verdict.legal == (verdict.reason not in REFUSALS)
        assert verdict.sentence and "{" not in verdict.sentence and "  " not in verdict.sentence
        assert verdict.sentence[0].isupper() and verdict.sentence.endswith(".")


def test_follow_suit_names_the_suit():
    assert explain("follow-suit", "H", ["10S", "KS"], ["7S", "JH", "9C"], "JH") == (
        "You hold spades: follow suit (not the jack of hearts).")
    assert explain("follow-suit", "H", ["10S", "KS"], ["7S", "JH", "9C"], "JH", "nl") == (
        "Je hebt schoppen: kleur bekennen (niet de hartenboer).")


def test_overtrump_names_the_trump_to_beat_and_the_ones_that_do():
    assert explain("must-overtrump", "H", ["AS", "9H"], ["JH", "7H", "8D"], "8D") == (
        "An opponent trumped with the nine of hearts: overtrump with the jack of hearts, not the eight of diamonds.")
    assert explain("must-overtrump", "H", ["AS", "9H"], ["JH", "7H", "8D"], "7H", "nl") == (
        "Een tegenstander heeft getroefd met de hartennegen: overtroeven met de hartenboer, niet met de hartenzeven.")


def test_rotterdam_is_named_when_the_partner_is_the_one_to_beat():
    sentence = explain("must-overtrump", "H", ["AS", "9H", "7S"], ["JH", "7H", "8D"], "7H")
    assert sentence.startswith("Your partner trumped with the nine of hearts") and "Rotterdam" in sentence
    assert "Rotterdams" in explain("must-trump", "H", ["AS", "7S"], ["7H", "8D"], "8D", "nl")


def test_allowed_cards_say_why():
    assert explain("lead", "S", [], ["7S"], "7S") == "You lead: any card may be led."
    assert explain("follows", "H", ["10S"], ["7S"], "7S") == "You follow suit: spades were led."
    assert explain("partner-winning", "H", ["AS", "7S"], ["7H"], "7H", "nl") == (
        "Je maat heeft de slag: je hoeft niet te troeven, elke kaart mag.")


def test_bad_input_to_explain():
    with pytest.raises(KlaverjasError):
        explain("lead", "S", [], ["7S"], "8S")
    with pytest.raises(ValueError):
        explain("nonsense", "S", [], ["7S"], "7S")
    with pytest.raises(ValueError):
        explain("lead", "S", [], ["7S"], "7S", "de")


def test_card_and_suit_names():
    assert card_name("10C") == "the ten of clubs" and card_name("10C", "nl") == "de klaverentien"
    assert card_name("AS", "nl") == "de schoppenaas" and card_name("QD", "nl") == "de ruitenvrouw"
    assert card_name("KH", "nl") == "de hartenheer" and card_name("JH", "nl") == "de hartenboer"
    assert [suit_name(s, "nl") for s in "SHDC"] == ["schoppen", "harten", "ruiten", "klaveren"]
    assert card_list(["JH", "9H", "AH"]) == "the jack of hearts, the nine of hearts or the ace of hearts"
