"""A whole deal replayed (klaverjas/replay.py): the first card that broke a rule, certain from the
cards alone, possible (it needs the hands), or certain given the hands; clean deals (played legally,
from random hands) break none; each house rule counts. Hand-worked deals first."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from klaverjas.api import answer
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
    assert refused.value.code == "invalid-trick" and message in str(refused.value)


# Hand-worked deals (trump, leader, the tricks as laid out, house rules): the first breach as
# (trick, seat, card, reason, certain), or None. Worked by hand from klaverjas.md's rules; each
# comment says why.
HAND_WORKED = [
    # Trump led (10H), seat 1 plays 7H while it holds JH (shown in trick 2): it had to overtrump.
    ("H", 0, "10H 7H 8H QH / AS JH 7S 8S", {}, (1, 1, "7H", "must-overtrump", True)),
    # The same without trump_lead_overtrump: any trump follows; JH on spades later is a required trump.
    ("H", 0, "10H 7H 8H QH / AS JH 7S 8S", {"trump_lead_overtrump": False}, None),
    # Seat 2 cannot follow spades nor beat JH, plays its 7H while it holds 7D: free by default...
    ("H", 0, "AS JH 7H 8S / 7C 7D 8C 9C", {}, None),
    # ...refused when undertrumping is allowed only when forced (it held a card that is no trump).
    ("H", 0, "AS JH 7H 8S / 7C 7D 8C 9C", {"undertrump": "only-when-forced"}, (1, 2, "7H", "no-undertrump", True)),
    # The partner winning never frees a player who can follow suit: seat 2 held 10S.
    ("H", 0, "AS 7S 7C 8S / KS 9S 10S QS", {}, (1, 2, "7C", "follow-suit", True)),
    # Seat 2 leads; in trick 2 seat 3 plays 7S on diamonds, and 10D in trick 3: a revoke.
    ("H", 2, "AD 7D 8D 9D / KD 7S QD JD / 8C 10D 9C 10C", {}, (2, 3, "7S", "follow-suit", True)),
    # The leader may lead any card.
    ("H", 0, "7C 8C 9C 10C", {}, None),
    # Seat 1 has no spade, discards 7C, and shows 8H later: it had to trump.
    ("H", 0, "AS 7C 7S 8S / 7D 8H 8D 9D", {}, (1, 1, "7C", "must-trump", True)),
    # Seat 1 trumps with 7H; seat 2 (not its partner's trick) discards 7C holding 8H: overtrump.
    ("H", 0, "AS 7H 7C 8S / 7D 8H 8D 9D", {}, (1, 2, "7C", "must-overtrump", True)),
    # Two revokes: the first one counts (seat 1 in trick 1), not seat 3's in trick 2.
    ("H", 0, "AS 7C 7S 8S / KS 10S 8D 9D / 9S JS QS AC", {}, (1, 1, "7C", "follow-suit", True)),
    # Following suit low while holding a higher card of it is no breach.
    ("H", 0, "AS 7S 8S 9S / QS KS 10S JS", {}, None),
    # Trump led by the partner: a higher trump is still required (seat 2 held AH, played 8H).
    ("H", 0, "10H 7H 8H QH / AS 7S AH 8S", {}, (1, 2, "8H", "must-overtrump", True)),
    # Spades trump: seat 3 cannot follow hearts, seat 1 (its partner) wins with AH: free to discard.
    ("S", 0, "KH AH 7H 7C / 8D 9D 7S 10D", {}, None),
    # ...but in Rotterdam seat 3 had to trump (it trumps diamonds with 7S in trick 2, led by seat 1).
    ("S", 0, "KH AH 7H 7C / 8D 9D 7S 10D", {"partner_winning_free": False}, (1, 3, "7C", "must-trump", True)),
]


@pytest.mark.parametrize("trump, leader, deal, rules, expected", HAND_WORKED)
def test_hand_worked_deals(trump, leader, deal, rules, expected):
    result = replay(parse_suit(trump), leader, tricks(deal), rules=HouseRules(**rules))
    first = result.first
    shown = None if first is None else (first.trick, first.seat, CARDS[first.card], first.reason, first.certain)
    assert shown == expected


def test_the_documented_examples_through_the_command_line_byte_for_byte():
    """docs/klaverjas.md's replay examples, question and answer lines verbatim: the first three
    without ``playing`` answer as they did before the deal's score existed."""
    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "klaverjas.md").read_text(encoding="utf-8")
    section = text[text.index("## A whole deal replayed"):text.index("## Where the spec is silent")]
    lines = [line for line in re.search(r"```\n(.*?)```", section, re.S).group(1).splitlines() if line]
    questions, answers = lines[0::2], lines[1::2]
    assert len(questions) == 6  # three replays, then the same with the deal's score (klaverjas/penalty.py)
    done = subprocess.run([sys.executable, "-m", "klaverjas", "batch"], input="\n".join(questions).encode(),
                          capture_output=True, cwd=root, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines() == answers


@pytest.mark.parametrize("fields, code", [
    ({"leader": True}, "invalid-question"),
    ({"leader": 4}, "invalid-question"),
    ({"tricks": "AS 7C"}, "invalid-trick"),
    ({"tricks": []}, "invalid-trick"),
    ({"tricks": [["AS", "7C", "7S"], ["KS"]]}, "invalid-trick"),
    ({"tricks": [["AS", "T7C"]]}, "invalid-card"),
    ({"hands": [["AS"]]}, "invalid-hand"),
    ({"hands": [["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"]] * 4}, "invalid-hand"),
    ({"trump": "X"}, "invalid-question"),
])
def test_a_replay_question_that_cannot_be_answered_names_its_problem(fields, code):
    question = {"id": 9, "cmd": "replay", "trump": "H", "leader": 0, "tricks": [["AS", "7C", "7S", "8S"]], **fields}
    assert answer(question)["error"]["code"] == code
