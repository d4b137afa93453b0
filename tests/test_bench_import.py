"""``manage.py bench_import``: runs on small sizes, prints every figure and its BENCH_RESULT line, keeps nothing."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import CommandError, call_command

from devtools.management.commands.bench_import import target_seconds, tournament_file
from tournaments.models import Club, Result, Team, Tournament
from tournaments.services.tournament_file import read_file


def bench(*args: str) -> list[str]:
    out = io.StringIO()
    call_command("bench_import", *args, stdout=out)
    return out.getvalue().splitlines()


def results(lines: list[str]) -> list[dict]:
    return [json.loads(line.removeprefix("BENCH_RESULT ")) for line in lines if line.startswith("BENCH_RESULT ")]


def test_bench_prints_every_figure_and_keeps_nothing(db):
    clubs = Club.objects.count()
    lines = bench("--teams", "4", "10", "--runs", "1")
    for pattern in (
        r"^import 4 teams \(Excel\): \d+\.\d\d s, \d+ queries \(target ≤ 0\.4 s\) (met|MISSED), 1 run$",
        r"^import 10 teams \(tournament file\): \d+\.\d\d s, \d+ queries \(target ≤ 0\.4 s\) (met|MISSED), "
        r"3 rounds, 15 tables, 1 run$",
        r"^import query count, 4 vs 10 teams: Excel (\d+) / \1 queries, tournament file (\d+) / \2 queries "
        r"\(target: the same count\) met$",
        r"^rolled back: nothing was kept$",
    ):
        assert any(re.search(pattern, line) for line in lines), (pattern, lines)
    figures = results(lines)
    assert [figure["figure"] for figure in figures] == [
        "import 4 teams (Excel)", "import 4 teams (tournament file)",
        "import 10 teams (Excel)", "import 10 teams (tournament file)",
        "import query count, 4 vs 10 teams",
    ]
    for figure in figures:
        assert set(figure) == {"figure", "measured", "target", "met"} and isinstance(figure["met"], bool)
    assert re.fullmatch(r"\d+\.\d\d s, \d+ queries", figures[0]["measured"]) and figures[0]["target"] == "≤ 0.4 s"
    assert figures[-1]["target"] == "the same count" and figures[-1]["met"] is True
    assert not Tournament.objects.exists() and not Team.objects.exists() and not Result.objects.exists()
    assert Club.objects.count() == clubs


def test_bench_refuses_silly_sizes(db):
    for args in (["--teams", "1"], ["--teams", "2001"], ["--rounds", "0"], ["--runs", "0"]):
        with pytest.raises(CommandError):
            bench(*args)


def test_targets_and_the_bench_file():
    assert (target_seconds(10), target_seconds(256), target_seconds(1000)) == (0.4, 0.4, 1.5)
    assert 0.4 < target_seconds(500) < 1.5 and target_seconds(2000) == 3.0
    parsed = read_file(tournament_file(9, 3, 1))  # valid: every sheet, and a bye per round
    assert len(parsed.teams) == 9 and len(parsed.tables) == 12 and len(parsed.byes) == 3
