"""``manage.py bench_standings [--teams 256] [--rounds 3] [--seed 1] [--runs 7]``.

Builds a pawn-order tournament with random but valid results in the configured database, inside
a transaction that is rolled back at the end (nothing is kept), and prints how long the
standings take to compute, what the standings pages cost in queries and time, and how long the
standings PDF takes to render — each figure on its own line with its target.
"""

from __future__ import annotations

import datetime
import random
import statistics
import time
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import NoReverseMatch, reverse

import scoring
from scoring.sheets import PAWNS_PER_TEAM as PAWNS
from tournaments.exporters.standings_pdf import prizes_document, standings_document
from tournaments.exporters.standings_xlsx import StandingsWorkbook
from tournaments.models import (
    Bye,
    Player,
    Result,
    ResultSource,
    Round,
    RoundStatus,
    Table,
    TableSeat,
    Team,
    Tournament,
)
from tournaments.permissions import directors_group
from tournaments.services.results import check_sheet
from tournaments.services.standings import standings_json

STANDINGS_TARGET_MS = 50
PDF_TARGET_S = 3


class QueryCounter:
    """Counts the queries run inside it. Unlike CaptureQueriesContext it survives the test client,
    whose request_started signal clears ``connection.queries``."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)

    def __enter__(self) -> "QueryCounter":
        self._wrapper = connection.execute_wrapper(self)
        self._wrapper.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._wrapper.__exit__(*exc)


def pages(count: int) -> str:
    return f"{count} page" if count == 1 else f"{count} pages"


class _Rollback(Exception):
    """Raised at the end of the benchmark to undo everything it wrote."""


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


class Command(BaseCommand):
    help = "Time the standings, the standings pages and the standings PDF on a large random tournament (rolled back)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=256, help="number of teams (default 256)")
        parser.add_argument("--rounds", type=int, default=3, help="number of rounds (default 3)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random results (default 1)")
        parser.add_argument("--runs", type=int, default=7, help="runs per timing; the median is printed (default 7)")

    def handle(self, *args, teams: int, rounds: int, seed: int, runs: int, **options):
        if teams < 2:
            raise CommandError("--teams must be 2 or more")
        if not 1 <= rounds <= 20:
            raise CommandError("--rounds must be from 1 to 20")
        if runs < 1:
            raise CommandError("--runs must be 1 or more")
        executor = MigrationExecutor(connection)
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            raise CommandError("the database has unapplied migrations: run `manage.py migrate` first")
        try:
            with transaction.atomic():
                self._bench(teams, rounds, seed, runs)
                raise _Rollback
        except _Rollback:
            pass
        self.stdout.write("rolled back: nothing was kept")

    # --- building -------------------------------------------------------------------------

    def _build(self, count: int, rounds: int, seed: int) -> tuple[Tournament, int]:
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
                results += self._results(rng, table)
        TableSeat.objects.bulk_create(seats)
        Result.objects.bulk_create(results)
        Bye.objects.bulk_create(byes)
        return tournament, len(tables)

    @staticmethod
    def _results(rng: random.Random, table: Table) -> list[Result]:
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

    # --- measuring ------------------------------------------------------------------------

    @staticmethod
    def _median_seconds(action: Callable[[], object], runs: int) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    def _page(self, client: Client, url: str, runs: int) -> tuple[int, float, int]:
        client.get(url)  # warm up (template loading, translations)
        with QueryCounter() as queries:
            response = client.get(url)
        seconds = self._median_seconds(lambda: client.get(url), runs)
        return queries.count, seconds, response.status_code

    def _bench(self, count: int, rounds: int, seed: int, runs: int) -> None:
        out = self.stdout.write
        start = time.perf_counter()
        tournament, tables = self._build(count, rounds, seed)
        built = time.perf_counter() - start
        out(f"bench tournament: {count} teams, {rounds} rounds, {tables} tables, pawn-order, seed {seed} "
            f"(built in {built:.2f} s, rolled back at the end)")

        data = standings_json(tournament)
        assert data["after_round"] == rounds and len(data["standings"]) == count
        seconds = self._median_seconds(lambda: standings_json(tournament), runs)
        out(f"standings computed: {seconds * 1000:.1f} ms (target ≤ {STANDINGS_TARGET_MS} ms), median of {runs} runs")
        with CaptureQueriesContext(connection) as queries:
            standings_json(tournament)
        out(f"standings queries: {len(queries.captured_queries)} (target: a fixed number, whatever the number of teams)")

        hosts = [*settings.ALLOWED_HOSTS, "testserver"]
        with override_settings(ALLOWED_HOSTS=hosts):
            self._pages(tournament, runs)

        pdf_runs = max(1, min(runs, 3))
        document = standings_document(tournament)
        pdf_bytes = document.write_pdf()
        seconds = self._median_seconds(lambda: standings_document(tournament).write_pdf(), pdf_runs)
        out(f"standings PDF rendered: {seconds:.2f} s (target ≤ {PDF_TARGET_S} s), {pages(len(document.pages))}, "
            f"{len(pdf_bytes) // 1024} KB, median of {pdf_runs} runs")
        prizes = prizes_document(tournament)
        seconds = self._median_seconds(lambda: prizes_document(tournament).write_pdf(), pdf_runs)
        out(f"prize list PDF rendered: {seconds:.2f} s (target ≤ {PDF_TARGET_S} s), {pages(len(prizes.pages))}, "
            f"median of {pdf_runs} runs")
        seconds = self._median_seconds(lambda: StandingsWorkbook(tournament).render(), pdf_runs)
        out(f"standings Excel written: {seconds:.2f} s (no target set), median of {pdf_runs} runs")

    def _pages(self, tournament: Tournament, runs: int) -> None:
        out = self.stdout.write
        client = Client()
        try:
            public_url = reverse("public:standings", args=[tournament.slug])
        except NoReverseMatch:
            out("public standings page: not there yet (no URL named public:standings)")
        else:
            queries, seconds, status = self._page(client, public_url, runs)
            out(f"public standings page: {queries} queries (target: a fixed number, whatever the number of teams), "
                f"{seconds * 1000:.1f} ms to render (no target set), HTTP {status}")
        try:
            director_url = reverse("director:standings", args=[tournament.slug])
        except NoReverseMatch:
            out("director standings page: not there yet (no URL named director:standings)")
            return
        user = get_user_model().objects.create_user(f"bench-director-{tournament.pk}")
        user.groups.add(directors_group())
        client.force_login(user)
        queries, seconds, status = self._page(client, director_url, runs)
        out(f"director standings page: {queries} queries (target: a fixed number, whatever the number of teams), "
            f"{seconds * 1000:.1f} ms to render (no target set), HTTP {status}")
