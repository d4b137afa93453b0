"""``manage.py bench_standings``: runs on a small tournament, prints every figure, keeps nothing."""

from __future__ import annotations

import io
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from devtools.benchmarks import random_arrivals
from tournaments.models import Result, Team, Tournament
from tournaments.services.results import check_sheet

LINES = [
    r"^bench tournament: \d+ teams, \d+ rounds, \d+ tables, pawn-order, seed \d+ ",
    r"^standings compute, \d+ teams × \d+ rounds: \d+\.\d ms, 3 queries \(target ≤ 30 ms\) (met|MISSED)",
    r"^director standings page, \d+ teams × \d+ rounds: \d+\.\d ms, \d+ queries, HTTP 200 \(target ≤ 100 ms, ≤ 8 queries\)",
    r"^public standings page, \d+ teams × \d+ rounds: \d+\.\d ms right after a change",
    r'^BENCH_RESULT \{"figure": "standings compute, ',
    r"^rolled back: nothing was kept$",
]


@pytest.mark.parametrize("teams, rounds", [(16, 3), (7, 2)])  # 7: a bye every round
def test_bench_prints_every_figure_and_keeps_nothing(db, teams, rounds):
    users = get_user_model().objects.count()
    out = io.StringIO()
    call_command("bench_standings", "--teams", str(teams), "--rounds", str(rounds), "--runs", "1", stdout=out)
    lines = out.getvalue().splitlines()
    for pattern in LINES:
        assert any(re.search(pattern, line) for line in lines), (pattern, lines)
    assert f"{teams} teams, {rounds} rounds, {teams // 2 * rounds} tables" in lines[0]
    assert not Tournament.objects.exists() and not Team.objects.exists() and not Result.objects.exists()
    assert get_user_model().objects.count() == users


def test_bench_refuses_silly_sizes(db):
    with pytest.raises(CommandError):
        call_command("bench_standings", "--teams", "1")


def test_random_arrivals_are_valid_sheets():
    rng = random.Random(7)
    for _ in range(500):
        stopped = rng.random() < 0.5
        arrivals = random_arrivals(rng, stopped)
        assert check_sheet("pawn-order", ["A", "B"], {"arrivals": arrivals}) == []
        complete = max(arrivals.count(0), arrivals.count(1)) == 8
        assert complete is not stopped
