"""Every worked example of scoring.md and seeds 001/003, forfeits and three-team tables."""

from __future__ import annotations

import pytest

from scoring.points import DEFAULT_PAWN_ORDER_POINTS, TableScore, full_win_points, score
from scoring.sheets import InvalidSheet, Sheet
from scoring.systems import INDIVIDUAL_11, PAWN_ORDER, PAWNS_2PT


def arrivals(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# --- pawn-order (seed 001) ---------------------------------------------------------------

def test_default_points_list_is_seed_001_table():
    assert DEFAULT_PAWN_ORDER_POINTS == (150, 140, 130, 120, 110, 100, 90, 80, 70, 60, 50, 40, 30, 20, 10)


def test_spec_example_stopped_by_clock():
    sheet = Sheet(("A", "B"), arrivals=arrivals("A A B A B B A A A B A"), stopped_by_clock=True)
    result = score(PAWN_ORDER, sheet)
    assert result == {"A": TableScore(700, 7, False), "B": TableScore(400, 4, False)}
    assert 150 + 140 + 120 + 90 + 80 + 70 + 50 == 700 and 130 + 110 + 100 + 60 == 400


def test_clock_flag_is_informational_without_a_complete_team():
    written = Sheet(("A", "B"), arrivals=arrivals("A A B A B B A A A B A"), stopped_by_clock=False)
    assert score(PAWN_ORDER, written) == {"A": TableScore(700, 7, False), "B": TableScore(400, 4, False)}


def test_win_gets_the_pot():
    sheet = Sheet(("A", "B"), arrivals=arrivals("A A B A B B A A A B A A"))
    result = score(PAWN_ORDER, sheet)
    assert result["A"] == TableScore(700 + 40 + 200, 8, True)
    assert result["B"] == TableScore(400, 4, False)


def test_complete_team_wins_even_if_clock_flag_set():
    sheet = Sheet(("A", "B"), arrivals=("A",) * 8, stopped_by_clock=True)
    assert score(PAWN_ORDER, sheet)["A"] == TableScore(1120, 8, True)


def test_no_pawn_home_scores_zero():
    sheet = Sheet(("A", "B"), arrivals=(), stopped_by_clock=True)
    assert score(PAWN_ORDER, sheet) == {"A": TableScore(0, 0, False), "B": TableScore(0, 0, False)}


def test_three_team_table_counts_over_all_teams_and_beyond_the_list_is_zero():
    # 7 + 7 + 7 = 21 arrivals, no one complete: arrivals 16 to 21 earn nothing.
    order = arrivals("A B C " * 7)
    result = score(PAWN_ORDER, Sheet(("A", "B", "C"), arrivals=order, stopped_by_clock=True))
    values = DEFAULT_PAWN_ORDER_POINTS + (0,) * 6
    assert result["A"] == TableScore(sum(values[0::3]), 7, False)
    assert result["B"] == TableScore(sum(values[1::3]), 7, False)
    assert result["C"] == TableScore(sum(values[2::3]), 7, False)
    assert result["A"].points == 150 + 120 + 90 + 60 + 30  # arrivals 16 and 19 earn 0
    assert sum(s.points for s in result.values()) == sum(DEFAULT_PAWN_ORDER_POINTS)


def test_three_team_table_with_a_winner():
    order = arrivals("C " * 8)
    result = score(PAWN_ORDER, Sheet(("A", "B", "C"), arrivals=order))
    assert result == {"A": TableScore(0, 0, False), "B": TableScore(0, 0, False), "C": TableScore(1120, 8, True)}


def test_custom_points_list():
    sheet = Sheet(("A", "B"), arrivals=arrivals("B A A"))
    result = score(PAWN_ORDER, sheet, points_list=(5, 3))
    assert result == {"A": TableScore(3, 2, False), "B": TableScore(5, 1, False)}


def test_result_is_in_seat_order():
    sheet = Sheet(("B", "A"), arrivals=arrivals("A"))
    assert list(score(PAWN_ORDER, sheet)) == ["B", "A"]


# --- pawns-2pt (seed 003) ----------------------------------------------------------------

def test_seed_003_example():
    result = score(PAWNS_2PT, Sheet(("team 1", "team 2"), pawns_home={"team 1": 6, "team 2": 8}))
    assert result["team 1"] == TableScore(12, 6, False, player_points=(6, 6))
    assert result["team 2"] == TableScore(26, 8, True, player_points=(13, 13))


def test_pawns_2pt_stopped_by_clock_has_no_bonus():
    result = score(PAWNS_2PT, Sheet(("A", "B"), pawns_home={"A": 7, "B": 0}, stopped_by_clock=True))
    assert result == {"A": TableScore(14, 7, False, player_points=(7, 7)),
                      "B": TableScore(0, 0, False, player_points=(0, 0))}


def test_pawns_2pt_three_teams():
    sheet = Sheet(("A", "B", "C"), pawns_home={"A": 3, "B": 8, "C": 5})
    result = score(PAWNS_2PT, sheet)
    assert [s.points for s in result.values()] == [6, 26, 10]
    assert [s.won for s in result.values()] == [False, True, False]


# --- individual-11 (seed 003) ------------------------------------------------------------

def test_individual_maximum_is_11():
    sheet = Sheet(("T5", "T6"), home={"T5": ((4, 3, 2, 1), (1, 2, 3, 4)), "T6": ((), ())})
    result = score(INDIVIDUAL_11, sheet)
    assert result["T5"] == TableScore(22, 8, True, player_points=(11, 11))
    assert result["T6"] == TableScore(0, 0, False, player_points=(0, 0))


def test_spec_file_example_with_json_lists():
    sheet = Sheet(["T5", "T6"], home={"T5": [[4, 3, 2, 1], [4, 3, 2, 1]], "T6": [[4, 3], [4]]})
    result = score(INDIVIDUAL_11, sheet)
    assert result["T6"] == TableScore(11, 3, False, player_points=(7, 4))
    assert result["T5"].player_points == (11, 11)


def test_individual_no_bonus_when_only_one_player_complete():
    sheet = Sheet(("A", "B"), home={"A": ((4, 3, 2, 1), (4, 3, 2)), "B": ((4,), (1,))}, stopped_by_clock=True)
    result = score(INDIVIDUAL_11, sheet)
    assert result["A"] == TableScore(19, 7, False, player_points=(10, 9))
    assert result["B"] == TableScore(5, 2, False, player_points=(4, 1))


def test_individual_three_teams():
    sheet = Sheet(("A", "B", "C"), home={"A": ((4,), (4, 3)), "B": ((4, 3, 2, 1),) * 2, "C": ((2,), ())})
    result = score(INDIVIDUAL_11, sheet)
    assert [s.player_points for s in result.values()] == [(4, 7), (11, 11), (2, 0)]


# --- forfeits ------------------------------------------------------------------------------

@pytest.mark.parametrize("system, points, players", [
    (PAWN_ORDER, 1120, None), (PAWNS_2PT, 26, (13, 13)), (INDIVIDUAL_11, 22, (11, 11)),
])
def test_forfeit_is_a_full_win_for_the_present_team(system, points, players):
    result = score(system, Sheet(("T7", "T8"), forfeit="T8"))
    assert result["T7"] == TableScore(points, 8, True, forfeit=True, player_points=players)
    assert result["T8"].points == 0 and not result["T8"].won and result["T8"].forfeit
    assert full_win_points(system) == points


def test_pawn_order_forfeit_is_the_first_eight_values_and_the_bonus():
    assert 150 + 140 + 130 + 120 + 110 + 100 + 90 + 80 + 200 == 1120
    assert full_win_points(PAWN_ORDER, (10, 5)) == 15 + 200


def test_forfeit_at_a_three_team_table_gives_both_present_teams_a_full_win():
    result = score(INDIVIDUAL_11, Sheet(("A", "B", "C"), forfeit="B"))
    assert result["A"].points == result["C"].points == 22
    assert result["B"] == TableScore(0, 0, False, forfeit=True, player_points=(0, 0))


def test_scoring_an_invalid_sheet_raises_with_every_error():
    with pytest.raises(InvalidSheet) as raised:
        score(PAWNS_2PT, Sheet(("A", "B"), pawns_home={"A": 9, "B": -1}))
    assert [e.code for e in raised.value.errors] == ["too-many-pawns", "negative-pawns"]
    assert "team A has 9 pawns home" in str(raised.value)
    assert isinstance(raised.value, ValueError)
