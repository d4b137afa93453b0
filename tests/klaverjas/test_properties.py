"""Properties over random tables, deals and junk: the rules against a literal reading of the contract."""

from __future__ import annotations

import io
import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from klaverjas.api import answer
from klaverjas.batch import run_text
from klaverjas.cards import CARDS, PLAIN_STRENGTH, RANKS, TRUMP_STRENGTH
from klaverjas.errors import CODES
from klaverjas.play import REFUSALS

FAST = settings(max_examples=300, deadline=None)

rules_st = st.fixed_dictionaries({}, optional={
    "trump_lead_overtrump": st.booleans(),
    "partner_winning_free": st.booleans(),
    "undertrump": st.sampled_from(["free", "only-when-forced"]),
    "four_of_a_kind": st.sampled_from([50, 100]),
    "four_jacks": st.sampled_from([50, 200]),
    "pit_bonus": st.sampled_from([0, 100]),
})


@st.composite
def tables(draw):
    deck = draw(st.permutations(CARDS))
    played = draw(st.integers(0, 3))
    held = draw(st.integers(1, 8))
    return draw(st.sampled_from("SHDC")), list(deck[:played]), list(deck[played:played + held]), draw(rules_st)


def _strength(card: str, trump: str) -> int:
    rank = RANKS.index(card[:-1])
    return (TRUMP_STRENGTH if card[-1] == trump else PLAIN_STRENGTH)[rank]


def reference(trump: str, trick: list[str], hand: list[str], rules: dict) -> dict[str, str | None]:
    """The contract's text, literally: the reason of every card, None when it may be played."""
    overtrump_on_lead = rules.get("trump_lead_overtrump", True)
    partner_free = rules.get("partner_winning_free", True)
    forced = rules.get("undertrump", "free") == "only-when-forced"
    if not trick:
        return dict.fromkeys(hand)
    led = trick[0][-1]
    trumps_in_trick = [c for c in trick if c[-1] == trump]
    top = max((_strength(c, trump) for c in trumps_in_trick), default=-1)
    my_trumps = [c for c in hand if c[-1] == trump]
    higher = [c for c in my_trumps if _strength(c, trump) > top]
    if trumps_in_trick:
        winning = max((c for c in trumps_in_trick), key=lambda c: _strength(c, trump))
    else:
        winning = max((c for c in trick if c[-1] == led), key=lambda c: _strength(c, trump))
    partner_winning = len(trick) >= 2 and trick.index(winning) == len(trick) - 2
    holds_led = any(c[-1] == led for c in hand)
    # What is required: None (any card), "suit", "trump", "higher", "no-undertrump".
    need = None
    if led == trump:
        if my_trumps:
            need = "higher" if overtrump_on_lead and higher else "suit"
    elif holds_led:
        need = "suit"
    elif my_trumps and not (partner_winning and partner_free):
        if not trumps_in_trick:
            need = "trump"
        elif higher:
            need = "higher"
        elif forced and any(c[-1] != trump for c in hand):
            need = "no-undertrump"

    def allowed(card: str) -> bool:
        if need is None:
            return True
        if need == "suit":
            return card[-1] == led
        if need == "trump":
            return card[-1] == trump
        if need == "higher":
            return card in higher
        return card[-1] != trump  # no-undertrump

    reasons: dict[str, str | None] = {}
    for card in hand:
        if allowed(card):
            reasons[card] = None
        elif holds_led and card[-1] != led:
            reasons[card] = "follow-suit"
        elif need == "higher":
            reasons[card] = "must-overtrump"
        elif need == "trump" and card[-1] != trump:
            reasons[card] = "must-trump"
        else:
            reasons[card] = "no-undertrump"
    return reasons


@FAST
@given(tables())
def test_legal_matches_the_literal_reading(table):
    trump, trick, hand, rules = table
    reply = answer({"id": 0, "cmd": "legal", "trump": trump, "trick": trick, "hand": hand, "rules": rules})
    expected = reference(trump, trick, hand, rules)
    assert reply["cards"] == [card for card in hand if expected[card] is None]
    assert reply["refused"] == {card: reason for card, reason in expected.items() if reason is not None}


@FAST
@given(tables())
def test_some_card_is_always_legal_and_every_card_is_answered_once(table):
    trump, trick, hand, rules = table
    reply = answer({"id": 0, "cmd": "legal", "trump": trump, "trick": trick, "hand": hand, "rules": rules})
    assert reply["cards"]
    assert sorted(reply["cards"] + list(reply["refused"])) == sorted(hand)
    assert set(reply["refused"].values()) <= set(REFUSALS)
    assert list(reply["refused"]) == [card for card in hand if card in reply["refused"]]


@FAST
@given(st.permutations(CARDS), st.sampled_from("SHDC"), rules_st)
def test_a_whole_deal_of_tricks_is_worth_162(deck, trump, rules):
    total = 0
    for number in range(8):
        cards = list(deck[4 * number:4 * number + 4])
        reply = answer({"id": number, "cmd": "trick", "trump": trump, "cards": cards, "last": number == 7,
                        "rules": rules})
        winner = cards[reply["winner"]]
        led = cards[0][-1]
        assert winner[-1] == trump or (winner[-1] == led and not any(c[-1] == trump for c in cards))
        assert reply["roem"] % 10 == 0 and 0 <= reply["roem"] <= 220
        total += reply["points"]
    assert total == 162


@st.composite
def deals(draw):
    pit = draw(st.sampled_from([None, None, None, "A", "B"]))
    a = 162 if pit == "A" else 0 if pit == "B" else draw(st.integers(0, 162))
    roem = {team: 10 * draw(st.integers(0, 30)) for team in "AB"}
    if pit:
        roem["B" if pit == "A" else "A"] = 0
    return draw(st.sampled_from("AB")), {"A": a, "B": 162 - a}, roem, pit, draw(rules_st)


@FAST
@given(deals())
def test_a_scored_deal_hands_out_every_point_once(line):
    playing, points, roem, pit, rules = line
    reply = answer({"id": 0, "cmd": "deal", "playing": playing, "points": points, "roem": roem, "pit": pit,
                    "rules": rules})
    everything = 162 + roem["A"] + roem["B"]
    bonus = rules.get("pit_bonus", 100) if pit else 0
    assert reply["score"]["A"] + reply["score"]["B"] == everything + bonus
    assert reply["nat"] == (2 * (points[playing] + roem[playing]) <= everything)
    if reply["nat"]:
        assert reply["score"][playing] == (bonus if pit == playing else 0)
    else:
        assert reply["score"] == {team: points[team] + roem[team] + (bonus if pit == team else 0) for team in "AB"}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5)
    | st.sampled_from(["legal", "trick", "deal", "H", "JH", "10S", "A", "B"]),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(["id", "cmd", "trump", "trick", "hand", "cards", "last", "playing", "points", "roem",
                         "pit", "rules", "A", "B", "undertrump", "pit_bonus"]), children, max_size=8),
    max_leaves=20)


@FAST
@given(json_values)
def test_any_json_gets_an_answer_never_an_exception(value):
    reply = answer(value)
    assert "id" in reply
    if "error" in reply:
        assert reply["error"]["code"] in CODES and reply["error"]["message"]
    json.dumps(reply)


@settings(max_examples=50, deadline=None)
@given(st.lists(json_values, max_size=8))
@example(["\x85", "\u2028 \u2029"])  # echoed, each a line break to str.splitlines: escaped in the answer
def test_the_batch_answers_every_line_as_the_api_does(values):
    lines = [json.dumps(value) + "\n" for value in values]
    out = io.StringIO()
    assert run_text(lines, out) == 0
    assert [json.loads(line) for line in out.getvalue().splitlines()] == [answer(value) for value in values]
