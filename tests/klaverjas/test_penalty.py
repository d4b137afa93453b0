"""The deal's score under the club's revoke penalty (klaverjas/penalty.py) and the house rule
``revoke_penalty``: each value's score, worked by hand, for an offender that played the deal and one
that did not; the deal as played from its tricks; the flag written only when it is not the default,
so every answer and file with the default stays byte for byte as before; the batch's new fields only
when asked."""

from __future__ import annotations

import json

import pytest

from klaverjas.api import answer
from klaverjas.cards import parse_cards, parse_suit
from klaverjas.errors import KlaverjasError
from klaverjas.house_rules import DEFAULTS, HouseRules, parse_house_rules
from klaverjas.penalty import penalty_score, played_points, replay_score
from klaverjas.replay import replay

# A whole deal, trump hearts, seat 0 leads (docs/klaverjas.md's example 4). Seat 3 (team B) plays the
# ace of diamonds on the king of hearts in trick 2 and the ten of hearts in trick 4: a certain breach
# by team B. As played team A has 13 card points, team B 149 (the last trick's 10 included).
DEAL = [trick.split() for trick in (
    "7S AS 8S QS", "KH QH AD 9D", "8D 10D QD 7D", "7H 10H JS AH", "JC 7C KC 8C", "9S JD JH KS", "9H 8H 10S QC",
    "KD 10C 9C AC")]
HEARTS = parse_suit("H")


def codes(deal):
    return [parse_cards(trick) for trick in deal]


# (rule, offender, playing, roem A, roem B) -> the score {A, B}, worked by hand from docs/klaverjas.md
@pytest.mark.parametrize(("rule", "offender", "playing", "roem", "expected"), [
    # nat: the offender 0, the other team 162 + both teams' roem, whoever played
    ("nat", "B", "B", (20, 50), {"A": 232, "B": 0}),
    ("nat", "B", "A", (20, 50), {"A": 232, "B": 0}),
    ("nat", "A", "B", (0, 0), {"A": 0, "B": 162}),
    # roem-stays: the other team 162 + its own roem, the offender only its own roem
    ("roem-stays", "B", "B", (20, 50), {"A": 182, "B": 50}),
    ("roem-stays", "A", "B", (20, 50), {"A": 20, "B": 212}),
    ("roem-stays", "A", "A", (0, 0), {"A": 0, "B": 162}),
    # director: no score
    ("director", "A", "A", (20, 0), None),
])
def test_each_penalty_scores_as_documented(rule, offender, playing, roem, expected):
    scored = penalty_score(playing, {"A": roem[0], "B": roem[1]}, offender, rules=HouseRules(revoke_penalty=rule))
    assert (scored.rule, scored.offender, scored.score, scored.played) == (rule, offender, expected, None)


def test_the_three_penalties_differ_on_one_deal():
    """Team B played, called 20, and revoked: nat 182–0, roem stays 162–20, the director decides."""
    found = replay(HEARTS, 0, codes(DEAL))
    assert found.first.team == "B"
    scores = {rule: replay_score(HEARTS, 0, codes(DEAL), found, "B", {"A": 0, "B": 20},
                                 HouseRules(revoke_penalty=rule)) for rule in ("nat", "roem-stays", "director")}
    assert {rule: scored.score for rule, scored in scores.items()} == {
        "nat": {"A": 182, "B": 0}, "roem-stays": {"A": 162, "B": 20}, "director": None}
    for scored in scores.values():  # as played: B made it, 149 + 20 against 13
        assert scored.played.as_json() == {"score": {"A": 13, "B": 169}, "nat": False, "pit": None}


def test_the_deal_as_played_comes_from_its_tricks():
    points, pit = played_points(HEARTS, 0, codes(DEAL))
    assert points == {"A": 13, "B": 149} and sum(points.values()) == 162 and pit is None
    assert played_points(HEARTS, 0, codes(DEAL[:7])) is None  # not all laid out
    assert played_points(HEARTS, 0, codes(DEAL[:7]) + [parse_cards(["KD", "10C", "9C"])]) is None


def test_a_pit_as_played():
    """Spades trump, seat 0 leads and team A wins every trick: 162 and the pit bonus."""
    deal = codes(trick.split() for trick in (
        "JS 7S 9S 8S", "AS 7H AH 8H", "10S 9H 10H JH", "QS QH KH 7D", "KS 8D 9D 10D", "AD JD QD KD",
        "AC 7C 8C 9C", "10C JC QC KC"))
    spades = parse_suit("S")
    assert played_points(spades, 0, deal) == ({"A": 162, "B": 0}, "A")
    clean = replay(spades, 0, deal)
    scored = replay_score(spades, 0, deal, clean, "A", {"A": 20, "B": 0})
    assert clean.first is None and scored.offender is None
    assert scored.score == {"A": 282, "B": 0} and scored.played.pit == "A"  # 162 + 20 + 100


def test_without_a_breach_the_deal_counts_as_played_or_is_not_known():
    deal = codes(trick.split() for trick in ("AS 7S 8S 9S",))
    found = replay(HEARTS, 0, deal)
    scored = replay_score(HEARTS, 0, deal, found, "A")
    assert found.first is None and scored.as_json() == {"rule": "nat", "offender": None, "score": None,
                                                        "played": None}


@pytest.mark.parametrize(("playing", "roem", "problem"), [
    ("C", {"A": 0, "B": 0}, "playing-team"),
    ("A", {"A": 15, "B": 0}, "roem-multiple"),
    ("A", {"A": -10, "B": 0}, "roem-negative"),
    ("A", {"A": 10}, "not-numbers"),
])
def test_a_bad_team_or_roem_is_refused_as_a_deal_refuses_it(playing, roem, problem):
    with pytest.raises(KlaverjasError) as refused:
        penalty_score(playing, roem, "A")
    assert refused.value.code == "invalid-deal" and refused.value.problem == problem


# --------------------------------------------------------------------------- the house rule


def test_the_flag_is_written_only_when_it_is_not_the_default():
    six = {"trump_lead_overtrump": True, "partner_winning_free": True, "undertrump": "free", "four_of_a_kind": 50,
           "four_jacks": 50, "pit_bonus": 100}
    assert DEFAULTS.as_json() == six and list(DEFAULTS.as_json()) == list(six)  # byte for byte as before
    assert parse_house_rules({"revoke_penalty": "nat"}).as_json() == six
    assert parse_house_rules({"revoke_penalty": "director"}).as_json() == {**six, "revoke_penalty": "director"}
    assert parse_house_rules({"revoke_penalty": "roem-stays"}).revoke_penalty == "roem-stays"


@pytest.mark.parametrize("value", ["Nat", "", None, 1, True, ["nat"], "162"])
def test_an_unknown_penalty_is_refused(value):
    with pytest.raises(KlaverjasError) as refused:
        parse_house_rules({"revoke_penalty": value})
    assert refused.value.code == "invalid-rules"
    assert 'revoke_penalty must be "nat", "roem-stays" or "director"' in refused.value.message


# --------------------------------------------------------------------------- the batch


def ask(**fields):
    return answer({"id": 1, "cmd": "replay", "trump": "H", "leader": 0, "tricks": DEAL, **fields})


def test_the_batch_scores_the_deal_only_when_asked():
    plain = ask()
    assert "penalty" not in plain and list(plain) == ["id", "leaders", "breach", "possible"]
    scored = ask(playing="B", roem={"A": 0, "B": 20}, rules={"revoke_penalty": "roem-stays"})
    assert {key: scored[key] for key in plain} == plain  # the rest of the answer as it was
    assert scored["penalty"] == {"rule": "roem-stays", "offender": "B", "score": {"A": 162, "B": 20},
                                 "played": {"score": {"A": 13, "B": 169}, "nat": False, "pit": None}}
    assert ask(playing="A")["penalty"]["score"] == {"A": 162, "B": 0}  # roem left out: none called
    assert json.dumps(ask(playing="A", rules={"revoke_penalty": "director"})["penalty"]) == (  # A went nat
        '{"rule": "director", "offender": "B", "score": null, '
        '"played": {"score": {"A": 0, "B": 162}, "nat": true, "pit": null}}')


@pytest.mark.parametrize(("fields", "code"), [
    ({"roem": {"A": 0, "B": 20}}, "invalid-question"),  # roem without the team that played
    ({"playing": "X"}, "invalid-deal"),
    ({"playing": "A", "roem": {"A": 5, "B": 0}}, "invalid-deal"),
    ({"playing": "A", "roem": [20, 0]}, "invalid-deal"),
    ({"playing": "A", "rules": {"revoke_penalty": "half"}}, "invalid-rules"),
])
def test_a_bad_score_question_names_its_problem(fields, code):
    assert ask(**fields)["error"]["code"] == code
