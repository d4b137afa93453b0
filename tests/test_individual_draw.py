"""The individual draw (tournaments/pairing/individual.py), pure Python: the hard constraints over
many sizes (hypothesis), the limits said up front, and what the planned and by-standings modes
promise."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.individual import (
    History,
    PlayerRecord,
    check_rounds,
    draw_round,
    max_rounds,
    planned_rounds,
    quality,
    table_plan,
)


def ids(count: int) -> list[str]:
    return [f"P{number}" for number in range(1, count + 1)]


def by_standings(count: int, rounds: int, seed: int, six: bool) -> list:
    rng = random.Random(seed)
    players, plan = ids(count), []
    for number in range(rounds):
        places = list(range(1, count + 1))
        rng.shuffle(places)
        records = [PlayerRecord(player, place) for player, place in zip(players, places)]
        plan.append(draw_round(records, plan, seed + number, six, by_standings=True))
    return plan


def assert_valid(plan: list, count: int, six: bool) -> None:
    sizes, out = table_plan(count, six)
    partners: set[frozenset[str]] = set()
    sat_out: Counter = Counter()
    for round_ in plan:
        assert sorted(round_.player_ids) == sorted(ids(count))  # everyone once
        assert len(round_.byes) == out
        sat_out.update(round_.byes)
        assert sorted(len(table.players) for table in round_.tables) == sorted(sizes)
        assert [table.number for table in round_.tables] == list(range(1, len(sizes) + 1))
        sixes = [table.number for table in round_.tables if len(table.pairs) == 3]
        assert sixes == list(range(len(sizes) - len(sixes) + 1, len(sizes) + 1))  # six-player boards last
        for table in round_.tables:
            for pair in table.pairs:
                assert len(set(pair)) == 2
                assert frozenset(pair) not in partners, f"{pair} partnered twice"
                partners.add(frozenset(pair))
    assert all(times == 1 for times in sat_out.values()), "nobody sits out twice"


@settings(max_examples=30, deadline=None)
@given(count=st.integers(4, 40), rounds=st.integers(1, 8), six=st.booleans(), seed=st.integers(0, 2**32),
       standings=st.booleans())
def test_every_draw_seats_everyone_once_with_a_new_partner(count, rounds, six, seed, standings):
    # By standings the draw cannot look ahead: up to half the limit a new partner always exists
    # (Dirac: every player still has more than half the field to choose from); past it a small
    # field may paint itself into a corner, and that round is refused (see the module).
    rounds = min(rounds, max_rounds(count, six) // (2 if standings else 1))
    plan = by_standings(count, rounds, seed, six) if standings else planned_rounds(ids(count), rounds, seed, six)
    assert len(plan) == rounds
    assert_valid(plan, count, six)


@pytest.mark.parametrize("count, rounds, six, seed", [(6, 4, True, 6), (6, 5, True, 6), (10, 9, True, 87)])
def test_a_small_field_that_paints_itself_into_a_corner_is_drawn_from_a_fresh_start(count, rounds, six, seed):
    """Seeds whose first starts each ended with no new partner left for someone (found by the test
    above): more fresh starts are tried until one draws every round."""
    assert_valid(planned_rounds(ids(count), rounds, seed, six), count, six)


@pytest.mark.parametrize("count, six, sizes, out", [
    (4, False, [4], 0), (5, False, [4], 1), (6, False, [4], 2), (7, False, [4], 3), (9, True, [4, 4], 1),
    (6, True, [6], 0), (7, True, [6], 1), (10, True, [4, 6], 0), (11, True, [4, 6], 1), (5, True, [4], 1),
])
def test_tables_and_byes(count, six, sizes, out):
    assert table_plan(count, six) == (sizes, out)


@pytest.mark.parametrize("count, six, most", [
    (4, False, 3), (5, False, 5), (8, False, 7), (9, False, 9), (10, False, 5), (11, False, 3),
    (10, True, 9), (11, True, 11), (16, False, 15),
])
def test_the_largest_number_of_rounds(count, six, most):
    assert max_rounds(count, six) == most
    check_rounds(count, most, six)
    with pytest.raises(ValueError, match=f"at most {most} rounds"):
        check_rounds(count, most + 1, six)
    with pytest.raises(ValueError, match=f"at most {most} rounds"):
        planned_rounds(ids(count), most + 1, 1, six)


def test_fewer_than_four_players_cannot_play():
    with pytest.raises(ValueError, match="at least 4 players"):
        planned_rounds(ids(3), 1, 1)
    with pytest.raises(ValueError, match="at least 4 players"):
        draw_round([PlayerRecord("P1"), PlayerRecord("P2"), PlayerRecord("P3")], [], 1)


def test_sixteen_players_meet_everyone_exactly_once_in_five_planned_rounds():
    plan = planned_rounds(ids(16), 5, 2026)
    history = History(plan)
    assert len(history.met) == 16 * 15 // 2 and set(history.met.values()) == {1}
    assert quality(plan) == {"partner_repeats": 0, "most_meetings": 1, "pairs_meeting_twice": 0}


@pytest.mark.parametrize("count", [40, 101])
def test_forty_or_more_players_never_meet_twice_in_eight_rounds(count):
    for plan in (planned_rounds(ids(count), 8, 11), by_standings(count, 8, 11, False)):
        assert quality(plan)["most_meetings"] == 1


def test_by_standings_the_best_sit_together_at_table_one():
    records = [PlayerRecord(f"P{place}", place) for place in range(1, 18)]
    round_ = draw_round(records, [], 5, by_standings=True)
    assert set(round_.tables[0].players) == {"P1", "P2", "P3", "P4"}
    assert round_.byes == ("P17",)  # the last place sits out first


def test_the_same_seed_gives_the_same_draw_and_colours_rotate():
    assert planned_rounds(ids(22), 5, 9) == planned_rounds(ids(22), 5, 9)
    plan = planned_rounds(ids(24), 4, 3)
    colours: dict[str, set[int]] = {}
    for round_ in plan:
        for table in round_.tables:
            for position, pair in enumerate(table.pairs):
                for member, player in enumerate(pair):
                    colours.setdefault(player, set()).add(position + 2 * member)
    counts = [len(seen) for seen in colours.values()]
    assert min(counts) >= 2 and sum(counts) / len(counts) >= 3  # four rounds: mostly three or four colours


def test_planned_table_numbers_rotate():
    plan = planned_rounds(ids(40), 5, 8)
    numbers: dict[str, set[int]] = {}
    for round_ in plan:
        for table in round_.tables:
            for player in table.players:
                numbers.setdefault(player, set()).add(table.number)
    assert sum(len(seen) for seen in numbers.values()) >= 0.9 * 40 * 5


def test_no_partner_twice_at_the_limit():
    for count, six in ((8, False), (9, False), (6, True)):
        most = max_rounds(count, six)
        assert_valid(planned_rounds(ids(count), most, 4, six), count, six)


def test_history_counts_every_meeting():
    plan = planned_rounds(ids(8), 3, 1)
    history = History(plan)
    assert sum(history.met.values()) == 3 * 2 * 6  # 3 rounds, 2 tables, 6 pairs of players each
    assert all(history.times_met(a, b) == history.times_met(b, a) for a, b in itertools.combinations(ids(8), 2))
