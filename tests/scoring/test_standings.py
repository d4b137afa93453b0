"""Standings of seed 001: totals, the tiebreak chain, the lot from the stored seed, and byes."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.standings import Entry, Standing, bye_score, lot_number, rank

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261121


def order(standings: list[Standing]) -> list[str]:
    return [standing.key for standing in standings]


# --- byes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("rounds, expected", [
    ([700, 1121], 911),          # 910.5: half up, where round() would give 910
    ([2, 3], 3),                 # 2.5: round() would give 2
    ([1, 2], 2),
    ([1, 1, 2], 1),              # 1.33
    ([1, 2, 2], 2),              # 1.67
    ([1070, 990, 700], 920),
    ([26], 26),
    ([0, 0], 0),
    ([], 0),
])
def test_bye_scores_the_average_of_played_rounds_rounded_half_up(rounds, expected):
    assert bye_score(rounds) == expected


# --- totals and the tiebreak chain ---------------------------------------------------------

def test_spec_standings_example():
    [standing] = rank([Entry("T1", "De Kezers", (1070, 990, 700))], SEED)
    assert standing == Standing(1, "T1", "De Kezers", 2760, (1070, 990, 700), False)


def test_rank_by_total_points():
    entries = [Entry("A", "a", (100, 200)), Entry("B", "b", (400, 0)), Entry("C", "c", (150, 100))]
    standings = rank(entries, SEED)
    assert order(standings) == ["B", "A", "C"]
    assert [s.rank for s in standings] == [1, 2, 3]
    assert [s.points for s in standings] == [400, 300, 250]
    assert not any(s.lot for s in standings)


def test_tie_goes_to_the_best_round():
    entries = [Entry("A", "a", (100, 100, 100)), Entry("B", "b", (70, 150, 80))]
    assert order(rank(entries, SEED)) == ["B", "A"]


def test_then_the_second_best_round():
    entries = [Entry("A", "a", (150, 90, 60)), Entry("B", "b", (50, 150, 100))]
    assert order(rank(entries, SEED)) == ["B", "A"]


def test_then_the_third_best_round():
    entries = [Entry("A", "a", (20, 150, 100, 30)), Entry("B", "b", (100, 0, 50, 150))]
    assert order(rank(entries, SEED)) == ["B", "A"]


def test_still_equal_goes_to_lot_and_is_marked():
    entries = [
        Entry("top", "Top", (500, 500)),
        Entry("X", "x", (200, 100)), Entry("Y", "y", (100, 200)), Entry("Z", "z", (200, 100)),
        Entry("W", "w", (250, 50)),  # same total, better best round: not a lot
        Entry("low", "Low", (0, 0)),
    ]
    standings = rank(entries, SEED)
    assert order(standings)[:2] == ["top", "W"]
    assert set(order(standings)[2:5]) == {"X", "Y", "Z"}
    assert order(standings)[5] == "low"
    assert [s.lot for s in standings] == [False, False, True, True, True, False]
    assert [s.rank for s in standings] == [1, 2, 3, 4, 5, 6]


def test_lot_order_follows_the_drawn_numbers():
    entries = [Entry(key, key, (100,)) for key in ("T1", "T2", "T3", "T4")]
    expected = sorted(["T1", "T2", "T3", "T4"], key=lambda key: lot_number(SEED, key))
    assert order(rank(entries, SEED)) == expected


def test_lot_is_pinned_for_a_stored_seed():
    # A stored tournament must keep its standings when the code is reinstalled or upgraded.
    entries = [Entry(key, key, (100,)) for key in ("T1", "T2", "T3", "T4", "T5")]
    assert order(rank(entries, SEED)) == PINNED_ORDER


def test_another_seed_gives_another_order():
    entries = [Entry(key, key, (300, 200)) for key in ("T1", "T2", "T3", "T4")]
    orders = {tuple(order(rank(entries, seed))) for seed in range(20)}
    assert len(orders) > 5
    assert order(rank(entries, SEED)) != order(rank(entries, SEED + 1))


def test_lot_between_two_teams_does_not_depend_on_the_others():
    pair = [Entry("T1", "a", (100,)), Entry("T2", "b", (100,))]
    crowd = pair + [Entry(f"T{n}", "x", (100,)) for n in range(3, 12)]
    in_pair = order(rank(pair, SEED))
    in_crowd = [key for key in order(rank(crowd, SEED)) if key in ("T1", "T2")]
    assert in_pair == in_crowd


def test_input_order_does_not_matter():
    entries = [Entry(f"T{n}", f"Team {n}", (n % 3 * 100, (n * 7) % 4 * 50, None)) for n in range(12)]
    assert rank(entries, SEED) == rank(list(reversed(entries)), SEED)


def test_rounds_not_played_yet_count_nothing():
    entries = [Entry("A", "a", (300, None, None)), Entry("B", "b", (200, 200, None))]
    standings = rank(entries, SEED)
    assert [(s.key, s.points, s.rounds) for s in standings] == [("B", 400, (200, 200, None)), ("A", 300, (300, None, None))]


def test_before_any_round_everyone_is_placed_by_lot():
    standings = rank([Entry("A", "a", (None,)), Entry("B", "b", (None,))], SEED)
    assert [s.lot for s in standings] == [True, True] and [s.points for s in standings] == [0, 0]


def test_no_entries():
    assert rank([], SEED) == []


def test_keys_must_be_unique():
    with pytest.raises(ValueError):
        rank([Entry("A", "a", (1,)), Entry("A", "b", (2,))], SEED)


def test_per_player_standings_for_individual_11():
    entries = [
        Entry("T5/1", "Anna de Vries", (11, 10, 9)), Entry("T5/2", "Bram Jansen", (11, 9, 10)),
        Entry("T6/1", "Carla Smit", (7, 11, 11)), Entry("T6/2", "Dirk Bos", (4, 3, 0)),
    ]
    standings = rank(entries, SEED)
    # Anna and Bram: 30 each from the same round scores, so the lot decides.
    assert {s.key for s in standings[:2]} == {"T5/1", "T5/2"}
    assert [(s.points, s.lot) for s in standings[:2]] == [(30, True), (30, True)]
    assert [(s.key, s.points, s.lot) for s in standings[2:]] == [("T6/1", 29, False), ("T6/2", 7, False)]


# --- the same order in every process -------------------------------------------------------

SCRIPT = """
import json, sys
from scoring.standings import Entry, rank
entries = [Entry(f"T{n}", f"Team {n}", (100, 200)) for n in range(1, 9)]
print(json.dumps({"order": [s.key for s in rank(entries, int(sys.argv[1]))],
                  "django": any(name.split(".")[0] == "django" for name in sys.modules)}))
"""


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_lot_is_the_same_in_another_process(hash_seed):
    entries = [Entry(f"T{n}", f"Team {n}", (100, 200)) for n in range(1, 9)]
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    ran = subprocess.run([sys.executable, "-c", SCRIPT, str(SEED)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    result = json.loads(ran.stdout)
    assert result["order"] == order(rank(entries, SEED))
    assert result["django"] is False  # the scoring package stays free of Django


def test_scoring_package_imports_no_django():
    for path in (ROOT / "scoring").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), path


PINNED_ORDER = ["T5", "T4", "T2", "T1", "T3"]
