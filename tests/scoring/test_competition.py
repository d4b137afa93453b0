"""Competition ranking core (``scoring/competition.py``), cross-checked against the contract.

Why this file exists: the season ranking (best 6 of 8, periods, points for an excused absence,
a minimum of evenings, ties) is arithmetic that a club used to do by hand. These tests are small
seasons worked out by hand from ``shared/spec/competition.md`` — the expected numbers are in the
comments — plus property tests that hold for any season, so the core is checked against the
contract rather than against itself.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import given, settings, strategies as st

from scoring.competition import (Evening, Place, Result, RulesError, as_number, evening_points,
                                 parse_rules, rank)
from scoring.standings import lot_number

SEED = 20260901


def ev(number, *places):
    """An evening; ``places`` best first as (person or (person, person), points)."""
    return Evening(number, tuple(Place(i, points, people if isinstance(people, tuple) else (people,))
                                 for i, (people, points) in enumerate(places, start=1)))


def rules(per_evening="points", **more):
    return parse_rules({"per_evening": per_evening, **more})


def by_person(rows):
    return {row.person: row for row in rows}


def evenings_of(results):
    return [(r.evening, r.points, r.excused) for r in results]


# --- per_evening --------------------------------------------------------------------------------

def test_points_per_player_and_team_points_for_each_player():
    evening = ev(1, (("ann", "bob"), 14), (("cor", "dan"), 9))
    assert evening_points(rules("points"), evening) == {"ann": 14, "bob": 14, "cor": 9, "dan": 9}


def test_place_points_table_places_past_its_end_get_zero():
    # places 1..4 with table [25, 20, 16]: 25, 20, 16, 0 — whatever the tournament points were
    evening = ev(1, ("a", 3), ("b", 90), ("c", 40), ("d", 50))
    assert evening_points(rules("place_points", place_points=[25, 20, 16]), evening) == \
        {"a": 25, "b": 20, "c": 16, "d": 0}


def test_place_points_entrants():
    # 4 ranked entrants: 4-1+1=4, 3, 2, 1
    evening = ev(1, ("a", 30), ("b", 20), ("c", 10), ("d", 0))
    assert evening_points(rules("place_points", place_points="entrants"), evening) == \
        {"a": 4, "b": 3, "c": 2, "d": 1}
    # a team evening: the entrants are the 3 teams, each player gets the team's place points
    teams = ev(2, (("a", "b"), 30), (("c", "d"), 20), (("e", "f"), 10))
    assert evening_points(rules("place_points", place_points="entrants"), teams) == \
        {"a": 3, "b": 3, "c": 2, "d": 2, "e": 1, "f": 1}


def test_percentage_of_the_best_rounded_half_up():
    # best 32: 32 → 100; 16 → 50; 1 → 3.125 → 3.13 (half up; half-even would give 3.12);
    # 5 → 15.625 → 15.63 (half-even 15.62)
    evening = ev(1, ("a", 32), ("b", 16), ("c", 5), ("d", 1))
    assert evening_points(rules("percentage"), evening) == \
        {"a": D(100), "b": D(50), "c": D("15.63"), "d": D("3.13")}
    # 2 of 3 → 66.666… → 66.67
    assert evening_points(rules("percentage"), ev(2, ("a", 3), ("b", 2)))["b"] == D("66.67")


def test_percentage_when_the_best_scored_zero_gives_zero():
    assert evening_points(rules("percentage"), ev(1, ("a", 0), ("b", 0))) == {"a": 0, "b": 0}


def test_percentage_totals_keep_decimals():
    # a: 100 + 66.67 = 166.67; b: 66.67 + 100 = 166.67 → tie on everything → lot
    season = [ev(1, ("a", 3), ("b", 2)), ev(2, ("b", 3), ("a", 2))]
    rows = rank(rules("percentage"), season, [], SEED)
    assert [row.points for row in rows] == [D("166.67"), D("166.67")]
    assert all(row.lot for row in rows)


# --- count ----------------------------------------------------------------------------------------

def test_count_all_sums_every_result():
    season = [ev(1, ("a", 10), ("b", 4)), ev(2, ("b", 7)), ev(3, ("a", 1), ("b", 2))]
    rows = by_person(rank(rules(), season, [], SEED))
    assert rows["a"].points == 11 and rows["b"].points == 13  # 10+1, 4+7+2
    assert rows["a"].dropped == () and rows["a"].evenings == 2 and rows["b"].evenings == 3


def test_best_6_of_8():
    # a: 10, 4, 7, 12, 3, 9, 8, 6 → best six 12+10+9+8+7+6 = 52; drops e2 (4) and e5 (3)
    # b: 5 on four evenings → fewer than 6 results: all count, 20
    a = [10, 4, 7, 12, 3, 9, 8, 6]
    season = [ev(k, ("a", p), *([("b", 5)] if k <= 4 else [])) for k, p in enumerate(a, start=1)]
    rows = by_person(rank(rules(count={"best": 6, "of": 8}), season, [], SEED))
    assert rows["a"].points == 52
    assert [r.evening for r in rows["a"].counted] == [1, 3, 4, 6, 7, 8]  # evening order
    assert evenings_of(rows["a"].dropped) == [(2, 4, False), (5, 3, False)]
    assert rows["b"].points == 20 and len(rows["b"].counted) == 4 and rows["b"].dropped == ()
    assert [rows["a"].rank, rows["b"].rank] == [1, 2]


def test_best_among_equal_results_keeps_the_earlier_evening():
    season = [ev(k, ("a", 10)) for k in (1, 2, 3)]
    row = rank(rules(count={"best": 2, "of": 3}), season, [], SEED)[0]
    assert [r.evening for r in row.counted] == [1, 2] and [r.evening for r in row.dropped] == [3]


def test_best_among_equal_results_keeps_played_before_excused():
    # e1 excused (10 for absence), e2 and e3 played 10: best 2 keeps the played ones
    season = [ev(1, ("x", 1)), ev(2, ("a", 10)), ev(3, ("a", 10))]
    row = by_person(rank(rules(count={"best": 2, "of": 3}, absence={"points": 10}), season,
                         [(1, "a")], SEED))["a"]
    assert evenings_of(row.counted) == [(2, 10, False), (3, 10, False)]
    assert evenings_of(row.dropped) == [(1, 10, True)]


# --- periods ------------------------------------------------------------------------------------

def test_periods_best_of_each_and_they_decide_over_count():
    # a: 5, 9, 7 | 4, 8, 6. Najaar best 2: 9 + 7; Voorjaar best 1: 8 → 24
    # (count best 5 alone would give 9+8+7+6+5 = 35: periods decide)
    periods = [{"name": "Najaar", "evenings": [1, 2, 3], "best": 2},
               {"name": "Voorjaar", "evenings": [4, 5, 6], "best": 1}]
    season = [ev(k, ("a", p)) for k, p in enumerate([5, 9, 7, 4, 8, 6], start=1)]
    row = rank(rules(count={"best": 5, "of": 6}, periods=periods), season, [], SEED)[0]
    assert row.points == 24
    assert [r.evening for r in row.counted] == [2, 3, 5]
    assert [r.evening for r in row.dropped] == [1, 4, 6]


def test_results_outside_every_period_are_dropped():
    # periods {1, 2} best 1 and {4} best 1; evening 3 is in none: its 20 is dropped → 6 + 2 = 8
    periods = [{"name": "A", "evenings": [1, 2], "best": 1}, {"name": "B", "evenings": [4], "best": 1}]
    season = [ev(k, ("a", p)) for k, p in enumerate([3, 6, 20, 2], start=1)]
    row = rank(rules(periods=periods), season, [], SEED)[0]
    assert row.points == 8 and [r.evening for r in row.dropped] == [1, 3]


# --- absence ------------------------------------------------------------------------------------

def test_absence_points_up_to_max():
    # a plays e1 (10) and e5 (12), excused e2, e3, e4; max 2 → e2 and e3 give 8, e4 nothing
    # all: 10 + 8 + 8 + 12 = 38; evenings played: 2
    season = [ev(k, ("a", {1: 10, 5: 12}[k]) if k in (1, 5) else ("z", 1)) for k in range(1, 6)]
    excused = [(2, "a"), (3, "a"), (4, "a")]
    row = by_person(rank(rules(absence={"points": 8, "max": 2}), season, excused, SEED))["a"]
    assert row.points == 38 and row.evenings == 2
    assert evenings_of(row.results) == [(1, 10, False), (2, 8, True), (3, 8, True), (5, 12, False)]
    assert row.counted[1].as_json() == {"evening": 2, "points": 8, "excused": True}
    # best 3 of 5: 12, 10, 8 (e2) → 30; the excused e3 is a result, dropped
    row = by_person(rank(rules(absence={"points": 8, "max": 2}, count={"best": 3, "of": 5}),
                         season, excused, SEED))["a"]
    assert row.points == 30 and evenings_of(row.dropped) == [(3, 8, True)]


def test_absence_average_of_the_evenings_played():
    # played 10, 11, 11 → 32 / 3 = 10.666… → 10.67; total 32 + 10.67 = 42.67
    season = [ev(1, ("a", 10)), ev(2, ("a", 11)), ev(3, ("x", 5)), ev(4, ("a", 11))]
    row = by_person(rank(rules(absence={"points": "average"}), season, [(3, "a")], SEED))["a"]
    assert evenings_of(row.counted)[2] == (3, D("10.67"), True)
    assert row.points == D("42.67") and row.evenings == 3
    assert as_number(row.points) == 42.67


def test_absence_average_rounds_half_up():
    # played 1.25 and 1.24 → 1.245 → 1.25 (half-even would give 1.24); max 1: e4 gives nothing
    season = [ev(1, ("a", D("1.25"))), ev(2, ("a", D("1.24"))), ev(3, ("x", 1)), ev(4, ("x", 1))]
    row = by_person(rank(rules(absence={"points": "average", "max": 1}), season,
                         [(3, "a"), (4, "a")], SEED))["a"]
    assert evenings_of(row.results) == [(1, D("1.25"), False), (2, D("1.24"), False), (3, D("1.25"), True)]


def test_without_an_absence_rule_excused_is_no_result():
    season = [ev(1, ("a", 10)), ev(2, ("x", 3))]
    row = by_person(rank(rules(), season, [(2, "a")], SEED))["a"]
    assert evenings_of(row.results) == [(1, 10, False)]


def test_excused_on_an_evening_played_is_ignored():
    row = rank(rules(absence={"points": 8}), [ev(1, ("a", 10))], [(1, "a")], SEED)[0]
    assert evenings_of(row.results) == [(1, 10, False)]


# --- minimum_evenings ---------------------------------------------------------------------------

def test_minimum_evenings_lists_the_few_unranked_after_the_ranked():
    # minimum 2. c: 6+6 = 12 (rank 1), b: 5+5 = 10 (rank 2); a: 30 on one evening → unranked;
    # d: two excused evenings (8 + 8 = 16) but 0 played → unranked
    season = [ev(1, ("a", 30), ("c", 6), ("b", 5)), ev(2, ("c", 6), ("b", 5))]
    rows = rank(rules(absence={"points": 8}, minimum_evenings=2), season, [(1, "d"), (2, "d")], SEED)
    assert [(row.person, row.rank) for row in rows[:2]] == [("c", 1), ("b", 2)]
    assert {row.person for row in rows[2:]} == {"a", "d"}
    assert all(row.rank is None and not row.lot for row in rows[2:])
    assert by_person(rows)["d"].points == 16 and by_person(rows)["d"].evenings == 0


def test_unranked_ties_have_no_lot():
    season = [ev(1, ("a", 10), ("b", 10), ("c", 1)), ev(2, ("c", 1))]
    rows = by_person(rank(rules(minimum_evenings=2), season, [], SEED))
    assert rows["a"].rank is None and rows["b"].rank is None
    assert not rows["a"].lot and not rows["b"].lot and rows["c"].rank == 1


# --- ties ---------------------------------------------------------------------------------------

def test_tie_on_points_more_results_counted_first():
    # a: 10 + 10 = 20 from 2 results; b: 20 from 1 → a first, no lot
    season = [ev(1, ("b", 20), ("a", 10)), ev(2, ("a", 10))]
    rows = rank(rules(), season, [], SEED)
    assert [(row.person, row.rank, row.lot) for row in rows] == [("a", 1, False), ("b", 2, False)]


def test_tie_on_points_and_count_best_single_result_first():
    # a: 8 + 12 = 20, b: 10 + 10 = 20, two results each → a's 12 beats b's 10
    season = [ev(1, ("b", 10), ("a", 8)), ev(2, ("a", 12), ("b", 10))]
    rows = rank(rules(), season, [], SEED)
    assert [(row.person, row.lot) for row in rows] == [("a", False), ("b", False)]


def test_lot_decides_the_rest_by_lot_number():
    season = [ev(1, ("ann", 10), ("bob", 10), ("cor", 10), ("dan", 5))]
    orders = set()
    for seed in range(1, 21):
        rows = rank(rules(), season, [], seed)
        expected = sorted(["ann", "bob", "cor"], key=lambda p: lot_number(seed, p))
        assert [row.person for row in rows] == expected + ["dan"]
        assert [row.rank for row in rows] == [1, 2, 3, 4]
        assert [row.lot for row in rows] == [True, True, True, False]
        assert rank(rules(), season, [], seed) == rows  # same seed, same order
        orders.add(tuple(expected))
    assert len(orders) > 1  # the seed, not the name, decides


# --- after --------------------------------------------------------------------------------------

def test_after_ranks_as_if_only_the_first_evenings_were_held():
    # a: 10, 4, 20; b: 8, 8, 1; c excused e3 (absence 8).
    # after 2: b 16, a 14, c not there (e3 not held). After all: a 34, b 17, c 8.
    season = [ev(1, ("a", 10), ("b", 8)), ev(2, ("b", 8), ("a", 4)), ev(3, ("a", 20), ("b", 1))]
    r = rules(absence={"points": 8})
    rows = rank(r, season, [(3, "c")], SEED, after=2)
    assert [(row.person, row.points) for row in rows] == [("b", 16), ("a", 14)]
    rows = rank(r, season, [(3, "c")], SEED)
    assert [(row.person, row.points) for row in rows] == [("a", 34), ("b", 17), ("c", 8)]


def test_after_uses_only_held_evenings_for_the_average():
    # a: 10, excused e2, 20 on e3. After 2: average of {10} = 10. After 3: average of {10, 20} = 15
    season = [ev(1, ("a", 10)), ev(2, ("x", 1)), ev(3, ("a", 20))]
    r = rules(absence={"points": "average"})
    assert by_person(rank(r, season, [(2, "a")], SEED, after=2))["a"].points == 20
    assert by_person(rank(r, season, [(2, "a")], SEED))["a"].points == 45


# --- parse_rules --------------------------------------------------------------------------------

def test_only_per_evening_is_required():
    parsed = parse_rules({"per_evening": "points"})
    assert parsed.best is None and parsed.periods == () and parsed.absence_points is None
    assert parsed.minimum_evenings == 0


@pytest.mark.parametrize("data, words", [
    ({}, ["per_evening"]),
    ({"count": "all"}, ["per_evening"]),
    ({"per_evening": "goals"}, ["per_evening"]),
    ({"per_evening": "points", "count": {"best": 9, "of": 8}}, ["best", "9", "8"]),
    ({"per_evening": "points", "periods": [{"name": "A", "evenings": [1, 2], "best": 1},
                                           {"name": "B", "evenings": [2, 3], "best": 1}]},
     ["overlap", "2"]),
    ({"per_evening": "points", "count": {"best": 3, "of": 4},
      "periods": [{"name": "A", "evenings": [4, 5], "best": 1}]}, ["5", "outside"]),
    ({"per_evening": "points", "periods": [{"name": "A", "evenings": [0, 1], "best": 1}]}, ["0", "outside"]),
    ({"per_evening": "place_points"}, ["place_points"]),
    ({"per_evening": "place_points", "place_points": [25, -1]}, ["place_points"]),
    ({"per_evening": "place_points", "place_points": "everyone"}, ["place_points"]),
    ({"per_evening": "place_points", "place_points": []}, ["place_points"]),
    ({"per_evening": "points", "absence": {"points": -1, "max": 2}}, ["absence"]),
    ({"per_evening": "points", "absence": {"points": "lots"}}, ["absence"]),
    ({"per_evening": "points", "absence": {"max": 2}}, ["absence"]),
    ({"per_evening": "points", "absence": {"points": 8, "max": -1}}, ["absence", "max"]),
    ({"per_evening": "points", "minimum_evenings": -1}, ["minimum_evenings"]),
])
def test_bad_rules_are_refused_with_the_problem_named(data, words):
    with pytest.raises(RulesError) as caught:
        parse_rules(data)
    message = " ".join(caught.value.errors)
    assert caught.value.errors and all(word in message for word in words), message


def test_every_problem_is_named_at_once():
    with pytest.raises(RulesError) as caught:
        parse_rules({"per_evening": "goals", "count": {"best": 9, "of": 8}, "absence": {"max": 1}})
    assert len(caught.value.errors) == 3, caught.value.errors


# --- as_number ----------------------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [
    (D(44), 44), (D("44.00"), 44), (7, 7), (D("10.666"), 10.67), (D("1.005"), 1.01), (D("66.67"), 66.67),
])
def test_as_number(value, expected):
    got = as_number(value)
    assert got == expected and type(got) is type(expected)


def test_result_as_json():
    assert Result(3, D("8.50")).as_json() == {"evening": 3, "points": 8.5}
    assert Result(2, D(8), excused=True).as_json() == {"evening": 2, "points": 8, "excused": True}


# --- properties ---------------------------------------------------------------------------------

PEOPLE = ("ann", "bob", "cor", "dan", "eva")


@st.composite
def seasons(draw):
    """1–6 evenings of up to 5 people (points 0–30, best first), some excused, any rules."""
    held = draw(st.integers(1, 6))
    evenings = []
    for k in range(1, held + 1):
        people = draw(st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=5, unique=True))
        points = sorted(draw(st.lists(st.integers(0, 30), min_size=len(people), max_size=len(people))),
                        reverse=True)
        evenings.append(ev(k, *zip(people, points)))
    excused = draw(st.lists(st.tuples(st.integers(1, held), st.sampled_from(PEOPLE)), max_size=6))
    data = {"per_evening": draw(st.sampled_from(["points", "percentage", "place_points"])),
            "place_points": draw(st.sampled_from(["entrants", [10, 6, 3]])),
            "minimum_evenings": draw(st.integers(0, 2))}
    of = held + draw(st.integers(0, 2))
    if draw(st.booleans()):
        data["count"] = {"best": draw(st.integers(1, of)), "of": of}
    if draw(st.booleans()):
        cut = draw(st.integers(1, of))
        data["periods"] = [{"name": "A", "evenings": list(range(1, cut + 1)), "best": draw(st.integers(1, cut))}]
        if cut < of:
            data["periods"].append({"name": "B", "evenings": list(range(cut + 1, of + 1)), "best": 1})
    if draw(st.booleans()):
        data["absence"] = {"points": draw(st.sampled_from([0, 8, 2.5, "average"])), "max": draw(st.integers(0, 3))}
    return data, evenings, excused


@settings(max_examples=150, deadline=None)
@given(seasons(), st.integers(0, 10))
def test_any_season_adds_up_and_ranks_properly(season, seed):
    data, evenings, excused = season
    parsed = parse_rules(data)
    rows = rank(parsed, evenings, excused, seed)
    assert len({row.person for row in rows}) == len(rows)
    ranked = [row for row in rows if row.rank is not None]
    assert [row.rank for row in ranked] == list(range(1, len(ranked) + 1))
    assert rows[:len(ranked)] == ranked  # the unranked follow
    for row in rows:
        assert row.points == sum((r.points for r in row.counted), D(0))
        results = row.counted + row.dropped
        assert len({r.evening for r in results}) == len(results)  # one result an evening
        assert [r.evening for r in row.counted] == sorted(r.evening for r in row.counted)
        assert [r.evening for r in row.dropped] == sorted(r.evening for r in row.dropped)
        assert row.evenings == sum(1 for r in results if not r.excused)
        assert (row.rank is None) == (row.evenings < parsed.minimum_evenings)
        if "periods" in data:
            for period in data["periods"]:
                assert sum(1 for r in row.counted if r.evening in period["evenings"]) <= period["best"]
        elif "count" in data:
            assert len(row.counted) <= data["count"]["best"]
        else:
            assert row.dropped == ()
    # "all" never gives less than best N / periods (all points are >= 0)
    everything = by_person(rank(parse_rules({k: v for k, v in data.items() if k not in ("count", "periods")}),
                                evenings, excused, seed))
    for row in rows:
        assert row.points <= everything[row.person].points
        assert set(row.counted + row.dropped) == set(everything[row.person].counted)
    # the same seed gives the same standings; after k is the season cut at k
    assert rank(parsed, evenings, excused, seed) == rows
    cut = len(evenings) // 2 + 1
    assert rank(parsed, evenings, excused, seed, after=cut) == rank(parsed, evenings[:cut], excused, seed)
