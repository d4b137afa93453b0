"""What every benchmark command shares: counting queries, timing, random valid sheets, refusing an
unmigrated database, and the one line per figure that ``make bench`` collects.

Each figure is printed twice: a line for people (``figure: measured (target …) met``) and a line
for ``scripts/bench_all.py``: ``BENCH_RESULT {"figure", "measured", "target", "met"}``.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from django.core.management.base import CommandError
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

from scoring.sheets import PAWNS_PER_TEAM as PAWNS


class Rollback(Exception):
    """Raised at the end of a benchmark to undo everything it wrote."""


class QueryCounter:
    """Counts the statements run inside it. Unlike CaptureQueriesContext it survives the test
    client (whose request_started signal clears ``connection.queries``) and formats nothing."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)

    def __enter__(self) -> QueryCounter:
        self._wrapper = connection.execute_wrapper(self)
        self._wrapper.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._wrapper.__exit__(*exc)


def rolled_back(action: Callable[[], object]) -> None:
    """Run ``action`` in a transaction that is undone at the end: a benchmark keeps nothing."""
    try:
        with transaction.atomic():
            action()
            raise Rollback
    except Rollback:
        pass


def require_migrated() -> None:
    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        raise CommandError("the database has unapplied migrations: run `manage.py migrate` first")


def median_seconds(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def random_arrivals(rng: random.Random, stopped_by_clock: bool) -> list[int]:
    """A valid pawn-order sheet by seat (0 or 1): the game ends at the first team with 8 home;
    a game stopped by the clock ends earlier, with neither team complete."""
    pawns = [0] * PAWNS + [1] * PAWNS
    rng.shuffle(pawns)
    counts = [0, 0]
    arrivals = []
    for seat in pawns:
        counts[seat] += 1
        arrivals.append(seat)
        if counts[seat] == PAWNS:
            break
    if stopped_by_clock:
        arrivals = arrivals[: rng.randint(max(1, len(arrivals) // 3), len(arrivals) - 1)]
    return arrivals


def result_line(figure: str, measured: str, target: str | None, met: bool | None) -> str:
    """The line ``make bench`` collects for one figure (``None``: a size without a target)."""
    return "BENCH_RESULT " + json.dumps({"figure": figure, "measured": measured, "target": target, "met": met},
                                        ensure_ascii=False)


def report(write: Callable[[str], object], figure: str, measured: str, target: str, met: bool,
           note: str = "") -> None:
    """Both lines of a figure: for people, then for ``make bench``."""
    write(f"{figure}: {measured} (target {target}) {'met' if met else 'MISSED'}{f', {note}' if note else ''}")
    write(result_line(figure, measured, target, met))
