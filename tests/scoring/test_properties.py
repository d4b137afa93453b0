"""Property tests: any valid sheet scores as the rules add up, and any standings are a proper ranking."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from scoring.points import DEFAULT_PAWN_ORDER_POINTS, INDIVIDUAL_MAX, score
from scoring.sheets import Sheet, validate
from scoring.standings import Entry, bye_score, rank
from scoring.systems import INDIVIDUAL_11, PAWN_ORDER

TEAMS = ("A", "B", "C")


@st.composite
def pawn_order_sheets(draw) -> Sheet:
    """2 or 3 teams; pawns arrive in any order until one team has all 8 home or the clock stops it."""
    teams = TEAMS[:draw(st.integers(2, 3))]
    arrivals: list[str] = []
    for index in draw(st.lists(st.integers(0, len(teams) - 1), max_size=30)):
        arrivals.append(teams[index])
        if arrivals.count(teams[index]) == 8:
            break
    return Sheet(teams, arrivals=tuple(arrivals), stopped_by_clock=draw(st.booleans()))


points_lists = st.one_of(
    st.just(DEFAULT_PAWN_ORDER_POINTS),
    st.lists(st.integers(0, 500), max_size=20).map(tuple),
)


@given(pawn_order_sheets(), points_lists)
def test_pawn_order_points_add_up(sheet, points_list):
    assert validate(PAWN_ORDER, sheet) == []
    result = score(PAWN_ORDER, sheet, points_list)
    winners = [team for team, table_score in result.items() if table_score.won]
    assert len(winners) <= 1
    assert winners == [team for team in sheet.teams if sheet.arrivals.count(team) == 8]
    expected = sum(points_list[:len(sheet.arrivals)]) + (200 if winners else 0)
    assert sum(table_score.points for table_score in result.values()) == expected
    assert sum(table_score.pawns_home for table_score in result.values()) == len(sheet.arrivals)


@given(pawn_order_sheets())
def test_an_arrival_after_the_win_is_always_caught(sheet):
    result = score(PAWN_ORDER, sheet)
    if any(table_score.won for table_score in result.values()):
        longer = Sheet(sheet.teams, arrivals=sheet.arrivals + (sheet.teams[0],))
        assert "arrivals-after-win" in [error.code for error in validate(PAWN_ORDER, longer)]


holes = st.lists(st.integers(1, 4), unique=True, max_size=4).map(tuple)


@given(st.integers(2, 3).flatmap(lambda n: st.lists(st.tuples(holes, holes), min_size=n, max_size=n)))
def test_individual_scores_stay_within_11(home_per_team):
    complete = [all(len(player) == 4 for player in players) for players in home_per_team]
    if sum(complete) > 1:  # two complete teams cannot happen; make the later ones incomplete
        home_per_team = [players if index == complete.index(True) or not full else (players[0][:3], players[1])
                         for index, (players, full) in enumerate(zip(home_per_team, complete))]
    sheet = Sheet(TEAMS[:len(home_per_team)], home=dict(zip(TEAMS, home_per_team)))
    assert validate(INDIVIDUAL_11, sheet) == []
    for table_score in score(INDIVIDUAL_11, sheet).values():
        assert all(0 <= points <= INDIVIDUAL_MAX for points in table_score.player_points)
        assert table_score.points == sum(table_score.player_points)
        assert (table_score.player_points == (INDIVIDUAL_MAX, INDIVIDUAL_MAX)) == table_score.won



@st.composite
def entry_lists(draw) -> list[Entry]:
    width = draw(st.integers(0, 4))
    scores = draw(st.lists(st.lists(st.one_of(st.none(), st.sampled_from([0, 100, 200, 300, 1120])),
                                    min_size=width, max_size=width), max_size=12))
    return [Entry(f"T{n}", f"Team {n}", tuple(row)) for n, row in enumerate(scores)]


@settings(max_examples=200)
@given(entry_lists(), st.integers(0, 2**32))
def test_rank_gives_unique_ranks_and_non_increasing_totals(entries, seed):
    standings = rank(entries, seed)
    assert [s.rank for s in standings] == list(range(1, len(entries) + 1))
    assert sorted(s.key for s in standings) == sorted(e.key for e in entries)
    totals = [s.points for s in standings]
    assert totals == sorted(totals, reverse=True)
    assert rank(list(reversed(entries)), seed) == standings

    def chain(standing):
        played = sorted((p for p in standing.rounds if p is not None), reverse=True)
        return sum(played), played + [0] * (4 - len(played))

    for above, below in zip(standings, standings[1:]):
        assert chain(above) >= chain(below)
    for index, standing in enumerate(standings):
        neighbours = standings[max(index - 1, 0):index] + standings[index + 1:index + 2]
        assert standing.lot == any(chain(other) == chain(standing) for other in neighbours)


@given(st.lists(st.integers(0, 1200), max_size=6))
def test_bye_is_the_average_rounded_half_up(played):
    if not played:
        assert bye_score(played) == 0
        return
    average = Fraction(sum(played), len(played))
    assert bye_score(played) == math.floor(average + Fraction(1, 2))
    assert min(played) <= bye_score(played) <= max(played)
