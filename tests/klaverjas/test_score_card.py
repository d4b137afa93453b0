"""One table's score card for a round: a 16-deal card by hand, totals, forfeit, every problem key, junk."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas import DealScore, HouseRules, KlaverjasError
from klaverjas.deals import check_deal
from klaverjas.score_card import CardProblem, CardScore, InvalidCard, check_card, forfeit_points, score_card

FAST = settings(max_examples=250, deadline=None)


def deal(playing, a, b, roem_a=0, roem_b=0, pit=None) -> dict:
    return {"playing": playing, "points": [a, b], "roem": [roem_a, roem_b], "pit": pit}


# (deal, its score by hand: (team A, team B, nat))
SIXTEEN = [
    (deal(0, 90, 72), (90, 72, False)),
    (deal(1, 60, 102, 20, 0), (80, 102, False)),  # 102 > (162 + 20) / 2
    (deal(0, 70, 92, 20, 50), (0, 232, True)),  # nat, roem on both sides: B 162 + 20 + 50
    (deal(0, 162, 0, 40, 0, 0), (302, 0, False)),  # pit for A: 162 + 40 + 100
    (deal(0, 0, 162, 0, 20, 1), (0, 282, True)),  # pit for B against A's play: 162 + 20 + 100
    (deal(1, 81, 81), (162, 0, True)),  # exactly half is nat
    (deal(0, 91, 71, 0, 20), (0, 182, True)),  # exactly half of 182 is nat
    (deal(1, 40, 122, 0, 100), (40, 222, False)),
    (deal(0, 100, 62, 50, 20), (150, 82, False)),
    (deal(1, 162, 0), (162, 0, True)),  # all card points but no pit: no bonus
    (deal(0, 82, 80), (82, 80, False)),
    (deal(1, 75, 87, 20, 0), (182, 0, True)),  # B's 87 is not more than 91
    (deal(0, 120, 42, 20, 20), (140, 62, False)),
    (deal(1, 30, 132), (30, 132, False)),
    (deal(0, 85, 77), (85, 77, False)),
    (deal(1, 0, 162, 0, 0, 1), (0, 262, False)),  # pit for B, B playing
]


def test_a_sixteen_deal_card_by_hand():
    card = {"deals": [line for line, _ in SIXTEEN]}
    assert check_card(card, 16) == []
    result = score_card(card, 16)
    assert [(score.a, score.b, score.nat) for score in result.deals] == [score for _, score in SIXTEEN]
    assert result.totals == (1505, 1787)
    assert result.roem == (170, 230)
    assert result.nat == (3, 3)  # A played and went nat in deals 3, 5, 7; B in 6, 10, 12
    assert result.pits == (1, 2)
    assert result.forfeit is None and result.played == 16
    assert result.deals[3] == DealScore(302, 0, False, "A") and result.deals[4].pit == "B"


def test_house_rules_reach_every_deal():
    result = score_card({"deals": [line for line, _ in SIXTEEN]}, 16, HouseRules(pit_bonus=0))
    assert result.totals == (1505 - 100, 1787 - 200)


def test_fewer_deals_than_the_round_has_are_a_card():
    result = score_card({"deals": [deal(0, 82, 80)]}, 16)
    assert result == CardScore((82, 80), (DealScore(82, 80, False, None),), (0, 0), (0, 0), (0, 0), None, 1)


def test_totals():
    assert score_card({"totals": [1505, 1787]}, 16) == CardScore((1505, 1787), (), (0, 0), (0, 0), (0, 0), None, 0)
    assert score_card({"totals": [0, 99_999]}, 1).totals == (0, 99_999)


def test_forfeit():
    assert forfeit_points(16) == 1296 and forfeit_points(1) == 81
    assert score_card({"forfeit": 1}, 16) == CardScore((1296, 0), (), (0, 0), (0, 0), (0, 0), 1, 0)
    assert score_card({"forfeit": 0}, 8).totals == (0, 648)


@pytest.mark.parametrize("deals_in_round", [0, 65, True, 16.0, None])
def test_a_round_has_1_to_64_deals(deals_in_round):
    with pytest.raises(ValueError):
        check_card({"totals": [1, 2]}, deals_in_round)
    with pytest.raises(ValueError):
        forfeit_points(deals_in_round)


def only(card, deals_in_round=16) -> CardProblem:
    problems = check_card(card, deals_in_round)
    assert len(problems) == 1, problems
    with pytest.raises(InvalidCard) as raised:
        score_card(card, deals_in_round)
    assert raised.value.problems == problems and isinstance(raised.value, ValueError)
    return problems[0]


def third(line: dict) -> dict:
    """A card whose third deal is ``line``."""
    return {"deals": [deal(0, 82, 80), deal(1, 70, 92), line, deal(0, 90, 72)]}


# (third deal, problem, side, params, message)
DEAL_PROBLEMS = [
    (deal(2, 80, 82), "playing-team", None, {"value": "2"},
     "Deal 3: the playing team must be 0 (team A) or 1 (team B), not 2"),
    (deal(True, 80, 82), "playing-team", None, {"value": "true"}, None),
    (deal("A", 80, 82), "playing-team", None, {"value": '"A"'}, None),
    ({**deal(0, 80, 82), "points": {"A": 80, "B": 82}}, "not-numbers", None,
     {"what": "points", "value": '{"A": 80, "B": 82}'}, None),
    ({**deal(0, 80, 82), "points": [80, 82, 0]}, "not-numbers", None, {"what": "points", "value": "[80, 82, 0]"},
     ("Deal 3: card points must be a list of two whole numbers, team A's then team B's, such as [80, 82], "
      "not [80, 82, 0]")),
    (deal(0, 80, "82"), "not-numbers", 1, {"what": "points", "team": "B", "value": '"82"'},
     "Deal 3: team B's card points: \"82\" is not a whole number"),
    (deal(0, 81.0, 81), "not-numbers", 0, {"what": "points", "team": "A", "value": "81.0"}, None),
    ({**deal(0, 80, 82), "roem": 20}, "not-numbers", None, {"what": "roem", "value": "20"}, None),
    (deal(0, 80, 82, True, 0), "not-numbers", 0, {"what": "roem", "team": "A", "value": "true"}, None),
    (deal(0, 163, -1), "points-range", 0, {"team": "A", "points": 163},
     "Deal 3: team A's card points 163 are not from 0 to 162"),
    (deal(0, 80, 163), "points-range", 1, {"team": "B", "points": 163}, None),
    (deal(0, 80, 80), "points-sum", None, {"sum": 160, "a": 80, "b": 80},
     "Deal 3: the card points add up to 160 (80 for team A, 80 for team B), not 162"),
    (deal(0, 80, 82, -20, 0), "roem-negative", 0, {"team": "A", "roem": -20}, "Deal 3: team A's roem -20 is negative"),
    (deal(0, 80, 82, 0, 15), "roem-multiple", 1, {"team": "B", "roem": 15},
     "Deal 3: team B's roem 15 is not a multiple of 10"),
    (deal(0, 80, 82, 0, 0, 2), "pit-team", None, {"value": "2"},
     "Deal 3: pit must be null, 0 (team A) or 1 (team B) (the side that won every trick), not 2"),
    (deal(0, 80, 82, 0, 0, "B"), "pit-team", None, {"value": '"B"'}, None),
    (deal(0, 80, 82, 0, 0, False), "pit-team", None, {"value": "false"}, None),
    (deal(0, 80, 82, 0, 0, 1), "pit-points", 1, {"team": "B", "points": 82},
     "Deal 3: team B has a pit but 82 card points: a team that wins every trick has all 162"),
    (deal(0, 162, 0, 0, 20, 0), "pit-roem", 1, {"team": "B", "other": "A", "roem": 20},
     "Deal 3: team B called 20 roem, but team A won every trick (pit): a team without a trick has no roem"),
    (deal(1, 0, 162, 20, 0, 1), "pit-roem", 0, {"team": "A", "other": "B", "roem": 20}, None),
    ("82-80", "bad-format", None, {"field": "deal", "value": '"82-80"'},
     "Deal 3: a deal must be an object with playing, points, roem and pit, not \"82-80\""),
    ({"playing": 0, "points": [80, 82], "roem": [0, 0]}, "bad-format", None, {"field": "pit", "missing": True},
     None),
    ({"points": [80, 82]}, "bad-format", None, {"field": "playing", "missing": True}, None),
]


@pytest.mark.parametrize(("line", "problem", "side", "params", "message"), DEAL_PROBLEMS)
def test_every_deal_problem_names_its_deal_and_team(line, problem, side, params, message):
    found = only(third(line))
    assert (found.problem, found.deal, found.side, found.params) == (problem, 3, side, params)
    assert found.message.startswith("Deal 3: ")
    if message is not None:
        assert found.message == message
    if side is not None:
        assert f"team {'AB'[side]}" in found.message


# (card, problem, side, params)
CARD_PROBLEMS = [
    ([1, 2], "bad-format", None, {"field": "card", "value": "[1, 2]"}),
    (None, "bad-format", None, {"field": "card", "value": "null"}),
    ({}, "empty", None, {}),
    ({"note": "rain"}, "empty", None, {}),
    ({"deals": [], "totals": [1, 2]}, "two-results", None, {"fields": ["deals", "totals"]}),
    ({"totals": [1, 2], "forfeit": 0}, "two-results", None, {"fields": ["totals", "forfeit"]}),
    ({"deals": []}, "no-deals", None, {}),
    ({"deals": {"1": deal(0, 82, 80)}}, "bad-format", None,
     {"field": "deals", "value": '{"1": {"playing": 0, "points": [82, 8...'}),
    ({"totals": [1505]}, "bad-format", None, {"field": "totals", "value": "[1505]"}),
    ({"totals": "1505-1787"}, "bad-format", None, {"field": "totals", "value": '"1505-1787"'}),
    ({"totals": [1505, 1787.0]}, "bad-format", 1, {"field": "total", "side": 1, "team": "B", "value": "1787.0"}),
    ({"totals": [False, 1787]}, "bad-format", 0, {"field": "total", "side": 0, "team": "A", "value": "false"}),
    ({"totals": [100_000, 1787]}, "totals-range", 0, {"side": 0, "team": "A", "total": 100_000}),
    ({"totals": [1505, -1]}, "totals-range", 1, {"side": 1, "team": "B", "total": -1}),
    ({"forfeit": 2}, "forfeit-side", None, {"value": "2"}),
    ({"forfeit": True}, "forfeit-side", None, {"value": "true"}),
    ({"forfeit": "A"}, "forfeit-side", None, {"value": '"A"'}),
    ({"forfeit": None}, "forfeit-side", None, {"value": "null"}),
]


@pytest.mark.parametrize(("card", "problem", "side", "params"), CARD_PROBLEMS)
def test_every_card_problem(card, problem, side, params):
    found = only(card)
    assert (found.problem, found.deal, found.side, found.params) == (problem, None, side, params)
    assert found.message[0].isupper() or found.message.split()[0] in ("totals", "deals", "forfeit")
    if side is not None:
        assert f"Team {'AB'[side]}" in found.message


def test_the_totals_message_names_the_team_and_the_bound():
    assert only({"totals": [1505, 100_000]}).message == "Team B's total 100000 is not from 0 to 99,999"


def test_more_deals_than_the_round_has():
    card = {"deals": [deal(0, 82, 80)] * 9}
    assert check_card(card, 9) == []
    found = only(card, 8)
    assert (found.problem, found.deal, found.side, found.params) == ("too-many-deals", None, None,
                                                                     {"deals": 9, "most": 8})
    assert found.message == "The score card has 9 deals, but the round has 8"


def test_several_problems_on_one_card_are_all_reported_in_deal_order():
    card = {"deals": [deal(0, 82, 80), deal(0, 80, 80), deal(0, 82, 80), deal(1, 80, 82, 0, 15),
                      deal(0, 163, -1, 15, 0), deal(5, 80, 82), deal(0, 162, 0, 0, 20, 0)]}
    problems = check_card(card, 6)
    assert [(found.problem, found.deal, found.side) for found in problems] == [
        ("too-many-deals", None, None), ("points-sum", 2, None), ("roem-multiple", 4, 1),
        ("points-range", 5, 0),  # only the first problem of a deal: its roem is not looked at
        ("playing-team", 6, None), ("pit-roem", 7, 1)]
    with pytest.raises(InvalidCard) as raised:
        score_card(card, 6)
    assert raised.value.problems == problems
    assert "Deal 4: team B's roem 15" in str(raised.value)


def test_check_deal_keys_and_params_keep_the_batch_messages():
    with pytest.raises(KlaverjasError) as raised:
        check_deal("A", {"A": 80, "B": 82}, {"A": 0, "B": 15}, None)
    error = raised.value
    assert (error.code, error.problem, error.params) == ("invalid-deal", "roem-multiple", {"team": "B", "roem": 15})
    assert error.message == "Team B's roem 15 is not a multiple of 10"
    assert error.as_json() == {"code": "invalid-deal", "message": error.message}
    plain = KlaverjasError("invalid-card", "1H is not a card")
    assert plain.problem is None and plain.params == {}


@pytest.mark.parametrize(("line", "problem", "params"), [
    (("C", {"A": 80, "B": 82}, {"A": 0, "B": 0}, None), "playing-team", {"value": '"C"'}),
    (("A", [80, 82], {"A": 0, "B": 0}, None), "not-numbers", {"what": "points", "value": "[80, 82]"}),
    (("A", {"A": 80}, {"A": 0, "B": 0}, None), "not-numbers", {"what": "points", "team": "B"}),
    (("A", {"A": 80, "B": 82}, {"A": 0, "B": "0"}, None), "not-numbers", {"what": "roem", "team": "B",
                                                                            "value": '"0"'}),
    (("A", {"A": 163, "B": -1}, {"A": 0, "B": 0}, None), "points-range", {"team": "A", "points": 163}),
    (("A", {"A": 80, "B": 80}, {"A": 0, "B": 0}, None), "points-sum", {"sum": 160, "a": 80, "b": 80}),
    (("A", {"A": 80, "B": 82}, {"A": -20, "B": 0}, None), "roem-negative", {"team": "A", "roem": -20}),
    (("A", {"A": 80, "B": 82}, {"A": 0, "B": 0}, "X"), "pit-team", {"value": '"X"'}),
    (("A", {"A": 160, "B": 2}, {"A": 0, "B": 0}, "A"), "pit-points", {"team": "A", "points": 160}),
    (("A", {"A": 162, "B": 0}, {"A": 0, "B": 20}, "A"), "pit-roem", {"team": "B", "other": "A", "roem": 20}),
])
def test_every_check_deal_problem_has_a_key(line, problem, params):
    with pytest.raises(KlaverjasError) as raised:
        check_deal(*line)
    assert (raised.value.problem, raised.value.params) == (problem, params)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
sides = st.sampled_from([0, 1, None, 2, True, "A"])
pairs = st.one_of(st.tuples(st.sampled_from([0, 20, 40, 81, 82, 162, 15, -10, 163]),
                            st.sampled_from([0, 20, 50, 80, 81, 162, -1])).map(list), json_values)
deal_lines = st.one_of(
    st.fixed_dictionaries({"playing": st.sampled_from([0, 1, 0, 1, 2, True]),
                           "points": st.sampled_from([80, 81, 0, 162, 82]).map(lambda a: [a, 162 - a]) | pairs,
                           "roem": st.sampled_from([[0, 0], [20, 0], [0, 50], [20, 20]]) | pairs,
                           "pit": st.sampled_from([None, None, None, 0, 1]) | sides}),
    json_values)
cards = st.one_of(
    json_values,
    st.fixed_dictionaries({"deals": st.lists(deal_lines, max_size=6)}),
    st.fixed_dictionaries({"totals": st.lists(st.integers(-5, 100_001) | json_values, max_size=3)}),
    st.fixed_dictionaries({"forfeit": sides | json_values}),
    st.dictionaries(st.sampled_from(["deals", "totals", "forfeit", "note"]), json_values, max_size=3),
)


@FAST
@given(cards, st.integers(1, 64))
def test_check_card_never_raises_and_score_card_succeeds_iff_it_finds_nothing(card, deals_in_round):
    problems = check_card(card, deals_in_round)
    assert all(isinstance(found, CardProblem) and found.message and found.side in (None, 0, 1) for found in problems)
    if problems:
        with pytest.raises(InvalidCard) as raised:
            score_card(card, deals_in_round)
        assert raised.value.problems == problems
    else:
        result = score_card(card, deals_in_round)
        assert all(0 <= total for total in result.totals)
        assert result.played == len(result.deals) <= deals_in_round


@FAST
@given(st.lists(st.tuples(st.sampled_from([0, 1]), st.integers(0, 162), st.sampled_from([0, 20, 50, 100]),
                          st.sampled_from([0, 20, 50])), min_size=1, max_size=16))
def test_a_card_of_good_deals_scores_as_the_deals_add_up(lines):
    card = {"deals": [deal(playing, a, 162 - a, roem_a, roem_b) for playing, a, roem_a, roem_b in lines]}
    result = score_card(card, 16)
    assert result.totals == (sum(score.a for score in result.deals), sum(score.b for score in result.deals))
    assert result.roem == (sum(line[2] for line in lines), sum(line[3] for line in lines))
    assert sum(result.nat) == sum(score.nat for score in result.deals)


def test_the_package_exports_the_score_card():
    import klaverjas

    for name in ("CardProblem", "CardScore", "InvalidCard", "check_card", "score_card", "forfeit_points"):
        assert name in klaverjas.__all__ and getattr(klaverjas, name) is globals()[name]
