"""``make bench``: every benchmark but the load test, and one table of figure, target and met.

Runs each benchmark command in turn (on the configured database: ``DATABASE_URL``, else SQLite),
shows its own output as it comes, collects the ``BENCH_RESULT {...}`` lines they print, and ends
with one table. Exits 0 when every benchmark ran, whether or not every target was met (it is a
measurement); a benchmark that fails to run exits non-zero.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv" / "bin" / "python")

BENCHMARKS = [
    ("standings", [PY, "manage.py", "bench_standings", "--teams", "256", "1000", "--runs", "5"]),
    ("files", [PY, "manage.py", "bench_prints"]),
    ("imports", [PY, "manage.py", "bench_import", "--teams", "256", "1000"]),
    ("pairing", [PY, "manage.py", "bench_pairing"]),
    ("individual draw", [PY, "manage.py", "bench_individual"]),
    ("competition", [PY, "manage.py", "bench_competition"]),
    ("backups", [PY, "manage.py", "bench_backup"]),
    ("uploads", [PY, "manage.py", "bench_uploads"]),
    ("practice runs", [PY, "manage.py", "bench_rehearsal"]),
    ("engine", [PY, "-m", "engine", "bench-batch"]),
    ("klaverjas", [PY, "-m", "klaverjas", "bench"]),
]


def run(name: str, command: list[str]) -> list[dict]:
    print(f"\n==================== {name}: {' '.join(command[1:])} ====================", flush=True)
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    results = []
    for line in process.stdout:
        if line.startswith("BENCH_RESULT "):
            results.append(json.loads(line.removeprefix("BENCH_RESULT ")))
        else:
            print(line, end="", flush=True)
    if process.wait() != 0:
        sys.exit(f"error: {name} failed (exit status {process.returncode})")
    print(f"---- {name} took {time.monotonic() - started:.0f} s", flush=True)
    return results


def table(results: list[dict]) -> str:
    rows = [("figure", "measured", "target", "")] + [
        (r["figure"], r["measured"], r["target"] or "no target", {True: "met", False: "MISSED"}.get(r["met"], ""))
        for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def main() -> None:
    database = os.environ.get("DATABASE_URL", "sqlite (db.sqlite3)")
    print(f"Benchmarks on {os.cpu_count()} cores, database {database.split('@')[-1]}")
    subprocess.run([PY, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True)
    results = [result for name, command in BENCHMARKS for result in run(name, command)]
    print("\n" + table(results))
    targeted = [r for r in results if r["met"] is not None]
    print(f"\n{sum(r['met'] for r in targeted)} of {len(targeted)} targets met")


if __name__ == "__main__":
    main()
