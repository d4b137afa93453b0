"""``manage.py bench_pairing [--teams 1000] [--tables 125] [--seed 1] [--runs 3]``.

Two figures, each on its own line with its target:

- pairing one Swiss round of ``--teams`` teams after two simulated rounds of random results
  (pure Python: :mod:`tournaments.pairing` with ``TeamRecord`` values, no database);
- rendering the table cards with their score sheets for ``--tables`` tables (two teams each),
  built in the configured database inside a transaction that is rolled back at the end.
"""

from __future__ import annotations

import datetime
import io
import random
import statistics
import time
from dataclasses import replace

import pypdf
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

import scoring
from keezen_site import pdf_pool
from tournaments.pairing import Pairing, TeamRecord, random_round, swiss_round
from tournaments.exporters.round_pdfs import table_cards_pdf
from tournaments.models import (
    Player,
    Round,
    RoundStatus,
    Table,
    TableSeat,
    Team,
    Tournament,
)

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
    help = "Time a Swiss pairing of many teams and the table cards PDF of many tables (rolled back)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=1000, help="teams to pair (default 1000)")
        parser.add_argument("--tables", type=int, default=125, help="tables on the table cards (default 125)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random results (default 1)")
        parser.add_argument("--runs", type=int, default=3, help="pairing runs; the median is printed (default 3)")

    def handle(self, *args, teams: int, tables: int, seed: int, runs: int, **options):
        if teams < 2:
            raise CommandError("--teams must be 2 or more")
        if tables < 1:
            raise CommandError("--tables must be 1 or more")
        if runs < 1:
            raise CommandError("--runs must be 1 or more")
        self._pairing(teams, seed, runs)
        executor = MigrationExecutor(connection)
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            raise CommandError("the database has unapplied migrations: run `manage.py migrate` first")
        try:
            with transaction.atomic():
                self._cards(tables, seed)
                raise _Rollback
        except _Rollback:
            pass
        self.stdout.write("rolled back: nothing was kept")

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
        self.stdout.write(
            f"Swiss round paired: {seconds:.2f} s (target ≤ {PAIRING_TARGET_S} s), {count} teams after 2 random "
            f"rounds, {len(draw.tables)} tables, {len(draw.rematches)} rematches, median of {runs} runs"
        )

    def _cards(self, count: int, seed: int) -> None:
        rng = random.Random(seed)
        tournament = Tournament.objects.create(
            name=f"Bench {count} tables", slug=f"bench-pairing-{seed}-{rng.randrange(10**9)}",
            date=datetime.date(2026, 11, 21), venue="Bench", scoring_system=scoring.PAWN_ORDER, seed=seed,
        )
        teams = Team.objects.bulk_create([
            Team(tournament=tournament, number=n, name=f"Team {n:03d}") for n in range(1, 2 * count + 1)
        ])
        Player.objects.bulk_create([
            Player(team=team, seat=seat, name=f"Player {team.number}{'ab'[seat - 1]}")
            for team in teams for seat in (1, 2)
        ])
        round_ = Round.objects.create(tournament=tournament, number=1, status=RoundStatus.PUBLISHED)
        table_objects = Table.objects.bulk_create([Table(round=round_, number=n) for n in range(1, count + 1)])
        rng.shuffle(teams)
        TableSeat.objects.bulk_create([
            TableSeat(table=table, round=round_, team=teams[2 * i + k], position=k + 1)
            for i, table in enumerate(table_objects) for k in (0, 1)
        ])
        round_ = Round.objects.select_related("tournament").get(pk=round_.pk)
        start = time.perf_counter()
        content = table_cards_pdf(round_, SITE_URL)  # what the director downloads
        seconds = time.perf_counter() - start
        pages = len(pypdf.PdfReader(io.BytesIO(content)).pages)
        self.stdout.write(
            f"table cards PDF rendered: {seconds:.2f} s (target ≤ {CARDS_TARGET_S} s), {count} tables, "
            f"{pages} page{'s' if pages != 1 else ''}, {len(content) // 1024} KB, "
            f"{pdf_pool.cpu_count()} cores"
        )
