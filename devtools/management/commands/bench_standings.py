"""``manage.py bench_standings [--teams 256 1000] [--rounds 3] [--seed 1] [--runs 7]``.

Builds a pawn-order tournament with random but valid results in the configured database, inside
a transaction that is rolled back at the end (nothing is kept), for each size, and prints how
long the standings take to compute, what the director's standings page costs in queries and time,
and what the public standings page costs right after a change and from the cache — each figure
beside its target (``make bench`` collects them). The PDFs are measured by ``bench_prints``.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from devtools.benchmarks import (
    QueryCounter,
    median_seconds,
    pawn_tournament,
    random_arrivals,
    report,
    require_migrated,
    rolled_back,
)
from tournaments.models import Tournament
from tournaments.permissions import directors_group
from tournaments.services import render_once, results
from tournaments.services.standings import standings
from tournaments.signals import bump

__all__ = ["Command", "random_arrivals"]

# Targets by size: (standings compute ms, director page ms); other sizes take the nearest.
TARGETS = {256: (30, 100), 1000: (120, 300)}
DIRECTOR_MAX_QUERIES = 8


def targets(teams: int) -> tuple[int, int]:
    return TARGETS[min(TARGETS, key=lambda size: abs(size - teams))]


class Command(BaseCommand):
    help = "Time the standings and the standings pages on large random tournaments (rolled back)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, nargs="+", default=[256, 1000],
                            help="numbers of teams (default 256 1000)")
        parser.add_argument("--rounds", type=int, default=3, help="number of rounds (default 3)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random results (default 1)")
        parser.add_argument("--runs", type=int, default=7, help="runs per timing; the median is printed (default 7)")

    def handle(self, *args, teams: list[int], rounds: int, seed: int, runs: int, **options):
        if min(teams) < 2:
            raise CommandError("--teams must be 2 or more")
        if not 1 <= rounds <= 20:
            raise CommandError("--rounds must be from 1 to 20")
        if runs < 1:
            raise CommandError("--runs must be 1 or more")
        require_migrated()
        for count in teams:
            rolled_back(lambda count=count: self._bench(count, rounds, seed, runs))
        self.stdout.write("rolled back: nothing was kept")

    # --- measuring ------------------------------------------------------------------------

    def _bench(self, count: int, rounds: int, seed: int, runs: int) -> None:
        out = self.stdout.write
        tournament, tables = pawn_tournament(count, rounds, seed)
        out(f"bench tournament: {count} teams, {rounds} rounds, {tables} tables, pawn-order, seed {seed} "
            f"(rolled back at the end)")
        size = f"{count} teams × {rounds} rounds"
        compute_ms, page_ms = targets(count)
        found = standings(tournament)
        assert found.after_round == rounds and len(found.rows) == count

        def cold() -> None:  # as the first computation of a server process: every sheet scored
            results.forget_scores()
            standings(tournament)

        seconds = median_seconds(cold, runs)
        warm = median_seconds(lambda: standings(tournament), runs)
        with CaptureQueriesContext(connection) as queries:
            standings(tournament)
        report(out, f"standings compute, {size}", f"{seconds * 1000:.1f} ms, {len(queries.captured_queries)} queries",
               f"≤ {compute_ms} ms", seconds * 1000 <= compute_ms,
               f"median of {runs} runs with every sheet scored; {warm * 1000:.1f} ms after a change (only new "
               f"sheets scored)")
        with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"]):
            self._director_page(tournament, size, page_ms, runs)
            self._public_page(tournament, size, runs)

    def _director_page(self, tournament: Tournament, size: str, target_ms: int, runs: int) -> None:
        client = Client()
        user = get_user_model().objects.create_user(f"bench-director-{tournament.pk}")
        user.groups.add(directors_group())
        client.force_login(user)
        url = reverse("director:standings", args=[tournament.slug])
        client.get(url)  # warm up (templates, translations)
        with QueryCounter() as queries:
            status = client.get(url).status_code
        seconds = median_seconds(lambda: client.get(url), runs)
        report(self.stdout.write, f"director standings page, {size}",
               f"{seconds * 1000:.1f} ms, {queries.count} queries, HTTP {status}",
               f"≤ {target_ms} ms, ≤ {DIRECTOR_MAX_QUERIES} queries",
               seconds * 1000 <= target_ms and queries.count <= DIRECTOR_MAX_QUERIES and status == 200,
               f"median of {runs} runs")

    def _public_page(self, tournament: Tournament, size: str, runs: int) -> None:
        """The public page right after a change (rendered once, for every process) and from the cache."""
        client = Client()
        url = reverse("public:standings", args=[tournament.slug])

        def after_a_change() -> None:
            bump(pk=tournament.pk)
            tournament.refresh_from_db()
            client.get(url)

        client.get(url)
        seconds = median_seconds(after_a_change, runs)
        cached = median_seconds(lambda: client.get(url), runs)
        render_once.forget_local()
        with QueryCounter() as queries:
            client.get(url)  # another process: from the shared cache
        self.stdout.write(f"public standings page, {size}: {seconds * 1000:.1f} ms right after a change "
                          f"(rendered once for every process), {cached * 1000:.1f} ms from this process's copy, "
                          f"{queries.count} queries from the shared cache (no target: make bench-load measures "
                          f"the page under load)")

