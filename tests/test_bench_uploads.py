"""``manage.py bench_uploads``: a quick run prints each figure beside its target and its BENCH_RESULT
line, and the worst files it is built on stay what they claim to be (inside or beyond the limits)."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from tournaments.excel import limits
from devtools import upload_files
from devtools.management.commands.bench_uploads import CASES, Case, outcome_text
from tournaments.services.tournament_file import InvalidTournamentFile, loads, read_file
from tournaments.services.tournament_file.spec import MAX_DEPTH
from tournaments.views.restore import MAX_BYTES as RESTORE_MAX_BYTES

pytestmark = pytest.mark.usefixtures("english")


def test_a_quick_run_prints_each_figure_beside_its_target():
    out = io.StringIO()
    call_command("bench_uploads", "--only", "parts", "deep", stdout=out)
    lines = out.getvalue().splitlines()
    for figure in ("upload (team import): zip of 5,000 parts", "upload (restore): deep-nesting bomb"):
        pattern = rf"^{re.escape(figure)}: \d+\.\d\d s, \d+ MB \(target ≤ 10 s, ≤ 200 MB\) (met|MISSED), .*refused: "
        assert any(re.search(pattern, line) for line in lines), (pattern, lines)
    results = [json.loads(line.removeprefix("BENCH_RESULT ")) for line in lines if line.startswith("BENCH_RESULT ")]
    assert [result["figure"] for result in results] == [
        "upload (team import): zip of 5,000 parts", "upload (restore): deep-nesting bomb"]
    for result in results:
        assert result["target"] == "≤ 10 s, ≤ 200 MB" and result["met"] is True, result
        assert re.fullmatch(r"\d+\.\d\d s, \d+ MB", result["measured"])


def test_a_reading_that_is_not_what_the_case_is_for_stops_the_benchmark():
    refused = Case("x", "a bomb", "teams", bytes, refused=True)
    read = Case("y", "a sheet", "teams", bytes, refused=False)
    with pytest.raises(CommandError, match="not refused"):
        outcome_text(refused, {"errors": [], "error_count": 0, "teams": 2})
    with pytest.raises(CommandError, match="not read whole"):
        outcome_text(read, {"errors": ["Row 2: …"], "error_count": 1, "teams": 0})
    assert outcome_text(refused, {"errors": ["Too big."], "last_error": "… and 7 more problems", "error_count": 3,
                                  "teams": 0}) == "refused: Too big. (3 messages, the last: … and 7 more problems)"
    assert [case.name for case in CASES] == ["bomb", "parts", "costliest", "sheet", "dense", "accepted", "deep",
                                             "staircase", "busy"]


def test_the_costliest_workbook_is_at_the_edge_of_every_limit():
    content = upload_files.costliest_workbook()
    assert limits.archive_problem(io.BytesIO(content), "teams.xlsx") is None
    assert len(content) <= settings.TEAM_IMPORT_MAX_BYTES
    assert upload_files.markup(content) == limits.MAX_MARKUP
    assert 0.98 * limits.MAX_UNPACKED_BYTES < upload_files.unpacked(content) <= limits.MAX_UNPACKED_BYTES


def test_the_bombs_are_beyond_the_limits_and_under_the_upload_sizes():
    assert limits.archive_problem(io.BytesIO(upload_files.many_parts(5000)), "teams.xlsx").startswith("“teams.xlsx” holds")
    for bomb in (upload_files.deep_bomb(RESTORE_MAX_BYTES), upload_files.staircase_bomb(RESTORE_MAX_BYTES)):
        assert len(bomb) <= RESTORE_MAX_BYTES
        with pytest.raises(InvalidTournamentFile, match=f"more than {MAX_DEPTH} deep"):
            loads(bomb)
    assert b"[" * (MAX_DEPTH + 1) not in upload_files.staircase_bomb(1000)


def test_the_densest_files_fill_the_upload_and_only_one_is_accepted():
    for build in (upload_files.densest_file, upload_files.densest_accepted_file):
        assert RESTORE_MAX_BYTES - 3 <= len(build(RESTORE_MAX_BYTES)) <= RESTORE_MAX_BYTES
    parsed = read_file(loads(upload_files.densest_accepted_file(30_000)))
    assert len(parsed.rulings[0]["position"]["pawns"]) > 9_000
    with pytest.raises(InvalidTournamentFile):
        read_file(loads(upload_files.densest_file(30_000)))
