"""Properties of the pure-Python draw generators, driven with stub team records.

No database: these run as plain functions, so they can simulate hundreds of
tournaments in seconds.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tournaments.pairing import (
    Pairing,
    TeamRecord,
    planned_schedule,
    random_round,
    swiss_round,
)
from tournaments.pairing.swiss import BLOCK, NEIGHBOURS


def ids(n: int) -> list[str]:
    return [f"T{i:04d}" for i in range(1, n + 1)]


def assert_everyone_once(draw: Pairing, teams) -> None:
    placed = draw.team_ids
    assert sorted(placed) == sorted(t.id if isinstance(t, TeamRecord) else t for t in teams)
    assert [t.number for t in draw.tables] == list(range(1, len(draw.tables) + 1))


def apply_results(teams: list[TeamRecord], draw: Pairing, rng: random.Random) -> list[TeamRecord]:
    """Random results: add opponents and points, recompute ranks (1..n, ties by coin).

    Records are built with ``TeamRecord(...)`` rather than ``dataclasses.replace`` (the same
    records, several times faster: the simulations below build hundreds of thousands)."""
    points = {t.id: t.points for t in teams}
    opponents = {t.id: t.opponents for t in teams}
    had_bye = {t.id: t.had_bye for t in teams}
    for table in draw.tables:
        for team_id in table.teams:
            opponents[team_id] = opponents[team_id] | (frozenset(table.teams) - {team_id})
            points[team_id] += rng.randint(0, 3)
    if draw.bye:
        had_bye[draw.bye] = True
        points[draw.bye] += 2
    ordered = sorted(teams, key=lambda t: (-points[t.id], rng.random()))
    return [TeamRecord(t.id, points[t.id], i, t.club, opponents[t.id], had_bye[t.id])
            for i, t in enumerate(ordered, start=1)]


def simulate(n: int, seed: int, rounds: int = 3, **swiss_kwargs) -> list[Pairing]:
    rng = random.Random(seed)
    teams = [TeamRecord(team_id) for team_id in ids(n)]
    draws = [random_round(teams, seed)]
    teams = apply_results(teams, draws[0], rng)
    for r in range(1, rounds):
        draws.append(swiss_round(teams, seed + r, **swiss_kwargs))
        teams = apply_results(teams, draws[-1], rng)
    return draws


def met_pairs(draw: Pairing) -> set[frozenset[str]]:
    return {frozenset((a, b)) for t in draw.tables for a in t.teams for b in t.teams if a < b}


# --------------------------------------------------------------------------- rematches


def test_three_rounds_never_rematch_for_every_even_count_4_to_250():
    for n in range(4, 251, 2):
        draws = simulate(n, seed=n)
        seen: set[frozenset[str]] = set()
        for draw in draws:
            assert draw.bye is None
            assert not draw.rematches, (n, draw.flags)
            assert_everyone_once(draw, ids(n))
            pairs = met_pairs(draw)
            assert not (pairs & seen), n
            seen |= pairs


def test_odd_counts_byes_never_twice_and_everyone_placed_once():
    for n in range(5, 152, 2):
        draws = simulate(n, seed=n)
        byes = [d.bye for d in draws]
        assert None not in byes
        assert len(set(byes)) == len(byes), n
        for draw in draws:
            assert_everyone_once(draw, ids(n))
            assert all(len(t.teams) == 2 for t in draw.tables)


def test_odd_counts_with_one_table_of_three():
    for n in range(5, 102, 2):
        draws = simulate(n, seed=n, allow_three=True)
        for draw in draws[1:]:
            assert draw.bye is None
            assert_everyone_once(draw, ids(n))
            assert [len(t.teams) for t in draw.tables] == [2] * (n // 2 - 1) + [3]


def test_bye_goes_to_lowest_ranked_team_without_one():
    teams = [TeamRecord(f"T{i}", rank=i, had_bye=(i == 5)) for i in range(1, 6)]
    assert swiss_round(teams, seed=1).bye == "T4"


def test_all_teams_had_a_bye_is_a_clear_error():
    teams = [TeamRecord(f"T{i}", rank=i, had_bye=True) for i in range(1, 6)]
    with pytest.raises(ValueError, match="already had a bye"):
        swiss_round(teams, seed=1)


def test_table_of_three_takes_the_lowest_teams_that_have_not_met():
    teams = [TeamRecord(f"T{i}", rank=i) for i in range(1, 8)]
    # T6 and T7 have met, so T5-T6-T7 is out; the lowest three that have not met are T4-T5-T7.
    teams[5] = replace(teams[5], opponents=frozenset({"T7"}))
    draw = swiss_round(teams, seed=1, allow_three=True)
    last = draw.tables[-1]
    assert len(last.teams) == 3 and not last.rematch
    assert set(last.teams) == {"T4", "T5", "T7"}  # lowest sum of places without a meeting
    assert_everyone_once(draw, teams)
    assert not draw.rematches


# --------------------------------------------------------------------------- quality


def test_round_two_pairs_neighbours_in_the_standings():
    teams = [TeamRecord(f"T{i:02d}", rank=i, points=100 - i) for i in range(1, 17)]
    draw = swiss_round(teams, seed=7)
    assert [t.teams for t in draw.tables] == [
        (f"T{i:02d}", f"T{i + 1:02d}") for i in range(1, 17, 2)
    ]


def test_points_alone_are_enough_when_ranks_are_unknown():
    teams = [TeamRecord(f"T{i}", points=p) for i, p in enumerate([9, 1, 8, 2, 7, 3])]
    draw = swiss_round(teams, seed=3)
    assert [set(t.teams) for t in draw.tables] == [{"T0", "T2"}, {"T4", "T5"}, {"T3", "T1"}]


def test_rematch_flagged_only_when_unavoidable():
    everyone = {"A", "B", "C", "D"}
    stuck = [TeamRecord(x, rank=i, opponents=frozenset(everyone - {x})) for i, x in enumerate("ABCD", 1)]
    draw = swiss_round(stuck, seed=1)
    assert all(t.rematch for t in draw.tables)
    assert len(draw.flags) == 2

    met = {"A": "B", "B": "A", "C": "D", "D": "C"}
    free = [TeamRecord(x, rank=i, opponents=frozenset({met[x]})) for i, x in enumerate("ABCD", 1)]
    draw = swiss_round(free, seed=1)
    assert not draw.rematches and draw.flags == ()
    assert [t.teams for t in draw.tables] == [("A", "C"), ("B", "D")]


def test_only_the_unavoidable_table_is_flagged():
    # T1 has met everyone; the other five can be paired cleanly.
    others = {f"T{i}" for i in range(2, 7)}
    teams = [TeamRecord("T1", rank=1, opponents=frozenset(others))]
    teams += [TeamRecord(f"T{i}", rank=i, opponents=frozenset({"T1"})) for i in range(2, 7)]
    draw = swiss_round(teams, seed=1)
    assert len(draw.rematches) == 1 and "T1" in draw.rematches[0].teams


def test_rematch_avoided_beyond_the_sparse_neighbourhood():
    # Team 1 has met every team within NEIGHBOURS places: the complete-graph fallback finds
    # a clean partner further down.
    n = NEIGHBOURS + 20
    names = [f"T{i:03d}" for i in range(1, n + 1)]
    near = frozenset(names[1 : NEIGHBOURS + 2])
    teams = [TeamRecord(names[0], rank=1, opponents=near)]
    teams += [TeamRecord(x, rank=i, opponents=frozenset({names[0]}) if x in near else frozenset())
              for i, x in enumerate(names[1:], start=2)]
    draw = swiss_round(teams, seed=1)
    assert not draw.rematches
    assert draw.tables[0].teams[0] == names[0]


def test_rematch_avoided_across_block_boundaries():
    # The last team of the first block has met everyone else in that block.
    n = BLOCK * 2 + 10
    names = [f"T{i:03d}" for i in range(1, n + 1)]
    last = names[BLOCK - 1]
    block = frozenset(names[: BLOCK - 1])
    teams = [TeamRecord(x, rank=i, opponents=frozenset(block) if x == last
                        else frozenset({last}) if x in block else frozenset())
             for i, x in enumerate(names, start=1)]
    draw = swiss_round(teams, seed=1)
    assert not draw.rematches
    assert_everyone_once(draw, teams)


def test_same_club_avoided_when_asked():
    teams = [TeamRecord(f"T{i}", rank=i, club="Noord" if i <= 2 else "Zuid" if i <= 4 else "")
             for i in range(1, 7)]
    plain = swiss_round(teams, seed=1)
    assert any(t.same_club for t in plain.tables)
    avoided = swiss_round(teams, seed=1, avoid_same_club=True)
    assert not any(t.same_club for t in avoided.tables)
    assert_everyone_once(avoided, teams)


def test_rematch_outweighs_same_club():
    teams = [TeamRecord("A", rank=1, club="X", opponents=frozenset({"C", "D"})),
             TeamRecord("B", rank=2, club="X"),
             TeamRecord("C", rank=3, opponents=frozenset({"A"})),
             TeamRecord("D", rank=4, opponents=frozenset({"A"}))]
    draw = swiss_round(teams, seed=1, avoid_same_club=True)
    assert not draw.rematches
    assert draw.tables[0].teams == ("A", "B") and draw.tables[0].same_club


# --------------------------------------------------------------------------- round 1 & schedule


def test_random_round_is_reproducible_and_complete():
    teams = [TeamRecord(x) for x in ids(21)]
    a, b = random_round(teams, 5), random_round(list(reversed(teams)), 5)
    assert a == b
    assert random_round(teams, 6) != a
    assert_everyone_once(a, teams)
    assert a.bye is not None


def test_random_round_with_tables_of_three():
    for n in range(2, 40):
        draw = random_round([TeamRecord(x) for x in ids(n)], seed=n, teams_per_table=3)
        assert_everyone_once(draw, ids(n))
        assert draw.bye is None
        assert all(len(t.teams) in (2, 3) for t in draw.tables)
        assert sum(len(t.teams) == 2 for t in draw.tables) <= 2


def test_swiss_is_deterministic_and_order_independent():
    teams = [TeamRecord(x, points=i % 4) for i, x in enumerate(ids(30))]
    first = swiss_round(teams, seed=11)
    assert swiss_round(list(reversed(teams)), seed=11) == first
    assert swiss_round(teams, seed=11) == first


@pytest.mark.parametrize("n", [2, 3, 4, 7, 10, 33, 64])
def test_planned_schedule_has_no_rematches(n):
    rounds = n - 1 if n % 2 == 0 else n
    draws = planned_schedule(ids(n), rounds, seed=n)
    assert len(draws) == rounds
    assert planned_schedule(ids(n), rounds, seed=n) == draws
    seen: set[frozenset[str]] = set()
    for draw in draws:
        assert_everyone_once(draw, ids(n))
        pairs = met_pairs(draw)
        assert not pairs & seen
        seen |= pairs
    byes = [d.bye for d in draws if d.bye]
    assert len(byes) == len(set(byes)) == (rounds if n % 2 else 0)


def test_planned_schedule_refuses_too_many_rounds():
    with pytest.raises(ValueError, match="at most 3"):
        planned_schedule(ids(4), 4, seed=1)
