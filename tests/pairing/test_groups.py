"""Tables of three teams: Swiss rounds, planned schedules and the grouping search.

Stub team records only (no database), so every team count from 9 to 249 can be
simulated in a few seconds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.pairing.test_pairing import apply_results, assert_everyone_once, ids, met_pairs
from tournaments.pairing import (
    Pairing,
    TeamRecord,
    planned_schedule,
    random_round,
    swiss_round,
)
from tournaments.pairing.groups import conflict_pairs, group_positions, table_sizes


def simulate_threes(n: int, seed: int, rounds: int = 3, **swiss_kwargs) -> list[Pairing]:
    rng = random.Random(seed)
    teams = [TeamRecord(team_id) for team_id in ids(n)]
    draws = [random_round(teams, seed, teams_per_table=3)]
    teams = apply_results(teams, draws[0], rng)
    for r in range(1, rounds):
        draws.append(swiss_round(teams, seed + r, teams_per_table=3, **swiss_kwargs))
        teams = apply_results(teams, draws[-1], rng)
    return draws


def expected_sizes(n: int) -> Counter[int]:
    twos = {0: 0, 1: 2, 2: 1}[n % 3]
    return Counter({3: (n - 2 * twos) // 3, 2: twos})


def assert_rematch_free_rounds_of_three(draws: list[Pairing], n: int) -> None:
    seen: set[frozenset[str]] = set()
    for draw in draws:
        assert draw.bye is None
        assert not draw.rematches, (n, draw.flags)
        assert_everyone_once(draw, ids(n))
        assert +Counter(len(t.teams) for t in draw.tables) == +expected_sizes(n), n
        pairs = met_pairs(draw)
        assert not pairs & seen, n
        seen |= pairs


def ranked(n: int, **fields) -> list[TeamRecord]:
    return [TeamRecord(f"T{i:02d}", rank=i, points=100 - i, **fields) for i in range(1, n + 1)]


# --------------------------------------------------------------------------- rematches


def test_three_swiss_rounds_of_threes_never_rematch_for_every_count_9_to_249():
    for n in range(9, 250):
        assert_rematch_free_rounds_of_three(simulate_threes(n, seed=n), n)


def test_planned_schedule_of_threes_never_rematches_for_every_count_9_to_249():
    for n in range(9, 250):
        assert_rematch_free_rounds_of_three(planned_schedule(ids(n), 3, seed=n, teams_per_table=3), n)


def test_planned_schedule_of_threes_reaches_a_full_affine_plane_for_nine_teams():
    draws = planned_schedule(ids(9), 4, seed=1, teams_per_table=3)
    assert_rematch_free_rounds_of_three(draws, 9)
    assert len(set().union(*(met_pairs(d) for d in draws))) == 36  # everyone met everyone


def test_planned_schedule_of_threes_spreads_the_tables_of_two():
    for n in (31, 40, 100):  # enough teams: nobody needs a second table of two
        draws = planned_schedule(ids(n), 5, seed=n, teams_per_table=3)
        at_two = Counter(team for d in draws for t in d.tables if len(t.teams) == 2 for team in t.teams)
        assert max(at_two.values()) == 1, n


def test_planned_schedule_of_threes_errors_clearly():
    with pytest.raises(ValueError, match="at most 4"):
        planned_schedule(ids(9), 5, seed=1, teams_per_table=3)
    with pytest.raises(ValueError, match="Could not plan 2 rematch-free rounds"):
        planned_schedule(ids(6), 2, seed=1, teams_per_table=3)  # 3+3 cannot be reshuffled
    with pytest.raises(ValueError, match="teams_per_table"):
        planned_schedule(ids(6), 1, seed=1, teams_per_table=4)


def test_rematch_flagged_only_when_unavoidable_at_tables_of_three():
    everyone = set(ids(6))
    stuck = [TeamRecord(x, rank=i, opponents=frozenset(everyone - {x})) for i, x in enumerate(ids(6), 1)]
    draw = swiss_round(stuck, seed=1, teams_per_table=3)
    assert all(t.rematch for t in draw.tables) and len(draw.flags) == 2

    # T01 has met T02 and T03: the consecutive grouping breaks, a clean one exists.
    teams = ranked(9)
    teams[0] = TeamRecord("T01", rank=1, points=99, opponents=frozenset({"T02", "T03"}))
    draw = swiss_round(teams, seed=1, teams_per_table=3)
    assert not draw.rematches and draw.flags == ()
    assert any("T01" in t.teams for t in draw.tables[:2])


def _feasible(met: list[set[int]], sizes: list[int]) -> bool:
    """Brute force: can positions be split into groups of ``sizes`` with no pair that met?"""
    left = Counter(sizes)

    def place(free: list[int]) -> bool:
        if not free:
            return True
        rest = [k for k in free[1:] if k not in met[free[0]]]
        for size in (3, 2):
            if not left[size]:
                continue
            left[size] -= 1
            for i, b in enumerate(rest):
                for others in ([b],) if size == 2 else ([b, c] for c in rest[i + 1 :] if c not in met[b]):
                    if place([k for k in free[1:] if k not in others]):
                        left[size] += 1
                        return True
            left[size] += 1
        return False

    return place(list(range(sum(sizes))))


def test_grouping_finds_a_clean_split_whenever_one_exists():
    solved = 0
    for trial in range(150):
        rng = random.Random(trial)
        n, density = rng.randint(5, 15), rng.choice([0.2, 0.35, 0.5])
        met = [set() for _ in range(n)]
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < density:
                    met[a].add(b)
                    met[b].add(a)
        sizes = table_sizes(n)
        for kicks in (0, 400):  # without kicks the exhaustive fallback has to do it
            groups = group_positions(sizes, met, seed=trial, kicks=kicks)
            assert [len(g) for g in groups] == sizes
            assert sorted(k for g in groups for k in g) == list(range(n))
            if _feasible(met, sizes):
                assert conflict_pairs(groups, met) == 0, (trial, kicks)
                solved += 1
    assert solved > 100


# --------------------------------------------------------------------------- quality


def test_fresh_standings_give_consecutive_tables_with_the_twos_at_the_bottom():
    draw = swiss_round(ranked(10), seed=1, teams_per_table=3)
    assert [t.teams for t in draw.tables] == [
        ("T01", "T02", "T03"), ("T04", "T05", "T06"), ("T07", "T08"), ("T09", "T10"),
    ]
    draw = swiss_round(ranked(11), seed=1, teams_per_table=3)
    assert [len(t.teams) for t in draw.tables] == [3, 3, 3, 2]


def test_round_two_table_one_holds_the_top_of_the_standings():
    for n in (30, 61, 100, 248):
        rng = random.Random(n)
        teams = [TeamRecord(team_id) for team_id in ids(n)]
        teams = apply_results(teams, random_round(teams, n, teams_per_table=3), rng)
        rank = {t.id: t.rank for t in teams}
        draw = swiss_round(teams, n, teams_per_table=3)
        assert all(rank[x] <= 6 for x in draw.tables[0].teams), n
        means = [sum(rank[x] for x in t.teams) / len(t.teams) for t in draw.tables]
        assert means == sorted(means)
        # Nobody sits far from their own standing.
        for number, table in enumerate(draw.tables):
            assert all(abs(rank[x] - 3 * number) <= 12 for x in table.teams), (n, table)


def test_same_club_avoided_at_tables_of_three_when_asked():
    clubs = ["Noord", "Noord", "Zuid", "Zuid", "Oost", "Oost", "", "", ""]
    teams = [TeamRecord(f"T{i}", rank=i, club=club) for i, club in enumerate(clubs, start=1)]
    plain = swiss_round(teams, seed=1, teams_per_table=3)
    assert any(t.same_club for t in plain.tables)
    avoided = swiss_round(teams, seed=1, teams_per_table=3, avoid_same_club=True)
    assert not any(t.same_club for t in avoided.tables) and not avoided.rematches
    assert_everyone_once(avoided, teams)


def test_same_club_avoided_over_whole_tournaments_of_threes():
    for n in (30, 97, 200):
        rng = random.Random(n)
        teams = [TeamRecord(x, club=f"C{i % 12}") for i, x in enumerate(ids(n))]
        teams = apply_results(teams, random_round(teams, n, teams_per_table=3), rng)
        for r in range(1, 4):
            draw = swiss_round(teams, r, teams_per_table=3, avoid_same_club=True)
            assert not draw.rematches and not any(t.same_club for t in draw.tables), (n, r)
            teams = apply_results(teams, draw, rng)


def test_rematch_outweighs_same_club_at_tables_of_three():
    # All six share a club, so same-club tables are unavoidable; rematches are not.
    teams = ranked(6, club="X")
    teams[0] = TeamRecord("T01", rank=1, points=99, club="X", opponents=frozenset({"T02"}))
    draw = swiss_round(teams, seed=1, teams_per_table=3, avoid_same_club=True)
    assert not draw.rematches
    assert all(t.same_club for t in draw.tables)


# --------------------------------------------------------------------------- determinism


def test_swiss_threes_is_deterministic_and_order_independent():
    teams = [TeamRecord(x, points=i % 4, opponents=frozenset({ids(31)[(i + 1) % 31]}))
             for i, x in enumerate(ids(31))]
    first = swiss_round(teams, seed=11, teams_per_table=3)
    assert swiss_round(list(reversed(teams)), seed=11, teams_per_table=3) == first
    assert swiss_round(teams, seed=11, teams_per_table=3) == first
    assert not first.rematches
    assert simulate_threes(50, seed=4) == simulate_threes(50, seed=4)


def test_planned_schedule_of_threes_is_deterministic_and_order_independent():
    first = planned_schedule(ids(40), 5, seed=2, teams_per_table=3)
    assert planned_schedule(list(reversed(ids(40))), 5, seed=2, teams_per_table=3) == first
    assert planned_schedule(ids(40), 5, seed=3, teams_per_table=3) != first
    assert planned_schedule(ids(40), 5, seed=2) == planned_schedule(ids(40), 5, seed=2)


def test_swiss_rejects_other_table_sizes():
    with pytest.raises(ValueError, match="teams_per_table"):
        swiss_round(ranked(8), seed=1, teams_per_table=4)
