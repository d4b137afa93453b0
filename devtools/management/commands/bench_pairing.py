"""``manage.py bench_pairing [--teams 1000] [--seed 1] [--runs 3]``: how long pairing one Swiss round
of ``--teams`` teams takes after two simulated rounds of random results (pure Python:
:mod:`tournaments.pairing` with ``TeamRecord`` values, no database). The table cards are timed by
``bench_prints``."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from django.core.management.base import BaseCommand, CommandError

from devtools.benchmarks import report
from tournaments.pairing import Pairing, TeamRecord, random_round, swiss_round

PAIRING_TARGET_S = 2
CARDS_TARGET_S = 10
SITE_URL = "http://keezen.local/"


class _Rollback(Exception):
    """Raised at the end of the benchmark to undo everything it wrote."""


def play(records: dict[str, TeamRecord], draw: Pairing, rng: random.Random) -> dict[str, TeamRecord]:
    """Random pawn-order-like results for every table of ``draw``; opponents, byes and ranks follow."""
    points = {team_id: record.points for team_id, record in records.items()}
    opponents = {team_id: set(record.opponents) for team_id, record in records.items()}
    for table in draw.tables:
        winner = rng.choice(table.teams)
        for team_id in table.teams:
            points[team_id] += 1120 if team_id == winner else rng.randrange(0, 1000, 10)
            opponents[team_id] |= set(table.teams) - {team_id}
    if draw.bye is not None:
        points[draw.bye] += 500
    order = sorted(records, key=lambda team_id: (-points[team_id], team_id))
    rank = {team_id: place for place, team_id in enumerate(order, 1)}
    return {
        team_id: replace(record, points=points[team_id], rank=rank[team_id],
                         opponents=frozenset(opponents[team_id]),
                         had_bye=record.had_bye or team_id == draw.bye)
        for team_id, record in records.items()
    }


class Command(BaseCommand):
    help = "Time a Swiss pairing of many teams (pure Python, no database; the table cards: bench_prints)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=1000, help="teams to pair (default 1000)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random results (default 1)")
        parser.add_argument("--runs", type=int, default=3, help="pairing runs; the median is printed (default 3)")

    def handle(self, *args, teams: int, seed: int, runs: int, **options):
        if teams < 2:
            raise CommandError("--teams must be 2 or more")
        if runs < 1:
            raise CommandError("--runs must be 1 or more")
        self._pairing(teams, seed, runs)

    def _pairing(self, count: int, seed: int, runs: int) -> None:
        rng = random.Random(seed)
        records = {
            f"T{n:04d}": TeamRecord(id=f"T{n:04d}", club=f"Club {rng.randrange(max(2, count // 8))}")
            for n in range(1, count + 1)
        }
        records = play(records, random_round(records.values(), seed), rng)
        records = play(records, swiss_round(records.values(), seed + 1), rng)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            draw = swiss_round(records.values(), seed + 2)
            times.append(time.perf_counter() - start)
        seconds = statistics.median(times)
        assert sorted(draw.team_ids) == sorted(records), "the draw lost or doubled a team"
        report(self.stdout.write, f"Swiss round paired, {count} teams after 2 random rounds",
               f"{seconds:.2f} s, {len(draw.rematches)} rematches", f"≤ {PAIRING_TARGET_S} s",
               seconds <= PAIRING_TARGET_S, f"{len(draw.tables)} tables, median of {runs} runs")
