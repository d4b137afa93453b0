"""A whole deal replayed (klaverjas/replay.py): the first card that broke a rule, certain from the
cards alone, possible (it needs the hands), or certain given the hands; clean deals (played legally,
from random hands) break none; each house rule counts. Hand-worked deals first."""

from __future__ import annotations

import random

import pytest

from klaverjas.cards import CARDS, parse_cards, parse_suit
from klaverjas.errors import KlaverjasError
from klaverjas.house_rules import HouseRules
from klaverjas.play import REFUSALS, assess, winning_index
from klaverjas.replay import replay


def tricks(text: str) -> list[list[int]]:
    """``"AS 7C 7S 8S / KS 10S 8D 9S"`` as the cards' codes, trick by trick."""
    return [parse_cards(trick.split()) for trick in text.split("/")]


def found(result) -> dict | None:
    return result.as_json()["breach"]


def test_a_revoke_shown_by_a_card_played_later():
    """Seat 1 did not follow spades in trick 1 and played the ten of spades in trick 2."""
    result = replay(parse_suit("H"), 0, tricks("AS 7C 7S 8S / KS 10S 8D 9S"))
    assert found(result) == {"trick": 1, "seat": 1, "team": "B", "card": "7C", "reason": "follow-suit",
                             "certain": True}
    assert result.leaders == (0, 0)  # the ace of spades won trick 1: seat 0 leads again


def test_a_revoke_that_needs_the_hands():
    """Only trick 1 laid out: seat 1's club on a spade lead is a breach only if it held a spade (it had
    to follow) or a heart (trump: it had to trump)."""
    result = replay(parse_suit("H"), 0, tricks("AS 7C 7S 8S"))
    assert found(result) is None
    (possible,) = result.possible
    assert (possible.trick, possible.seat, possible.reason, possible.certain) == (1, 1, "follow-suit", False)
    assert {CARDS[card] for card in possible.needs} == {"9S", "10S", "JS", "QS", "KS",
                                                         "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"}


def test_the_same_revoke_given_the_hands():
    hands = [parse_cards(hand.split()) for hand in (
        "AS KS 7H 8H 9H 7D 8D 9D", "7C 10S 8C 9C 10C JC QC KC", "7S 10H JH QH KH AH 10D JD", "8S 9S JS QS AC QD KD AD")]
    result = replay(parse_suit("H"), 0, tricks("AS 7C 7S 8S"), hands)
    assert found(result)["certain"] is True and found(result)["card"] == "7C"
    clean = [parse_cards(hand.split()) for hand in (
        "AS KS 7H 8H 9H 7D 8D 9D", "7C 8C 9C 10C JC QC KC 10D", "7S 10S JH QH KH AH 10H JD", "8S 9S JS QS AC QD KD AD")]
    assert found(replay(parse_suit("H"), 0, tricks("AS 7C 7S 8S"), clean)) is None  # no spade, no trump: free


def test_the_partner_winning_rule_decides():
    """Trump hearts. Seat 0 leads the ace of spades, seat 1 follows, seat 2 (its partner, winning)
    has no spade and discards a club although it plays a trump later: free in Amsterdam, a breach in
    Rotterdam (partner_winning_free false: trump even when the partner wins)."""
    deal = tricks("AS 7S 7C 8S / 9H 10H 8H JH")
    assert found(replay(parse_suit("H"), 0, deal)) is None
    rotterdam = replay(parse_suit("H"), 0, deal, rules=HouseRules(partner_winning_free=False))
    assert found(rotterdam) == {"trick": 1, "seat": 2, "team": "A", "card": "7C", "reason": "must-trump",
                                "certain": True}


@pytest.mark.parametrize("seed", range(20))
def test_deals_played_legally_break_no_rule(seed):
    """Random hands played card by card, each player choosing a legal card at random: the replay finds
    nothing, from the cards alone and given the hands; the leaders follow the tricks' winners."""
    rng = random.Random(seed)
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [cards[seat * 8:(seat + 1) * 8] for seat in range(4)]
    trump, leader = rng.randrange(4), rng.randrange(4)
    rules = HouseRules(partner_winning_free=rng.random() < 0.5, undertrump=rng.choice(("free", "only-when-forced")))
    held = [list(hand) for hand in hands]
    played, seat = [], leader
    for _ in range(8):
        trick = []
        for position in range(4):
            player = (seat + position) % 4
            options = [card for card, code in zip(held[player], assess(trump, trick, held[player], rules))
                       if code not in REFUSALS]
            card = rng.choice(options)
            held[player].remove(card)
            trick.append(card)
        played.append(trick)
        seat = (seat + winning_index(trump, trick)) % 4
    alone = replay(trump, leader, played, rules=rules)
    assert alone.first is None and alone.possible == ()
    assert replay(trump, leader, played, hands, rules).first is None


def test_the_last_trick_laid_out_may_be_cut_short():
    """The dispute stopped the deal in trick 1: three cards laid out."""
    assert replay(parse_suit("H"), 0, tricks("AS 7C 7S")).first is None


@pytest.mark.parametrize("deal, message", [
    ("AS 7C 7S 8S / AS KS QS JS", "AS is played twice"),
    ("AS 7C 7S / KS 10S 8D 9S", "trick 1 has 3 cards"),
])
def test_a_deal_that_cannot_be_is_refused(deal, message):
    with pytest.raises(KlaverjasError) as refused:
        replay(parse_suit("H"), 0, tricks(deal))
    assert refused.value.code == "invalid-deal" and message in str(refused.value)
