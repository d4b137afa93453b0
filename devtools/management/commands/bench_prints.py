"""``manage.py bench_prints [--runs 3] [--seed 1] [--tables 125 500] [--teams 256 1000]``.

How long the PDFs take that a director waits for, as the download makes them (from the database
to the finished file): the table cards with score sheets and QR codes for a round of ``--tables``
tables (two teams each), and the standings PDF and the prize list of a tournament of ``--teams``
teams after three rounds. The tournaments are built with random results
(:func:`devtools.benchmarks.pawn_tournament`) inside a transaction that is rolled back at the end: nothing is kept.

Each figure is the median of ``--runs`` renders, after one render that is not counted (it starts
the PDF worker server of :mod:`common.pdf`, once per server process; its time is printed
as well). Each figure is printed on its own line with its target and, for scripts, as one line
``BENCH_RESULT {json}``.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

import pypdf
from django.core.management.base import BaseCommand, CommandError

from common import pdf
from devtools.benchmarks import pawn_tournament, require_migrated, result_line, rolled_back
from prizes.exporters import prizes_pdf
from tournaments.exporters.round_pdfs import table_cards_pdf
from tournaments.exporters.standings_pdf import standings_pdf
from tournaments.models import Round, Tournament

SITE_URL = "http://keezen.local/"
ROUNDS = 3
# Targets in seconds, for the sizes the issue names.
CARDS_TARGETS = {125: 3, 500: 10}
STANDINGS_TARGETS = {256: 1, 1000: 3}


def seconds(value: float) -> str:
    return f"{value:.2f} s" if value < 1 else f"{value:.1f} s"


def pages(content: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(content)).pages)


class Command(BaseCommand):
    help = "Time the table cards, the standings PDF and the prize list on large random tournaments (rolled back)."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=3, help="timed renders per figure; the median is printed (default 3)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random tournaments (default 1)")
        parser.add_argument("--tables", type=int, nargs="+", default=sorted(CARDS_TARGETS),
                            help="tables per round for the table cards (default 125 500)")
        parser.add_argument("--teams", type=int, nargs="+", default=sorted(STANDINGS_TARGETS),
                            help="teams for the standings and the prize list (default 256 1000)")

    def handle(self, *args, runs: int, seed: int, tables: list[int], teams: list[int], **options):
        if runs < 1:
            raise CommandError("--runs must be 1 or more")
        if min(tables) < 1 or min(teams) < 2:
            raise CommandError("--tables must be 1 or more and --teams 2 or more")
        require_migrated()
        rolled_back(lambda: self._bench(runs, seed, tables, teams))
        self.stdout.write("rolled back: nothing was kept")

    # --- measuring ------------------------------------------------------------------------

    def _bench(self, runs: int, seed: int, tables: list[int], teams: list[int]) -> None:
        out = self.stdout.write
        start = time.perf_counter()
        by_teams: dict[int, Tournament] = {}
        for k, count in enumerate(sorted(set(teams) | {2 * n for n in tables})):
            rounds = ROUNDS if count in teams else 1
            by_teams[count], _tables = pawn_tournament(count, rounds, seed * 1000 + k)
        out(f"bench tournaments: {', '.join(f'{n} teams' for n in sorted(by_teams))}, pawn-order, seed {seed} "
            f"(built in {time.perf_counter() - start:.1f} s, rolled back at the end); {pdf.cpu_count()} cores")

        small, _tables = pawn_tournament(8, ROUNDS, seed * 1000 + 999)
        started = time.perf_counter()
        table_cards_pdf(self._round(small), SITE_URL, per_process=1)  # in two parts: starts the worker server
        out(f"first render in this process (starts the PDF worker server): {seconds(time.perf_counter() - started)}, "
            "not counted")
        standings_pdf(small)
        prizes_pdf(small)

        for count in tables:
            tournament = by_teams[2 * count]
            self._figure(f"table cards, {count} tables", CARDS_TARGETS.get(count), runs,
                         lambda tournament=tournament: table_cards_pdf(self._round(tournament), SITE_URL),
                         expected_pages=count)
        for count in teams:
            tournament = by_teams[count]
            label = f"{count:,} teams"
            self._figure(f"standings PDF, {label}", STANDINGS_TARGETS.get(count), runs,
                         lambda tournament=tournament: standings_pdf(tournament))
            self._figure(f"prize list, {label}", STANDINGS_TARGETS.get(count), runs,
                         lambda tournament=tournament: prizes_pdf(tournament))

    @staticmethod
    def _round(tournament: Tournament) -> Round:
        return Round.objects.select_related("tournament").get(tournament=tournament, number=1)

    def _figure(self, figure: str, target: float | None, runs: int, render: Callable[[], bytes],
                expected_pages: int | None = None) -> None:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            content = render()
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        count = pages(content)
        if expected_pages is not None and count != expected_pages:
            raise CommandError(f"{figure}: {count} pages, expected {expected_pages}")
        met = None if target is None else median <= target
        target_text = "no target set" if target is None else f"target ≤ {target} s"
        verdict = "" if met is None else (" met" if met else " NOT met")
        spread = f", median of {runs} runs ({seconds(min(times))}–{seconds(max(times))})" if runs > 1 else ""
        self.stdout.write(f"{figure}: {seconds(median)} ({target_text}){verdict}, "
                          f"{count} page{'s' if count != 1 else ''}, {len(content) // 1024} KB{spread}")
        self.stdout.write(result_line(figure, seconds(median), None if target is None else f"≤ {target} s", met))
