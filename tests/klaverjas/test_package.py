"""The package's shape: no Django, a docstring on every module, the bench's lines, the command line."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from klaverjas import bench
from klaverjas.cli import main

PACKAGE = Path(__file__).resolve().parents[2] / "klaverjas"


def modules() -> list[Path]:
    return sorted(PACKAGE.glob("*.py"))


def test_no_django_and_a_docstring_on_every_module():
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{path.name} has no docstring"
        imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [name for name in imported if name.split(".")[0] == "django"], path.name


def test_public_functions_have_type_hints():
    for path in modules():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_") and path.name != "__main__.py":
                assert node.returns is not None, f"{path.name}: {node.name} has no return type"


def test_the_bench_prints_each_figure_beside_its_target_and_a_bench_result_line(monkeypatch):
    legal, deals = bench.legal_questions, bench.deal_questions
    monkeypatch.setattr(bench, "legal_questions", lambda: legal(200))
    monkeypatch.setattr(bench, "deal_questions", lambda: deals(200))
    lines = bench.report(bench.run(0.01))
    assert "target ≥ 100,000/s" in lines[0]
    results = [json.loads(line.removeprefix("BENCH_RESULT ")) for line in lines if line.startswith("BENCH_RESULT ")]
    assert [set(result) for result in results] == [{"figure", "measured", "target", "met"}] * 2
    assert results[0]["target"] == "≥ 100,000/s" and isinstance(results[0]["met"], bool)
    assert results[1]["target"] is None and results[1]["met"] is None


def test_a_bad_command_line_exits_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["nonsense"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.startswith("error:")


def test_bench_on_the_command_line():
    done = subprocess.run([sys.executable, "-m", "klaverjas", "bench", "--seconds", "0.05"], capture_output=True,
                          text=True, cwd=PACKAGE.parent, timeout=60, check=True)
    assert done.stdout.count("BENCH_RESULT ") == 2
