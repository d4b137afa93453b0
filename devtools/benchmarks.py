"""What every benchmark command shares: counting queries, timing, random valid sheets, a random
pawn-order tournament to measure (:func:`pawn_tournament`), refusing an unmigrated database, and the
one line per figure that ``make bench`` collects.

Each figure is printed twice: a line for people (``figure: measured (target …) met``) and a line
for ``scripts/bench_all.py``: ``BENCH_RESULT {"figure", "measured", "target", "met"}``.
"""

from __future__ import annotations

import datetime
import json
import random
import statistics
import time
from collections.abc import Callable

from django.core.management.base import CommandError
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

import scoring
from scoring.sheets import PAWNS_PER_TEAM as PAWNS
from tournaments.models import Bye, Player, Result, ResultSource, Round, RoundStatus, Table, TableSeat, Team, Tournament
from tournaments.services.results import check_sheet


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


def pawn_tournament(count: int, rounds: int, seed: int) -> tuple[Tournament, int]:
    """A pawn-order tournament of ``count`` teams and ``rounds`` finished rounds of random but valid
    results, written in bulk (the caller rolls it back: :func:`rolled_back`); with its number of tables."""
    rng = random.Random(seed)
    slug = f"bench-standings-{seed}-{rng.randrange(10**9)}"
    tournament = Tournament.objects.create(
        name=f"Bench {count} teams", slug=slug, date=datetime.date(2026, 11, 21), venue="Bench",
        scoring_system=scoring.PAWN_ORDER, rounds=rounds, seed=seed,
    )
    teams = Team.objects.bulk_create([
        Team(tournament=tournament, number=n, name=f"Team {n:03d}") for n in range(1, count + 1)
    ])
    Player.objects.bulk_create([
        Player(team=team, seat=seat, name=f"Player {team.number}{'ab'[seat - 1]}")
        for team in teams for seat in (1, 2)
    ])
    round_objects = Round.objects.bulk_create([
        Round(tournament=tournament, number=n, minutes=tournament.round_minutes, status=RoundStatus.FINISHED)
        for n in range(1, rounds + 1)
    ])
    pairings, byes = [], []
    had_bye: set[int] = set()
    for round_ in round_objects:
        order = teams[:]
        rng.shuffle(order)
        if len(order) % 2:
            bye = next(team for team in order if team.pk not in had_bye)
            had_bye.add(bye.pk)
            order.remove(bye)
            byes.append(Bye(round=round_, team=bye))
        pairings.append((round_, [order[i:i + 2] for i in range(0, len(order), 2)]))
    tables = Table.objects.bulk_create([
        Table(round=round_, number=number) for round_, pairs in pairings for number in range(1, len(pairs) + 1)
    ])
    seats, results = [], []
    table_iter = iter(tables)
    for round_, pairs in pairings:
        for pair in pairs:
            table = next(table_iter)
            seats += [TableSeat(table=table, round=round_, team=team, position=p) for p, team in enumerate(pair, 1)]
            results += _random_results(rng, table)
    TableSeat.objects.bulk_create(seats)
    Result.objects.bulk_create(results)
    Bye.objects.bulk_create(byes)
    return tournament, len(tables)


def _random_results(rng: random.Random, table: Table) -> list[Result]:
    """One sheet, sometimes a forfeit, sometimes corrected once (version 2)."""
    versions = 2 if rng.random() < 0.05 else 1
    out = []
    for version in range(1, versions + 1):
        if rng.random() < 0.01:
            sheet = {"forfeit": rng.randrange(2)}
        else:
            stopped = rng.random() < 0.3
            sheet = {"arrivals": random_arrivals(rng, stopped)}
            if stopped:
                sheet["stopped_by_clock"] = True
        problems = check_sheet(scoring.PAWN_ORDER, ["A", "B"], sheet)
        if problems:  # a bug in random_arrivals; never write an impossible sheet
            raise CommandError(f"generated an invalid sheet {sheet}: {problems}")
        out.append(Result(table=table, version=version, sheet=sheet, source=ResultSource.DESK,
                          reason="bench correction" if version > 1 else ""))
    return out


def result_line(figure: str, measured: str, target: str | None, met: bool | None) -> str:
    """The line ``make bench`` collects for one figure (``None``: a size without a target)."""
    return "BENCH_RESULT " + json.dumps({"figure": figure, "measured": measured, "target": target, "met": met},
                                        ensure_ascii=False)


def report(write: Callable[[str], object], figure: str, measured: str, target: str, met: bool,
           note: str = "") -> None:
    """Both lines of a figure: for people, then for ``make bench``."""
    write(f"{figure}: {measured} (target {target}) {'met' if met else 'MISSED'}{f', {note}' if note else ''}")
    write(result_line(figure, measured, target, met))
