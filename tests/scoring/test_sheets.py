"""Every invalid sheet of scoring.md (and the checks added around them) gives its code and names the team."""

from __future__ import annotations

import pytest

from scoring.sheets import Sheet, SheetError, validate
from scoring.systems import INDIVIDUAL_11, KEEZEN_SYSTEMS, PAWN_ORDER, PAWNS_2PT


def codes(errors: list[SheetError]) -> list[str]:
    return [error.code for error in errors]


def only(system: str, sheet: Sheet) -> SheetError:
    errors = validate(system, sheet)
    assert len(errors) == 1, errors
    return errors[0]


FULL = (4, 3, 2, 1)

VALID = [
    (PAWN_ORDER, Sheet(("A", "B"), arrivals=tuple("AABABBAAABA"), stopped_by_clock=True)),
    (PAWN_ORDER, Sheet(("A", "B"), arrivals=tuple("AABABBAAABAA"))),
    (PAWN_ORDER, Sheet(("A", "B", "C"), arrivals=())),
    (PAWN_ORDER, Sheet(["A", "B"], arrivals=["B", "A"])),
    (PAWNS_2PT, Sheet(("T3", "T4"), pawns_home={"T3": 8, "T4": 6})),
    (PAWNS_2PT, Sheet(("A", "B", "C"), pawns_home={"A": 0, "B": 7, "C": 7}, stopped_by_clock=True)),
    (INDIVIDUAL_11, Sheet(("T5", "T6"), home={"T5": [[4, 3, 2, 1], [4, 3, 2, 1]], "T6": [[4, 3], [4]]})),
    (INDIVIDUAL_11, Sheet(("A", "B", "C"), home={"A": ((), ()), "B": ((1,), (2, 4)), "C": (FULL, (3,))})),
    (PAWN_ORDER, Sheet(("T7", "T8"), forfeit="T8")),
    (PAWNS_2PT, Sheet(("A", "B", "C"), forfeit="A", stopped_by_clock=True)),
]


@pytest.mark.parametrize("system, sheet", VALID)
def test_valid_sheets_have_no_errors(system, sheet):
    assert validate(system, sheet) == []


# --- scoring.md's invalid results --------------------------------------------------------

def test_more_than_8_pawns_home():
    error = only(PAWNS_2PT, Sheet(("T3", "T4"), pawns_home={"T3": 9, "T4": 2}))
    assert error == SheetError("too-many-pawns", "T3", "team T3 has 9 pawns home; a team has 8")


def test_more_than_8_arrivals_is_also_arrivals_after_the_win():
    errors = validate(PAWN_ORDER, Sheet(("A", "B"), arrivals=("A",) * 9))
    assert codes(errors) == ["too-many-pawns", "arrivals-after-win"]
    assert all(error.team == "A" for error in errors)


def test_arrivals_after_the_8th_pawn():
    error = only(PAWN_ORDER, Sheet(("A", "B"), arrivals=("A",) * 8 + ("B", "B")))
    assert error.code == "arrivals-after-win" and error.team == "A"
    assert error.message == "team A got its 8th pawn home at arrival 8, which ends the game, but 2 more arrivals follow"


@pytest.mark.parametrize("system, sheet, where", [
    (PAWN_ORDER, Sheet(("A", "B"), arrivals=("A", "T9", "T9")), "in the arrivals"),
    (PAWNS_2PT, Sheet(("A", "B"), pawns_home={"A": 1, "B": 2, "T9": 3}), "in 'pawns_home'"),
    (INDIVIDUAL_11, Sheet(("A", "B"), home={"A": ((), ()), "B": ((), ()), "T9": ((), ())}), "in 'home'"),
    (INDIVIDUAL_11, Sheet(("A", "B"), forfeit="T9"), "as the absent team"),
])
def test_team_not_seated(system, sheet, where):
    error = only(system, sheet)
    assert error.code == "not-seated" and error.team == "T9"
    assert error.message.startswith("team T9 is not seated at this table (A, B)") and where in error.message


@pytest.mark.parametrize("system, sheet", [
    (PAWN_ORDER, Sheet(("A", "B"), arrivals=("A",) * 7 + ("B",) * 8 + ("A",))),
    (PAWNS_2PT, Sheet(("A", "B"), pawns_home={"A": 8, "B": 8})),
    (INDIVIDUAL_11, Sheet(("A", "B"), home={"A": (FULL, FULL), "B": (FULL, (1, 2, 3, 4))})),
])
def test_two_teams_both_complete(system, sheet):
    errors = validate(system, sheet)
    error = errors[-1]
    assert error.code == "two-complete" and error.team == "B"
    assert "teams A and B" in error.message


def test_three_teams_complete_named_in_one_message():
    error = only(PAWNS_2PT, Sheet(("A", "B", "C"), pawns_home={"A": 8, "B": 8, "C": 8}))
    assert "teams A, B and C" in error.message


@pytest.mark.parametrize("hole", [0, 5, -1])
def test_hole_outside_1_to_4(hole):
    error = only(INDIVIDUAL_11, Sheet(("A", "B"), home={"A": ((4,), (3, hole)), "B": ((), ())}))
    assert error.code == "hole-out-of-range" and error.team == "A"
    assert error.message == f"team A, player 2: there is no hole {hole}; the home holes are 1 to 4"


def test_hole_used_twice_by_one_player():
    error = only(INDIVIDUAL_11, Sheet(("A", "B"), home={"A": ((4, 3, 3), ()), "B": ((), ())}))
    assert error == SheetError("hole-twice", "A", "team A, player 1 has 2 pawns in hole 3; a hole holds one pawn")


def test_same_hole_for_both_players_is_fine():
    assert validate(INDIVIDUAL_11, Sheet(("A", "B"), home={"A": ((4,), (4,)), "B": ((), ())})) == []


def test_more_than_4_pawns_for_one_player():
    errors = validate(INDIVIDUAL_11, Sheet(("A", "B"), home={"A": ((), (4, 3, 2, 1, 4)), "B": ((), ())}))
    assert codes(errors) == ["player-too-many-pawns", "hole-twice"]
    assert errors[0].message == "team A, player 2 has 5 pawns home; a player has 4"


# --- the checks around them --------------------------------------------------------------

@pytest.mark.parametrize("system, sheet, field", [
    (PAWN_ORDER, Sheet(("A", "B"), pawns_home={"A": 1, "B": 2}), "pawns_home"),
    (PAWNS_2PT, Sheet(("A", "B"), home={"A": ((), ()), "B": ((), ())}), "home"),
    (INDIVIDUAL_11, Sheet(("A", "B"), arrivals=("A",)), "arrivals"),
])
def test_result_field_must_fit_the_system(system, sheet, field):
    error = only(system, sheet)
    assert error.code == "wrong-result-field" and error.team is None
    assert f"counts {system}" in error.message and f"'{field}'" in error.message


def test_wrong_field_next_to_the_right_one():
    sheet = Sheet(("A", "B"), arrivals=("A",), pawns_home={"A": 1, "B": 0})
    assert codes(validate(PAWN_ORDER, sheet)) == ["wrong-result-field"]


def test_negative_pawn_count():
    error = only(PAWNS_2PT, Sheet(("A", "B"), pawns_home={"A": 3, "B": -1}))
    assert error == SheetError("negative-pawns", "B", "team B has -1 pawns home; a count cannot be negative")


@pytest.mark.parametrize("count", ["8", 2.0, True, None])
def test_pawn_count_must_be_a_whole_number(count):
    error = only(PAWNS_2PT, Sheet(("A", "B"), pawns_home={"A": count, "B": 0}))
    assert error.code == "not-a-number" and error.team == "A" and "team A" in error.message


def test_forfeit_with_a_result():
    error = only(PAWN_ORDER, Sheet(("A", "B"), arrivals=("A",), forfeit="B"))
    assert error.code == "forfeit-with-result" and error.team == "B"
    assert error.message.startswith("team B is absent (forfeit)") and "'arrivals'" in error.message


@pytest.mark.parametrize("teams", [(), ("A",), ("A", "B", "C", "D")])
def test_wrong_number_of_teams(teams):
    error = only(PAWN_ORDER, Sheet(teams, arrivals=()))
    assert error.code == "team-count" and f"this sheet has {len(teams)}" in error.message


def test_teams_must_be_distinct():
    error = only(PAWN_ORDER, Sheet(("A", "B", "A"), arrivals=("A",)))
    assert error == SheetError("duplicate-team", "A", "team A is seated more than once at this table")


@pytest.mark.parametrize("players", [((4,),), ((4,), (), ())])
def test_two_players_per_team_in_home(players):
    error = only(INDIVIDUAL_11, Sheet(("A", "B"), home={"A": ((), ()), "B": players}))
    assert error.code == "player-count" and error.team == "B"
    assert error.message == f"team B has {len(players)} players in 'home'; a team has 2"


@pytest.mark.parametrize("system, sheet", [
    (PAWNS_2PT, Sheet(("A", "B"), pawns_home={"A": 8})),
    (INDIVIDUAL_11, Sheet(("A", "B"), home={"A": (FULL, FULL)})),
])
def test_every_seated_team_needs_an_entry(system, sheet):
    error = only(system, sheet)
    assert error.code == "missing-team" and error.team == "B" and error.message.startswith("team B is seated")


def test_no_result_at_all():
    error = only(PAWNS_2PT, Sheet(("A", "B")))
    assert error.code == "no-result" and "'pawns_home'" in error.message


def test_unknown_system():
    error = only("dice", Sheet(("A", "B"), arrivals=()))
    assert error.code == "unknown-system" and all(system in error.message for system in KEEZEN_SYSTEMS)


@pytest.mark.parametrize("system, sheet, team", [
    (PAWN_ORDER, Sheet(("A", "B"), arrivals="AAB"), None),
    (PAWN_ORDER, Sheet(("A", "B"), arrivals=(["A"],)), None),
    (PAWN_ORDER, Sheet("AB", arrivals=()), None),
    (PAWNS_2PT, Sheet(("A", "B"), pawns_home=[("A", 1)]), None),
    (INDIVIDUAL_11, Sheet(("A", "B"), home={"A": "43", "B": ((), ())}), "A"),
    (INDIVIDUAL_11, Sheet(("A", "B"), home={"A": (4, 3), "B": ((), ())}), "A"),
])
def test_badly_shaped_values_are_errors_not_crashes(system, sheet, team):
    errors = validate(system, sheet)
    assert errors and errors[0].code == "bad-format" and errors[0].team == team


def test_hole_must_be_a_number():
    errors = validate(INDIVIDUAL_11, Sheet(("A", "B"), home={"A": ((4, "3", [2]), ()), "B": ((), ())}))
    assert codes(errors) == ["not-a-number", "not-a-number"]


def test_every_problem_is_reported_at_once():
    sheet = Sheet(("A", "B", "C"), home={"A": ((4, 4, 5, 1, 2),), "B": (FULL, FULL), "X": ((), ())})
    assert codes(validate(INDIVIDUAL_11, sheet)) == [
        "not-seated", "missing-team", "player-count", "player-too-many-pawns", "hole-out-of-range", "hole-twice",
    ]


def test_every_error_names_its_team():
    sheet = Sheet(("T1", "T2"), pawns_home={"T1": 12, "T2": -3})
    for error in validate(PAWNS_2PT, sheet):
        assert f"team {error.team}" in error.message
