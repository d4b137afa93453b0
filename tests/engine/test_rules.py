"""The rules R1–R21 of shared/spec/keezen-rules.md, asked through `engine.api.answer` (engine-cli.md).

Every expected answer below is worked out by hand from the two spec files. Geometry: 16 holes per
seat, seat s starts on t(16·s) and enters its home from the hole before its start: for seat 0 with
4 players t63 → h1, so from t62 the home holes h1 … h4 are 2 … 5 steps away. Default teams are the
opposite seats (4 players: 0+2 and 1+3; 6 players: 0+3, 1+4, 2+5). Unlisted pawns are in the nest.

Where the spec does not settle the reason code of a refusal, the test only asserts that the move
is refused (and not listed); those places are marked "reason not asserted".
"""

from __future__ import annotations

import pytest

from tests.engine.helpers import (
    CARDS, HOME, assert_legal, assert_refused, board, can_fold, check, engine_error, move_texts,
    moves, pawns_after, pos, result_of, unordered,
)

OPTIONAL = {"home_entry": "optional"}


# --------------------------------------------------------------------------------------------------
# R1 Ace: place a pawn on the own start hole, or move a pawn 1 forward
# --------------------------------------------------------------------------------------------------

def test_r1_ace_places_or_moves_one_forward():
    assert move_texts(pos(pawns={0: ["t10"]}), 0, "A") == {"A 0:n>t0", "A 0:t10>t11"}


def test_r1_ace_placing_puts_a_nest_pawn_on_the_start_hole():
    assert pawns_after(pos(pawns={0: ["t10"]}), 0, "A", "A 0:n>t0") == board(4, {0: ["t0", "t10"]})


def test_r1_ace_moves_one_inside_the_home():
    assert move_texts(pos(pawns={0: ["h1"]}), 0, "A") == {"A 0:n>t0", "A 0:h1>h2"}


def test_r1_ace_moves_exactly_one_step():
    assert_refused(pos(pawns={0: ["t10"]}), 0, "A", "A 0:t10>t12", "wrong-steps")


# --------------------------------------------------------------------------------------------------
# R2 King: only places a pawn on the own start hole t(16·s)
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, seat, expected", [
    (2, 1, "K 1:n>t16"),
    (4, 0, "K 0:n>t0"),
    (4, 3, "K 3:n>t48"),
    (6, 4, "K 4:n>t64"),
    (8, 7, "K 7:n>t112"),
])
def test_r2_king_only_places_on_the_own_start(players, seat, expected):
    # one pawn of the seat is already on the track 5 holes past its start: the King does not move it
    position = pos(players, {seat: [f"t{16 * seat + 5}"]})
    assert move_texts(position, seat, "K") == {expected}


def test_r2_king_result():
    assert pawns_after(pos(pawns={3: ["t53"]}), 3, "K", "K 3:n>t48") == board(4, {3: ["t48", "t53"]})


def test_r2_king_cannot_move_a_pawn():
    assert_refused(pos(pawns={0: ["t10"]}), 0, "K", "K 0:t10>t11", "wrong-card")


# --------------------------------------------------------------------------------------------------
# R3 Queen: 12 forward
# --------------------------------------------------------------------------------------------------

def test_r3_queen_moves_twelve():
    assert move_texts(pos(pawns={0: ["t10"]}), 0, "Q") == {"Q 0:t10>t22"}


def test_r3_queen_cannot_place():
    assert_refused(pos(pawns={0: ["t10"]}), 0, "Q", "Q 0:n>t0", "wrong-card")


def test_r3_queen_moves_exactly_twelve():
    assert_refused(pos(pawns={0: ["t10"]}), 0, "Q", "Q 0:t10>t21", "wrong-steps")


# --------------------------------------------------------------------------------------------------
# R4 Jack (basic; the details are under R14)
# --------------------------------------------------------------------------------------------------

def test_r4_jack_swaps_own_pawn_with_another_colour():
    position = pos(pawns={0: ["t10"], 1: ["t20"]})
    assert move_texts(position, 0, "J") == {"J 0:t10<>1:t20"}
    assert pawns_after(position, 0, "J", "J 0:t10<>1:t20") == board(4, {0: ["t20"], 1: ["t10"]})


def test_r4_jack_without_own_pawn_on_the_track_cannot_be_played():
    assert move_texts(pos(pawns={0: ["h1"], 1: ["t20"]}), 0, "J") == set()


@pytest.mark.parametrize("card, move", [
    ("5", "5 0:t10<>1:t20"),  # a swap claimed with a 5
    ("A", "A 0:t10<>1:t20"),
    ("J", "J 0:t10>t15"),  # a jack claimed as a step move
])
def test_r4_swap_only_with_a_jack(card, move):
    assert_refused(pos(pawns={0: ["t10"], 1: ["t20"]}), 0, card, move, "wrong-card")


# --------------------------------------------------------------------------------------------------
# R5 Seven (basic; the details are under R15)
# --------------------------------------------------------------------------------------------------

def test_r5_seven_single_pawn_moves_seven():
    assert move_texts(pos(pawns={0: ["t10"]}), 0, "7") == {"7 0:t10>t17"}  # passes t16, empty


def test_r5_seven_cannot_place():
    assert_refused(pos(pawns={0: ["t10"]}), 0, "7", "7 0:n>t0", "wrong-card")


# --------------------------------------------------------------------------------------------------
# R6 Four: 4 backward
# --------------------------------------------------------------------------------------------------

def test_r6_four_moves_four_backward():
    position = pos(pawns={0: ["t10"]})
    assert move_texts(position, 0, "4") == {"4 0:t10>t6"}
    assert pawns_after(position, 0, "4", "4 0:t10>t6") == board(4, {0: ["t6"]})


def test_r6_four_cannot_place():
    assert_refused(pos(pawns={0: ["t10"]}), 0, "4", "4 0:n>t0", "wrong-card")


# --------------------------------------------------------------------------------------------------
# R7 number cards, R8 exact step count (hole by hole), board geometry for 2, 4, 6 and 8 players
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card", ["2", "3", "5", "6", "8", "9", "10"])
def test_r7_number_card_moves_its_number_forward(card):
    # t10 + 6 lands on t16 (seat 1's start, empty); + 10 passes it
    assert move_texts(pos(pawns={0: ["t10"]}), 0, card) == {f"{card} 0:t10>t{10 + int(card)}"}


@pytest.mark.parametrize("card", ["5", "Q"])
def test_r7_number_card_cannot_place(card):
    assert move_texts(pos(), 0, card) == set()


def test_r8_occupied_holes_count_as_steps():
    position = pos(pawns={0: ["t10"], 1: ["t11", "t12"]})
    assert move_texts(position, 0, "5") == {"5 0:t10>t15"}  # t11, t12 (occupied), t13, t14, t15


@pytest.mark.parametrize("card, move", [
    ("2", "2 0:t10>t13"),
    ("5", "5 0:t10>t14"),
    ("10", "10 0:t10>t21"),
    ("4", "4 0:t10>t7"),
])
def test_r8_wrong_number_of_steps(card, move):
    assert_refused(pos(pawns={0: ["t10"]}), 0, card, move, "wrong-steps")


@pytest.mark.parametrize("players, seat, start, card, expected", [
    (2, 0, "t29", "5", "5 0:t29>h3"),     # t30, t31, h1, h2, h3
    (2, 1, "t30", "5", "5 1:t30>t3"),     # t31, t0, t1, t2, t3 (seat 0's start is empty)
    (4, 0, "t60", "5", "5 0:t60>h2"),     # t61, t62, t63, h1, h2
    (4, 2, "t30", "2", "2 2:t30>h1"),     # t31, h1
    (4, 3, "t60", "5", "5 3:t60>t1"),     # t61, t62, t63, t0, t1
    (6, 0, "t93", "5", "5 0:t93>h3"),     # t94, t95, h1, h2, h3
    (6, 3, "t44", "6", "6 3:t44>h3"),     # t45, t46, t47, h1, h2, h3
    (6, 5, "t90", "8", "8 5:t90>t2"),     # t91 … t95, t0, t1, t2
    (8, 0, "t125", "6", "6 0:t125>h4"),   # t126, t127, h1, h2, h3, h4
    (8, 7, "t120", "10", "10 7:t120>t2"),  # t121 … t127, t0, t1, t2
])
def test_r8_geometry_forward(players, seat, start, card, expected):
    assert move_texts(pos(players, {seat: [start]}), seat, card) == {expected}


@pytest.mark.parametrize("players, seat, start, expected", [
    (2, 0, "t1", "4 0:t1>t29"),     # t0 (own start, empty), t31, t30, t29
    (4, 2, "t34", "4 2:t34>t30"),   # t33, t32 (own start, empty), t31, t30
    (6, 3, "t50", "4 3:t50>t46"),   # t49, t48 (own start, empty), t47, t46
    (8, 0, "t0", "4 0:t0>t124"),    # t127, t126, t125, t124
])
def test_r8_geometry_backward(players, seat, start, expected):
    assert move_texts(pos(players, {seat: [start]}), seat, "4") == {expected}


def test_r8_move_of_a_pawn_that_is_not_there():
    assert_refused(pos(pawns={0: ["t10"]}), 0, "5", "5 0:t7>t12", "no-pawn-there")


def test_r8_jack_with_a_pawn_that_is_not_there():
    position = pos(pawns={0: ["t10"], 1: ["t20"]})
    assert_refused(position, 0, "J", "J 0:t11<>1:t20", "no-pawn-there")
    assert_refused(position, 0, "J", "J 0:t10<>1:t21", "no-pawn-there")


# --------------------------------------------------------------------------------------------------
# R9 "own pawns": an opponent's pawn, or the partner's while own pawns are not all home
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, pawns, move", [
    (4, {0: ["t10"], 1: ["t20"]}, "5 1:t20>t25"),                       # an opponent's pawn
    (4, {0: ["t10"], 2: ["t40"]}, "5 2:t40>t45"),                       # partner's, own pawn on the track
    (4, {0: ["h1", "h2", "h3"], 2: ["t40"]}, "5 2:t40>t45"),            # partner's, own pawn in the nest
    (4, {0: HOME, 1: ["t20"], 2: ["t40"]}, "5 1:t20>t25"),              # all home: still not the opponent's
    (2, {0: HOME, 1: ["t20"]}, "5 1:t20>t25"),                          # 2 players: no partner at all
])
def test_r9_not_own_pawn(players, pawns, move):
    assert_refused(pos(players, pawns), 0, "5", move, "not-own-pawn")


def test_r9_seat_1_cannot_move_colour_0():
    assert_refused(pos(pawns={0: ["t10"], 1: ["t20"]}), 1, "5", "5 0:t10>t15", "not-own-pawn")


# --------------------------------------------------------------------------------------------------
# R10 Capture: ending on a pawn sends it to its owner's nest; passing does not
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, seat, pawns, card, move, after", [
    (4, 0, {0: ["t10"], 1: ["t15"]}, "5", "5 0:t10>t15", {0: ["t15"]}),            # opponent
    (4, 0, {0: ["t10"], 2: ["t15"]}, "5", "5 0:t10>t15", {0: ["t15"]}),            # partner
    (4, 0, {0: ["t10", "t15"]}, "5", "5 0:t10>t15", {0: ["t15"]}),                 # own pawn
    (4, 0, {0: ["t10"], 3: ["t6"]}, "4", "4 0:t10>t6", {0: ["t6"]}),               # backward too
    (4, 0, {0: ["t14"], 3: ["t16"]}, "2", "2 0:t14>t16", {0: ["t16"]}),            # on another colour's start
    (2, 0, {0: ["t3"], 1: ["t11"]}, "8", "8 0:t3>t11", {0: ["t11"]}),
    (6, 1, {1: ["t20"], 5: ["t28"]}, "8", "8 1:t20>t28", {1: ["t28"]}),
])
def test_r10_capture(players, seat, pawns, card, move, after):
    assert pawns_after(pos(players, pawns), seat, card, move) == board(players, after)


def test_r10_passing_does_not_capture():
    position = pos(pawns={0: ["t10"], 1: ["t12"]})
    assert pawns_after(position, 0, "5", "5 0:t10>t15") == board(4, {0: ["t15"], 1: ["t12"]})


def test_r10_own_capture_is_a_listed_legal_move():
    position = pos(pawns={0: ["t10", "t15"]})
    assert move_texts(position, 0, "5") == {"5 0:t10>t15", "5 0:t15>t20"}
    assert check(position, 0, "5", "5 0:t10>t15")["legal"] is True


# --------------------------------------------------------------------------------------------------
# R11 Blocked start: a pawn on its own start hole cannot be passed or landed on, by anyone
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, seat, pawns, card, move, rules", [
    (4, 0, {0: ["t14"], 1: ["t16"]}, "5", "5 0:t14>t19", None),           # passing forward
    (4, 0, {0: ["t14"], 1: ["t16"]}, "2", "2 0:t14>t16", None),           # landing forward
    (4, 0, {0: ["t18"], 1: ["t16"]}, "4", "4 0:t18>t14", None),           # passing backward: t17, t16
    (4, 0, {0: ["t20"], 1: ["t16"]}, "4", "4 0:t20>t16", None),           # landing backward
    (4, 1, {1: ["t16", "t18"]}, "4", "4 1:t18>t14", None),                # own pawn blocks backward
    (4, 0, {0: ["t0", "t62"]}, "5", "5 0:t62>t3", OPTIONAL),              # own pawn blocks forward: t63, t0
    (6, 0, {0: ["t45"], 3: ["t48"]}, "5", "5 0:t45>t50", None),           # t46, t47, t48
    (2, 0, {0: ["t13"], 1: ["t16"]}, "Q", "Q 0:t13>t25", None),           # t14, t15, t16
    (4, 0, {0: ["t14", "t30"], 1: ["t16"]}, "7", "7 0:t14>t18,0:t30>t33", None),  # in a part of a 7
])
def test_r11_blocked_start_is_refused(players, seat, pawns, card, move, rules):
    assert_refused(pos(players, pawns, rules), seat, card, move, "blocked-start")


@pytest.mark.parametrize("card, expected", [
    ("5", set()),
    ("2", set()),
    ("A", {"A 0:n>t0", "A 0:t14>t15"}),
])
def test_r11_blocked_start_moves(card, expected):
    assert move_texts(pos(pawns={0: ["t14"], 1: ["t16"]}), 0, card) == expected


def test_r11_blocking_pawn_itself_may_leave():
    assert move_texts(pos(pawns={1: ["t16"]}), 1, "5") == {"5 1:t16>t21"}


def test_r11_own_pawn_on_own_start_blocks_own_pawn_backward():
    assert move_texts(pos(pawns={1: ["t16", "t18"]}), 1, "4") == {"4 1:t16>t12"}


def test_r11_other_colour_on_a_start_does_not_block():
    position = pos(pawns={0: ["t14"], 2: ["t16"]})  # colour 2 on seat 1's start
    assert move_texts(position, 0, "5") == {"5 0:t14>t19"}
    assert pawns_after(position, 0, "5", "5 0:t14>t19") == board(4, {0: ["t19"], 2: ["t16"]})


def test_r11_other_colour_on_a_start_is_captured_backward():
    position = pos(pawns={0: ["t20"], 2: ["t16"]})
    assert pawns_after(position, 0, "4", "4 0:t20>t16") == board(4, {0: ["t16"]})


def test_r11_placed_pawn_blocks():
    after = result_of(pos(pawns={0: ["t14"]}), 1, "K", "K 1:n>t16")
    assert move_texts(after, 0, "5") == set()


# --------------------------------------------------------------------------------------------------
# R12 Placing (A, K)
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, seat, card, pawns, move, after", [
    (4, 0, "K", {1: ["t0"]}, "K 0:n>t0", {0: ["t0"]}),        # opponent on my start: captured
    (4, 0, "A", {2: ["t0"]}, "A 0:n>t0", {0: ["t0"]}),        # partner on my start: captured
    (2, 1, "K", {0: ["t16"]}, "K 1:n>t16", {1: ["t16"]}),
])
def test_r12_placing_captures_another_colour_on_the_start(players, seat, card, pawns, move, after):
    assert move in move_texts(pos(players, pawns), seat, card)
    assert pawns_after(pos(players, pawns), seat, card, move) == board(players, after)


def test_r12_king_with_own_colour_on_start():
    position = pos(pawns={0: ["t0"]})
    assert move_texts(position, 0, "K") == set()
    assert_refused(position, 0, "K", "K 0:n>t0", "start-occupied")


def test_r12_ace_with_own_colour_on_start_only_steps():
    position = pos(pawns={0: ["t0"]})
    assert move_texts(position, 0, "A") == {"A 0:t0>t1"}
    assert_refused(position, 0, "A", "A 0:n>t0", "start-occupied")


def test_r12_ace_with_empty_nest_only_steps():
    position = pos(pawns={0: ["t5", "t10", "t20", "t30"]})
    assert move_texts(position, 0, "A") == {"A 0:t5>t6", "A 0:t10>t11", "A 0:t20>t21", "A 0:t30>t31"}
    assert_refused(position, 0, "A", "A 0:n>t0", "nest-empty")


def test_r12_placing_elsewhere_than_the_own_start_is_refused():
    assert_refused(pos(), 0, "K", "K 0:n>t5")  # reason not asserted


# --------------------------------------------------------------------------------------------------
# R13 Home: exact count, forward only, no jumping, no capture; forced or optional entry
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pawns, card, expected", [
    (["t61"], "3", {"3 0:t61>h1"}),                     # t62, t63, h1
    (["t62"], "5", {"5 0:t62>h4"}),                     # t63, h1, h2, h3, h4
    (["t62"], "3", {"3 0:t62>h2"}),                     # any order: h1 stays empty
    (["t60", "h4"], "6", {"6 0:t60>h3"}),               # t61, t62, t63, h1, h2, h3
    (["t60"], "7", {"7 0:t60>h4"}),                     # t61, t62, t63, h1 … h4
    (["t63"], "A", {"A 0:n>t0", "A 0:t63>h1"}),
    (["h1"], "2", {"2 0:h1>h3"}),                       # forward inside the home
    (["h1", "h2"], "2", {"2 0:h2>h4"}),                 # h1 would jump h2
    (["h1", "h3"], "2", set()),                         # h1 → h3 lands on a pawn, h3 → beyond h4
    (["t62", "h2"], "2", {"2 0:t62>h1", "2 0:h2>h4"}),
    (["t62", "h2"], "3", set()),                        # t62 → h2 lands on a home pawn, h2 + 3 overshoots
    (["t62", "h2"], "5", set()),                        # t62 → h4 would jump h2
    (["t62"], "6", set()),                              # h4 is 5 away
    (["t60"], "Q", set()),                              # h4 is 7 away
])
def test_r13_home_moves(pawns, card, expected):
    assert move_texts(pos(pawns={0: pawns}), 0, card) == expected


@pytest.mark.parametrize("pawns, card, move, reason", [
    (["t62"], "6", "6 0:t62>h4", "overshoots-home"),        # 6 from t62 goes one beyond h4
    (["h2"], "3", "3 0:h2>h4", "overshoots-home"),          # h3, h4, beyond
    (["t62", "h2"], "5", "5 0:t62>h4", "passes-home-pawn"),  # t63, h1, h2 (pawn), h3, h4
    (["h1", "h2"], "2", "2 0:h1>h3", "passes-home-pawn"),
    (["h2"], "4", "4 0:h2>t61", "home-backward"),           # h1, t63, t62, t61
    (["h4"], "4", "4 0:h4>t63", "home-backward"),           # h3, h2, h1, t63
])
def test_r13_home_refusals(pawns, card, move, reason):
    assert_refused(pos(pawns={0: pawns}), 0, card, move, reason)


def test_r13_landing_on_a_home_pawn_is_refused():
    assert_refused(pos(pawns={0: ["t62", "h2"]}), 0, "3", "3 0:t62>h2")  # reason not asserted


def test_r13_entering_the_home_result():
    assert pawns_after(pos(pawns={0: ["t10", "t62"]}), 0, "3", "3 0:t62>h2") == board(4, {0: ["t10", "h2"]})


@pytest.mark.parametrize("seat, pawns, card, move", [
    (0, ["t62"], "5", "5 0:t62>t3"),      # t63, then t0 … t3 instead of h1 … h4
    (0, ["t63"], "A", "A 0:t63>t0"),
    (1, ["t14"], "2", "2 1:t14>t16"),     # t15, then t16 instead of h1
])
def test_r13_forced_home_entry_refuses_passing_the_entrance(seat, pawns, card, move):
    assert_refused(pos(pawns={seat: pawns}), seat, card, move, "own-home-entrance")


def test_r13_forced_is_the_default_and_the_explicit_value():
    for rules in (None, {"home_entry": "forced"}):
        assert move_texts(pos(pawns={0: ["t62"]}, rules=rules), 0, "5") == {"5 0:t62>h4"}


@pytest.mark.parametrize("players, seat, pawns, card, expected", [
    (4, 0, ["t62"], "5", {"5 0:t62>h4", "5 0:t62>t3"}),                 # t63, t0, t1, t2, t3
    (4, 0, ["t63"], "A", {"A 0:n>t0", "A 0:t63>h1", "A 0:t63>t0"}),
    (4, 0, ["t60"], "Q", {"Q 0:t60>t8"}),                               # t61, t62, t63, t0 … t8
    (4, 0, ["t0", "t62"], "5", {"5 0:t62>h4", "5 0:t0>t5"}),            # continuing: t63, t0 blocked
    (6, 3, ["t46"], "3", {"3 3:t46>h2", "3 3:t46>t49"}),                # t47 then h1, h2 or t48, t49
])
def test_r13_optional_home_entry_lists_enter_and_continue(players, seat, pawns, card, expected):
    assert move_texts(pos(players, {seat: pawns}, OPTIONAL), seat, card) == expected


def test_r13_optional_home_entry_same_positions_forced():
    assert move_texts(pos(pawns={0: ["t60"]}), 0, "Q") == set()
    assert move_texts(pos(6, {3: ["t46"]}), 3, "3") == {"3 3:t46>h2"}


def test_r13_optional_home_entry_results():
    position = pos(pawns={0: ["t62"]}, rules=OPTIONAL)
    assert pawns_after(position, 0, "5", "5 0:t62>h4") == board(4, {0: ["h4"]})
    assert pawns_after(position, 0, "5", "5 0:t62>t3") == board(4, {0: ["t3"]})


def test_r13_optional_continuing_over_own_blocked_start_refused():
    assert_refused(pos(pawns={0: ["t0", "t62"]}, rules=OPTIONAL), 0, "5", "5 0:t62>t3", "blocked-start")


# --------------------------------------------------------------------------------------------------
# R14 Jack
# --------------------------------------------------------------------------------------------------

# own t10, t20; opponent 1 on t30, in its home and nest; partner 2 on t40; opponent 3 on its own start
JACK = {0: ["t10", "t20"], 1: ["t30", "h1"], 2: ["t40"], 3: ["t48"]}


def test_r14_jack_moves():
    assert move_texts(pos(pawns=JACK), 0, "J") == {
        "J 0:t10<>1:t30", "J 0:t10<>2:t40", "J 0:t20<>1:t30", "J 0:t20<>2:t40"}


def test_r14_jack_partner_false_leaves_out_the_partner():
    position = pos(pawns=JACK, rules={"jack_partner": False})
    assert move_texts(position, 0, "J") == {"J 0:t10<>1:t30", "J 0:t20<>1:t30"}
    assert_refused(position, 0, "J", "J 0:t10<>2:t40", "swap-partner")


def test_r14_jack_partner_true_explicit():
    assert_legal(pos(pawns=JACK, rules={"jack_partner": True}), 0, "J", "J 0:t10<>2:t40")


def test_r14_swap_is_not_a_capture():
    after = pawns_after(pos(pawns=JACK), 0, "J", "J 0:t10<>1:t30")
    assert after == board(4, {0: ["t20", "t30"], 1: ["t10", "h1"], 2: ["t40"], 3: ["t48"]})


@pytest.mark.parametrize("move, reason", [
    ("J 0:t10<>3:t48", "swap-protected"),      # colour 3 on its own start
    ("J 0:t10<>0:t20", "swap-same-colour"),
    ("J 0:t10<>1:h1", "pawn-in-home"),
    ("J 0:t10<>1:n", "pawn-in-nest"),
])
def test_r14_jack_refusals(move, reason):
    assert_refused(pos(pawns=JACK), 0, "J", move, reason)


@pytest.mark.parametrize("pawns, move, reason", [
    ({0: ["h2", "t10"], 1: ["t30"]}, "J 0:h2<>1:t30", "pawn-in-home"),
    ({0: ["t10"], 1: ["t30"]}, "J 0:n<>1:t30", "pawn-in-nest"),
    ({0: ["t10"], 2: ["t32"]}, "J 0:t10<>2:t32", "swap-protected"),  # partner on the partner's start
])
def test_r14_jack_refusals_own_side(pawns, move, reason):
    assert_refused(pos(pawns=pawns), 0, "J", move, reason)


def test_r14_other_colour_on_my_start_can_be_swapped():
    position = pos(pawns={0: ["t10"], 1: ["t0"]})
    assert move_texts(position, 0, "J") == {"J 0:t10<>1:t0"}


@pytest.mark.parametrize("rules", [None, {"jack_own_start": True}])
def test_r14_jack_own_start_true_own_pawn_on_own_start_may_swap(rules):
    position = pos(pawns={0: ["t0"], 1: ["t20"]}, rules=rules)
    assert move_texts(position, 0, "J") == {"J 0:t0<>1:t20"}
    assert pawns_after(position, 0, "J", "J 0:t0<>1:t20") == board(4, {0: ["t20"], 1: ["t0"]})


def test_r14_jack_own_start_false_own_pawn_on_own_start_may_not_swap():
    position = pos(pawns={0: ["t0"], 1: ["t20"]}, rules={"jack_own_start": False})
    assert move_texts(position, 0, "J") == set()
    assert_refused(position, 0, "J", "J 0:t0<>1:t20", "swap-protected")


@pytest.mark.parametrize("rules, expected", [
    (None, {"J 2:t32<>1:t20", "J 2:t40<>1:t20"}),
    ({"jack_own_start": False}, {"J 2:t40<>1:t20"}),
])
def test_r14_jack_own_start_decides_for_the_partner_under_r20(rules, expected):
    position = pos(pawns={0: HOME, 2: ["t32", "t40"], 1: ["t20"]}, rules=rules)
    assert move_texts(position, 0, "J") == expected


def test_r14_swapped_onto_own_start_then_blocks():
    position = pos(pawns={0: ["t14", "t16"], 1: ["t30"]})
    after = result_of(position, 0, "J", "J 0:t16<>1:t30")
    assert after["pawns"] == board(4, {0: ["t14", "t30"], 1: ["t16"]})
    assert move_texts(after, 0, "5") == {"5 0:t30>t35"}   # t14 + 5 would pass t16
    assert_refused(after, 0, "5", "5 0:t14>t19", "blocked-start")


def test_r14_own_colour_on_anothers_start_does_not_block_before_the_swap():
    position = pos(pawns={0: ["t14", "t16"], 1: ["t30"]})
    assert "5 0:t14>t19" in move_texts(position, 0, "5")


def test_r14_swap_past_own_home_entrance_goes_round_again():
    after = result_of(pos(pawns={0: ["t60"], 1: ["t2"]}), 0, "J", "J 0:t60<>1:t2")
    assert after["pawns"] == board(4, {0: ["t2"], 1: ["t60"]})
    assert move_texts(after, 0, "5") == {"5 0:t2>t7"}
    assert move_texts(after, 1, "5") == {"5 1:t60>t1"}    # t61, t62, t63, t0, t1


@pytest.mark.parametrize("players, pawns, rules, expected", [
    (2, {0: ["t5"], 1: ["t20"]}, None, {"J 0:t5<>1:t20"}),
    (6, {0: ["t10"], 1: ["t20"], 3: ["t50"]}, None, {"J 0:t10<>1:t20", "J 0:t10<>3:t50"}),
    (6, {0: ["t10"], 1: ["t20"], 3: ["t50"]}, {"jack_partner": False}, {"J 0:t10<>1:t20"}),
])
def test_r14_jack_other_player_counts(players, pawns, rules, expected):
    assert move_texts(pos(players, pawns, rules), 0, "J") == expected


def test_r14_jack_partner_false_with_explicit_teams():
    position = pos(pawns={0: ["t10"], 1: ["t20"], 2: ["t40"]}, rules={"jack_partner": False},
                   teams=[[0, 1], [2, 3]])
    assert move_texts(position, 0, "J") == {"J 0:t10<>2:t40"}
    assert_refused(position, 0, "J", "J 0:t10<>1:t20", "swap-partner")


# --------------------------------------------------------------------------------------------------
# R15 Seven
# --------------------------------------------------------------------------------------------------

TWO = {0: ["t10", "t30"]}
THREE = {0: ["t10", "t30", "t50"]}


def test_r15_seven_two_pawns_every_split():
    expected = {"7 0:t10>t17", "7 0:t30>t37"} | {f"7 0:t10>t{10 + a},0:t30>t{37 - a}" for a in range(1, 7)}
    assert unordered(move_texts(pos(pawns=TWO), 0, "7")) == unordered(expected)


def test_r15_seven_split_listed_in_both_orders():
    texts = move_texts(pos(pawns=TWO), 0, "7")
    for a in range(1, 7):
        assert f"7 0:t10>t{10 + a},0:t30>t{37 - a}" in texts
        assert f"7 0:t30>t{37 - a},0:t10>t{10 + a}" in texts
    assert len(texts) == 14  # 2 single-pawn moves + 6 splits × 2 orders


@pytest.mark.parametrize("move", ["7 0:t10>t13,0:t30>t34", "7 0:t30>t34,0:t10>t13"])
def test_r15_seven_split_check_both_orders(move):
    assert check(pos(pawns=TWO), 0, "7", move)["legal"] is True


def test_r15_seven_split_result():
    after = pawns_after(pos(pawns=TWO), 0, "7", "7 0:t30>t34,0:t10>t13")
    assert after == board(4, {0: ["t13", "t34"]})


def test_r15_seven_home_pawn_takes_part():
    expected = {"7 0:t10>t17", "7 0:h1>h2,0:t10>t16", "7 0:h1>h3,0:t10>t15", "7 0:h1>h4,0:t10>t14"}
    assert unordered(move_texts(pos(pawns={0: ["t10", "h1"]}), 0, "7")) == unordered(expected)


def test_r15_seven_part_into_the_home():
    assert_legal(pos(pawns={0: ["t10", "t60"]}), 0, "7", "7 0:t60>h1,0:t10>t13")  # t61, t62, t63, h1


def test_r15_seven_that_cannot_be_played_in_full_is_not_playable():
    assert move_texts(pos(pawns={0: ["t62"]}), 0, "7") == set()  # h4 is 5 away, no other pawn


@pytest.mark.parametrize("move", ["7 0:t10>t13", "7 0:t10>t12,0:t30>t34"])
def test_r15_seven_must_use_all_seven(move):
    assert_refused(pos(pawns=TWO), 0, "7", move, "seven-incomplete")


@pytest.mark.parametrize("move", [
    "7 0:t10>t14,0:t30>t34",      # 8 steps (reason not asserted)
    "7 0:t10>t10,0:t30>t37",      # a part of 0 steps (reason not asserted)
    "7 0:t10>t13,0:t13>t17",      # the same pawn twice (reason not asserted)
])
def test_r15_seven_malformed_splits_refused(move):
    assert_refused(pos(pawns=TWO), 0, "7", move)


def test_r15_seven_passing_does_not_capture():
    after = pawns_after(pos(pawns={0: ["t10"], 1: ["t12"]}), 0, "7", "7 0:t10>t17")
    assert after == board(4, {0: ["t17"], 1: ["t12"]})


def test_r15_seven_split_passing_does_not_capture():
    after = pawns_after(pos(pawns={0: ["t10", "t30"], 1: ["t12"]}), 0, "7", "7 0:t10>t14,0:t30>t33")
    assert after == board(4, {0: ["t14", "t33"], 1: ["t12"]})


@pytest.mark.parametrize("move", ["7 0:t10>t12,0:t30>t35", "7 0:t30>t35,0:t10>t12"])
def test_r15_seven_captures_where_a_part_ends(move):
    after = pawns_after(pos(pawns={0: ["t10", "t30"], 1: ["t12"]}), 0, "7", move)
    assert after == board(4, {0: ["t12", "t35"]})


def test_r15_seven_order_of_parts_matters():
    position = pos(pawns={0: ["t5", "t10"]})
    # t10 leaves first, so t5 lands on an empty t10: nothing captured
    assert pawns_after(position, 0, "7", "7 0:t10>t12,0:t5>t10") == board(4, {0: ["t10", "t12"]})
    # t5 first captures the own pawn on t10; the pawn then on t10 is the one that already moved
    assert "7 0:t5>t10,0:t10>t12" not in move_texts(position, 0, "7")


def test_r15_seven_parts_obey_blocked_starts():
    position = pos(pawns={0: ["t14", "t30"], 1: ["t16"]})
    expected = {"7 0:t30>t37", "7 0:t14>t15,0:t30>t36"}  # t14 may only go 1 (t15), t16 is blocked
    assert unordered(move_texts(position, 0, "7")) == unordered(expected)


def test_r15_seven_parts_obey_the_home_rules():
    position = pos(pawns={0: ["t10", "t62", "h2"]})
    assert_legal(position, 0, "7", "7 0:t62>h1,0:t10>t15")                          # 2 + 5
    assert_refused(position, 0, "7", "7 0:t62>h3,0:t10>t14", "passes-home-pawn")    # t63, h1, h2 (pawn), h3


# seven_max_pawns ------------------------------------------------------------------------------------

def test_r15_seven_max_pawns_default_two():
    move = "7 0:t10>t11,0:t30>t32,0:t50>t54"
    assert_refused(pos(pawns=THREE), 0, "7", move, "seven-too-many-pawns")
    assert_refused(pos(pawns=THREE, rules={"seven_max_pawns": 2}), 0, "7", move, "seven-too-many-pawns")


def test_r15_seven_max_pawns_three_allows_three():
    assert_legal(pos(pawns=THREE, rules={"seven_max_pawns": 3}), 0, "7", "7 0:t10>t11,0:t30>t32,0:t50>t54")


def test_r15_seven_max_pawns_three_all_splits():
    texts = move_texts(pos(pawns=THREE, rules={"seven_max_pawns": 3}), 0, "7")
    # 3 single-pawn moves + 3 pairs × 6 splits + 15 ways to write 7 as three positive parts
    assert len(unordered(texts)) == 3 + 18 + 15
    for order in ("0:t10>t11,0:t30>t32,0:t50>t54", "0:t10>t11,0:t50>t54,0:t30>t32",
                  "0:t30>t32,0:t10>t11,0:t50>t54", "0:t30>t32,0:t50>t54,0:t10>t11",
                  "0:t50>t54,0:t10>t11,0:t30>t32", "0:t50>t54,0:t30>t32,0:t10>t11"):
        assert "7 " + order in texts


def test_r15_seven_max_pawns_one_forbids_splitting():
    position = pos(pawns=THREE, rules={"seven_max_pawns": 1})
    assert move_texts(position, 0, "7") == {"7 0:t10>t17", "7 0:t30>t37", "7 0:t50>t57"}
    assert_refused(position, 0, "7", "7 0:t10>t13,0:t30>t34", "seven-too-many-pawns")


# partner remainder (with R20) -------------------------------------------------------------------------

# seat 0's last pawn on t62 (h1 is 2 away), h2 … h4 full; partner (seat 2) on t40
LAST = {0: ["t62", "h2", "h3", "h4"], 2: ["t40"]}


def test_r15_partner_remainder_moves():
    position = pos(pawns=LAST)
    assert move_texts(position, 0, "7") == {"7 0:t62>h1,2:t40>t45"}  # 2 home, 5 for the partner
    assert pawns_after(position, 0, "7", "7 0:t62>h1,2:t40>t45") == board(4, {0: HOME, 2: ["t45"]})


def test_r15_partner_remainder_true_explicit():
    assert_legal(pos(pawns=LAST, rules={"seven_partner_remainder": True}), 0, "7", "7 0:t62>h1,2:t40>t45")


def test_r15_partner_remainder_false():
    position = pos(pawns=LAST, rules={"seven_partner_remainder": False})
    assert move_texts(position, 0, "7") == set()
    assert_refused(position, 0, "7", "7 0:t62>h1,2:t40>t45", "remainder-to-partner")


@pytest.mark.parametrize("flag", [True, False])
def test_r15_last_pawn_home_with_the_final_part_either_flag(flag):
    position = pos(pawns={0: ["t10", "t62", "h3", "h4"], 2: ["t40"]}, rules={"seven_partner_remainder": flag})
    assert_legal(position, 0, "7", "7 0:t10>t15,0:t62>h1")   # 5, then the last pawn 2 into h1


def test_r15_partner_part_before_own_last_pawn_refused():
    assert_refused(pos(pawns=LAST), 0, "7", "7 2:t40>t45,0:t62>h1")  # reason not asserted


def test_r15_partner_remainder_must_be_playable():
    position = pos(pawns={0: ["t62", "h2", "h3", "h4"]})  # the partner has nothing on the track
    assert move_texts(position, 0, "7") == set()


def test_r15_team_last_pawn_home_with_steps_left_not_playable():
    position = pos(pawns={0: ["t62", "h2", "h3", "h4"], 2: HOME})
    assert move_texts(position, 0, "7") == set()
    assert_refused(position, 0, "7", "7 0:t62>h1", "seven-incomplete")


def test_r15_alone_last_pawn_home_with_steps_left_not_playable():
    position = pos(2, {0: ["t29", "h2", "h3", "h4"]})  # t30, t31, h1: 3 steps, 4 left over
    assert move_texts(position, 0, "7") == set()
    assert_refused(position, 0, "7", "7 0:t29>h1", "seven-incomplete")


def test_r15_partner_pawns_count_towards_seven_max_pawns():
    pawns = {0: ["t62", "h2", "h3", "h4"], 2: ["t40", "t50"]}
    move = "7 0:t62>h1,2:t40>t42,2:t50>t53"   # 2 + 2 + 3
    assert move_texts(pos(pawns=pawns), 0, "7") == {"7 0:t62>h1,2:t40>t45", "7 0:t62>h1,2:t50>t55"}
    assert_refused(pos(pawns=pawns), 0, "7", move, "seven-too-many-pawns")
    three = pos(pawns=pawns, rules={"seven_max_pawns": 3})
    assert_legal(three, 0, "7", move)
    assert_legal(three, 0, "7", "7 0:t62>h1,2:t50>t53,2:t40>t42")


# --------------------------------------------------------------------------------------------------
# R16 Four
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pawns, expected", [
    (["t2"], {"4 0:t2>t62"}),     # t1, t0 (own start, empty), t63, t62
    (["t1"], {"4 0:t1>t61"}),     # t0, t63, t62, t61
    (["t0"], {"4 0:t0>t60"}),     # from the own start: t63, t62, t61, t60
    (["t4"], {"4 0:t4>t0"}),      # onto the own (empty) start
    (["t18"], {"4 0:t18>t14"}),   # over seat 1's empty start
])
def test_r16_four_backward(pawns, expected):
    assert move_texts(pos(pawns={0: pawns}), 0, "4") == expected


def test_r16_four_lands_on_own_start_then_blocks():
    after = result_of(pos(pawns={0: ["t2", "t4"]}), 0, "4", "4 0:t4>t0")  # t3, t2 (passed), t1, t0
    assert move_texts(after, 0, "4") == {"4 0:t0>t60"}  # t2 back 4 would pass t0: t1, t0


def test_r16_four_never_moves_home_pawns():
    assert move_texts(pos(pawns={0: ["h1", "h2", "h4"]}), 0, "4") == set()


def test_r16_four_never_moves_into_the_home():
    assert_refused(pos(pawns={0: ["t1"]}), 0, "4", "4 0:t1>h1")  # reason not asserted


def test_r16_four_is_not_forward():
    assert_refused(pos(pawns={0: ["t10"]}), 0, "4", "4 0:t10>t14")  # reason not asserted


# --------------------------------------------------------------------------------------------------
# R17 must play / self_capture, R18 fold: engine.api.can_fold
# --------------------------------------------------------------------------------------------------

# seat 0: front pawn t15 cannot move (t16 blocked by seat 1 on its start); back pawn t10 + 5 lands on it
STUCK = {0: ["t10", "t15"], 1: ["t16"]}


@pytest.mark.parametrize("flag", ["forced", "optional"])
def test_r17_self_capture_move_is_listed_under_both_flags(flag):
    position = pos(pawns=STUCK, rules={"self_capture": flag})
    assert move_texts(position, 0, "5") == {"5 0:t10>t15"}
    assert check(position, 0, "5", "5 0:t10>t15")["legal"] is True
    assert pawns_after(position, 0, "5", "5 0:t10>t15") == board(4, {0: ["t15"], 1: ["t16"]})


@pytest.mark.parametrize("pawns, hand, forced, optional", [
    (STUCK, ["5"], False, True),                    # only move captures own pawn
    (STUCK, ["5", "6"], False, True),               # 6: t10 → t16 and t15 → t21 are blocked
    (STUCK, ["5", "A"], False, False),              # A places a pawn: no capture
    ({0: ["t10"], 2: ["t15"]}, ["5"], False, True),  # only move captures the partner
    ({0: ["t10"], 1: ["t15"]}, ["5"], False, False),  # capturing an opponent is no reason to fold
    ({0: ["t62"]}, ["Q"], True, True),              # nothing playable: h4 is 5 away
    ({0: ["t62"]}, ["Q", "5"], False, False),       # 5 goes to h4
    ({0: ["t5", "t10", "t20", "t30"]}, ["K"], True, True),  # empty nest
])
def test_r17_r18_can_fold(pawns, hand, forced, optional):
    assert can_fold(pos(pawns=pawns), 0, hand) is forced  # default: forced
    assert can_fold(pos(pawns=pawns, rules={"self_capture": "forced"}), 0, hand) is forced
    assert can_fold(pos(pawns=pawns, rules={"self_capture": "optional"}), 0, hand) is optional


# --------------------------------------------------------------------------------------------------
# R20 Team play: with all 4 own pawns home, the player plays the partner's pawns
# --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("card, expected", [
    ("5", {"5 2:t40>t45"}),
    ("K", {"K 2:n>t32"}),
    ("A", {"A 2:n>t32", "A 2:t40>t41"}),
    ("4", {"4 2:t40>t36"}),
    ("7", {"7 2:t40>t47"}),
])
def test_r20_plays_partners_pawns(card, expected):
    assert move_texts(pos(pawns={0: HOME, 2: ["t40"]}), 0, card) == expected


def test_r20_places_partners_pawn_on_partners_start():
    after = pawns_after(pos(pawns={0: HOME, 2: ["t40"]}), 0, "K", "K 2:n>t32")
    assert after == board(4, {0: HOME, 2: ["t32", "t40"]})


def test_r20_partner_pawn_into_partners_home():
    assert move_texts(pos(pawns={0: HOME, 2: ["t30"]}), 0, "3") == {"3 2:t30>h2"}  # t31, h1, h2


def test_r20_partners_start_occupied_by_partner():
    position = pos(pawns={0: HOME, 2: ["t32"]})
    assert move_texts(position, 0, "K") == set()
    assert_refused(position, 0, "K", "K 2:n>t32", "start-occupied")


def test_r20_own_colour_cannot_be_placed_when_all_home():
    assert_refused(pos(pawns={0: HOME, 2: ["t40"]}), 0, "K", "K 0:n>t0")  # reason not asserted


def test_r20_seven_split_over_partners_pawns():
    position = pos(pawns={0: HOME, 2: ["t40", "t50"]})
    assert_legal(position, 0, "7", "7 2:t40>t43,2:t50>t54")


@pytest.mark.parametrize("players, partner, pawn, expected_move, expected_king", [
    (6, 3, "t50", "5 3:t50>t55", "K 3:n>t48"),
    (8, 4, "t70", "5 4:t70>t75", "K 4:n>t64"),
])
def test_r20_partner_sits_opposite(players, partner, pawn, expected_move, expected_king):
    position = pos(players, {0: HOME, partner: [pawn], 1: ["t20"]})
    assert move_texts(position, 0, "5") == {expected_move}
    assert move_texts(position, 0, "K") == {expected_king}


def test_r20_explicit_teams_partner_sits_beside():
    position = pos(pawns={0: HOME, 1: ["t20"], 2: ["t40"]}, teams=[[0, 1], [2, 3]])
    assert move_texts(position, 0, "5") == {"5 1:t20>t25"}
    assert_refused(position, 0, "5", "5 2:t40>t45", "not-own-pawn")


def test_r20_default_teams_same_position():
    assert move_texts(pos(pawns={0: HOME, 1: ["t20"], 2: ["t40"]}), 0, "5") == {"5 2:t40>t45"}


def test_r20_two_players_no_partner():
    assert move_texts(pos(2, {0: HOME, 1: ["t20"]}), 0, "5") == set()


# --------------------------------------------------------------------------------------------------
# R21 End (what moves can show: a finished side has nothing left to play)
# --------------------------------------------------------------------------------------------------

def test_r21_team_all_home_no_card_playable():
    position = pos(pawns={0: HOME, 2: HOME, 1: ["t20"], 3: ["t50"]})
    assert {card: move_texts(position, 0, card) for card in CARDS} == {card: set() for card in CARDS}


def test_r21_alone_all_home_no_card_playable():
    position = pos(2, {0: HOME, 1: ["t20", "t25"]})
    assert {card: move_texts(position, 0, card) for card in CARDS} == {card: set() for card in CARDS}


# --------------------------------------------------------------------------------------------------
# The ten disputes of keezen-rules.md
# --------------------------------------------------------------------------------------------------

def test_dispute_01_four_back_over_empty_own_start_allowed():
    position = pos(pawns={0: ["t2"]})
    assert move_texts(position, 0, "4") == {"4 0:t2>t62"}  # t1, t0, t63, t62
    assert pawns_after(position, 0, "4", "4 0:t2>t62") == board(4, {0: ["t62"]})


def test_dispute_01_four_back_over_occupied_own_start_forbidden():
    position = pos(pawns={0: ["t0", "t2"]})
    assert move_texts(position, 0, "4") == {"4 0:t0>t60"}
    assert_refused(position, 0, "4", "4 0:t2>t62", "blocked-start")


def test_dispute_02_four_from_own_start_then_into_home():
    after = result_of(pos(pawns={0: ["t0"]}), 0, "4", "4 0:t0>t60")  # t63, t62, t61, t60
    assert after["pawns"] == board(4, {0: ["t60"]})
    assert move_texts(after, 0, "5") == {"5 0:t60>h2"}               # t61, t62, t63, h1, h2


def test_dispute_03_four_never_into_or_out_of_home():
    position = pos(pawns={0: ["t1", "h2"]})
    assert move_texts(position, 0, "4") == {"4 0:t1>t61"}  # t0, t63, t62, t61: stays on the track
    assert_refused(position, 0, "4", "4 0:h2>t61", "home-backward")


def test_dispute_04_moved_back_onto_own_start_blocks_and_cannot_be_captured():
    after = result_of(pos(pawns={1: ["t20"], 0: ["t12", "t15"]}), 1, "4", "4 1:t20>t16")
    assert after["pawns"] == board(4, {0: ["t12", "t15"], 1: ["t16"]})
    assert move_texts(after, 0, "A") == {"A 0:n>t0", "A 0:t12>t13"}
    assert_refused(after, 0, "A", "A 0:t15>t16", "blocked-start")
    assert_refused(after, 0, "5", "5 0:t12>t17", "blocked-start")


def test_dispute_05_swapped_onto_own_start_blocks():
    after = result_of(pos(pawns={0: ["t14", "t16"], 1: ["t30"]}), 0, "J", "J 0:t16<>1:t30")
    assert move_texts(after, 0, "2") == {"2 0:t30>t32"}       # t14 + 2 would land on t16
    assert_refused(after, 0, "2", "2 0:t14>t16", "blocked-start")
    assert_refused(after, 0, "J", "J 0:t14<>1:t16", "swap-protected")


def test_dispute_06_seven_with_single_pawn_moves_seven():
    assert move_texts(pos(pawns={0: ["t20"], 1: ["t5"]}), 0, "7") == {"7 0:t20>t27"}


def test_dispute_07_last_pawn_home_with_part_of_seven_rest_to_partner():
    position = pos(pawns={0: ["t60", "h2", "h3", "h4"], 2: ["t40"]})
    # t61, t62, t63, h1: 4 steps, the partner takes 3
    assert move_texts(position, 0, "7") == {"7 0:t60>h1,2:t40>t43"}
    assert pawns_after(position, 0, "7", "7 0:t60>h1,2:t40>t43") == board(4, {0: HOME, 2: ["t43"]})


def test_dispute_08_packed_home_exact_count_queen_not_playable():
    position = pos(pawns={0: ["t59", "h2", "h3", "h4"]})
    assert move_texts(position, 0, "5") == {"5 0:t59>h1"}  # t60, t61, t62, t63, h1
    assert move_texts(position, 0, "Q") == set()
    assert_refused(position, 0, "Q", "Q 0:t59>h1")        # reason not asserted


def test_dispute_09_king_with_empty_nest_not_playable():
    position = pos(pawns={0: ["t5", "t10", "t20", "t30"]})
    assert move_texts(position, 0, "K") == set()
    assert_refused(position, 0, "K", "K 0:n>t0", "nest-empty")


def test_dispute_09_king_playable_for_the_partner():
    assert move_texts(pos(pawns={0: HOME, 2: ["t40"]}), 0, "K") == {"K 2:n>t32"}


def test_dispute_10_self_capture_forced_must_be_played():
    position = pos(pawns=STUCK)
    assert move_texts(position, 0, "5") == {"5 0:t10>t15"}
    assert check(position, 0, "5", "5 0:t10>t15")["legal"] is True
    assert can_fold(position, 0, ["5"]) is False


def test_dispute_10_self_capture_optional_may_fold():
    position = pos(pawns=STUCK, rules={"self_capture": "optional"})
    assert move_texts(position, 0, "5") == {"5 0:t10>t15"}
    assert can_fold(position, 0, ["5"]) is True


# --------------------------------------------------------------------------------------------------
# Answer format (engine-cli.md)
# --------------------------------------------------------------------------------------------------

def test_result_lists_track_then_home_then_nest_in_ascending_order():
    position = {"players": 4, "pawns": [["n", "h2", "t40", "t5"], ["n"] * 4, ["n"] * 4, ["n"] * 4]}
    assert pawns_after(position, 0, "5", "5 0:t40>t45")[0] == ["t5", "t45", "h2", "n"]


def test_result_carries_teams_and_rules_over():
    teams, rules = [[0, 1], [2, 3]], {"jack_own_start": False}
    result = result_of(pos(pawns={0: ["t10"]}, rules=rules, teams=teams), 0, "5", "5 0:t10>t15")
    assert result == {"players": 4, "pawns": board(4, {0: ["t15"]}), "teams": teams, "rules": rules}


def test_refusal_carries_explanations():
    answer = check(pos(pawns={0: ["t62"]}), 0, "6", "6 0:t62>h4")
    assert answer["legal"] is False and answer["reason"] == "overshoots-home"
    for key in ("explanation", "explanation_nl"):
        assert isinstance(answer[key], str) and answer[key].strip()


def test_moves_each_entry_is_a_move_and_a_result():
    listed = moves(pos(pawns={0: ["t10"]}), 0, "A")
    assert sorted(entry["move"] for entry in listed) == ["A 0:n>t0", "A 0:t10>t11"]
    assert all(set(entry) >= {"move", "result"} and entry["result"]["players"] == 4 for entry in listed)


# --------------------------------------------------------------------------------------------------
# Errors: invalid positions, unknown cards, seats out of range, move texts that do not parse
# --------------------------------------------------------------------------------------------------

def test_engine_error_is_a_value_error():
    assert issubclass(engine_error(), ValueError)


NESTS4 = [["n"] * 4 for _ in range(4)]


@pytest.mark.parametrize("position, words", [
    ({"players": 4, "pawns": [["n"] * 5] + NESTS4[1:]}, ""),                     # 5 pawns for seat 0
    ({"players": 4, "pawns": NESTS4[:3]}, ""),                                     # 3 seats for 4 players
    ({"players": 4, "pawns": [["t3", "t3", "n", "n"]] + NESTS4[1:]}, "t3"),
    ({"players": 4, "pawns": [["t3", "n", "n", "n"], ["t3", "n", "n", "n"]] + NESTS4[2:]}, "t3"),
    ({"players": 4, "pawns": [["h2", "h2", "n", "n"]] + NESTS4[1:]}, "h2"),
    ({"players": 4, "pawns": [["t64", "n", "n", "n"]] + NESTS4[1:]}, "t64"),
    ({"players": 4, "pawns": [["h5", "n", "n", "n"]] + NESTS4[1:]}, "h5"),
    ({"players": 4, "pawns": [["x1", "n", "n", "n"]] + NESTS4[1:]}, "x1"),
    ({"players": 3, "pawns": NESTS4[:3]}, "players"),
    ({"players": 4, "pawns": NESTS4, "teams": [[0, 1], [2]]}, "team"),             # seat 3 in no team
    ({"players": 4, "pawns": NESTS4, "teams": [[0, 2], [1, 3], [2]]}, "team"),     # seat 2 twice
    ({"players": 4, "pawns": NESTS4, "rules": {"jack_queen": True}}, "jack_queen"),
    ({"players": 4, "pawns": NESTS4, "rules": {"home_entry": "sometimes"}}, "home_entry"),
    ({"players": 4, "pawns": NESTS4, "rules": {"jack_partner": "yes"}}, "jack_partner"),
    ({"players": 4, "pawns": NESTS4, "rules": {"seven_max_pawns": "two"}}, "seven_max_pawns"),
])
def test_invalid_position_is_an_error(position, words):
    with pytest.raises(engine_error()) as raised:
        moves(position, 0, "5")
    message = str(raised.value)
    assert message.strip() and words.lower() in message.lower(), message


def test_invalid_position_is_an_error_for_check_too():
    position = {"players": 4, "pawns": [["t64", "n", "n", "n"]] + NESTS4[1:]}
    with pytest.raises(engine_error()):
        check(position, 0, "5", "5 0:t64>t5")


def test_valid_eight_player_position_is_not_an_error():
    assert move_texts(pos(8, {7: ["t127"]}), 7, "A") == {"A 7:n>t112", "A 7:t127>t0"}


@pytest.mark.parametrize("card", ["11", "B"])
def test_unknown_card_is_an_error(card):
    with pytest.raises(engine_error()) as raised:
        moves(pos(pawns={0: ["t10"]}), 0, card)
    assert str(raised.value).strip()


@pytest.mark.parametrize("players, seat", [(4, 4), (4, -1), (2, 2)])
def test_seat_out_of_range_is_an_error(players, seat):
    with pytest.raises(engine_error()) as raised:
        moves(pos(players, {0: ["t3"]}), seat, "5")
    assert "seat" in str(raised.value).lower()


@pytest.mark.parametrize("move", [
    "5 0:t3 > t8",
    "5  0:t3>t8",
    "X 0:t3>t8",
    "5 0:t3-t8",
    "5",
])
def test_unparsable_move_is_an_error(move):
    with pytest.raises(engine_error()) as raised:
        check(pos(pawns={0: ["t3"]}), 0, "5", move)
    assert str(raised.value).strip()
