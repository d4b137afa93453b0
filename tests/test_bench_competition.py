"""``manage.py bench_competition``: runs on a small season, prints every figure, keeps nothing.

``make bench`` is the only other caller, and it is not part of the suite: without this test a
change to the builders it shares with the other benchmarks goes unnoticed until someone measures.
"""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command

from people.models import Person
from seasons.models import Competition
from tournaments.models import Tournament

LINES = [
    r"^bench competition: 3 evenings × 10 people \(3-round pawn-order tournaments",
    r"^competition standings compute, 3 evenings × 10 people: \d+\.\d ms, 3 queries \(target ≤ 100 ms\) (met|MISSED)",
    r"^public competition page, 3 evenings × 10 people: \d+ queries, \d+\.\d ms, HTTP 200 \(target ≤ 10 queries\)",
    r"^notice-board PDF: \d+\.\d\d s",
    r'^BENCH_RESULT \{"figure": "competition standings with movement',
    r"^rolled back: nothing was kept$",
]


def test_bench_prints_every_figure_and_keeps_nothing(db):
    out = io.StringIO()
    call_command("bench_competition", "--evenings", "3", "--people", "10", "--runs", "1", stdout=out)
    lines = out.getvalue().splitlines()
    for pattern in LINES:
        assert any(re.search(pattern, line) for line in lines), (pattern, lines)
    assert not Competition.objects.exists() and not Tournament.objects.exists() and not Person.objects.exists()


def test_bench_refuses_silly_sizes(db):
    with pytest.raises(CommandError, match="--evenings"):
        call_command("bench_competition", "--evenings", "1")
