"""``manage.py bench_import [--teams 256 1000] [--rounds 3] [--seed 1] [--runs 3]``.

Why: a club's sheet of a few hundred teams, or a whole tournament restored from its file, must
import in well under a second or two, and the number of queries must not grow with the number of
teams (rows written one at a time made 1,000 teams take ten seconds). For each size it measures

1. the Excel team import as the director does it: the template's workbook filled in, in memory
   with openpyxl, read and validated (``read_teams``: the upload and preview), then checked again
   and written (``check_against_registered`` and ``register_teams``: the confirm);
2. the tournament-file import (``import_file``) of a tournament with those teams and played
   rounds (every table with a valid sheet; a bye per round when the number is odd).

Everything happens in the configured database inside a transaction that is rolled back at the
end (nothing is kept); each run is undone by a savepoint, so every run imports into the same
state. Each figure is printed beside its target, and once more as a machine-readable line
``BENCH_RESULT {json}``.
"""

from __future__ import annotations

import datetime
import io
import random
import statistics
import time
from collections.abc import Callable

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from openpyxl import load_workbook

import scoring
from tournaments.excel.teams import check_against_registered, read_teams, template_xlsx
from devtools.benchmarks import (
    QueryCounter,
    Rollback,
    random_arrivals,
    report,
    require_migrated,
    result_line,
    rolled_back,
)
from tournaments.models import Club, Tournament
from tournaments.services.teams import register_teams
from tournaments.services.tournament_file import FORMAT, import_file

# The targets: seconds for an import of this many teams. Other sizes are interpolated linearly
# between them (and extrapolated at the 1,000-team rate above); never below the smallest target.
TARGETS = {256: 0.4, 1000: 1.5}
CLUBS = 25


def target_seconds(teams: int) -> float:
    (small, small_s), (large, large_s) = sorted(TARGETS.items())
    if teams <= small:
        return small_s
    if teams <= large:
        return small_s + (large_s - small_s) * (teams - small) / (large - small)
    return large_s * teams / large


def seconds_text(seconds: float) -> str:
    return f"{seconds:.2f} s"


def target_text(seconds: float) -> str:
    return f"≤ {seconds:g} s"


def runs_text(runs: int) -> str:
    return "1 run" if runs == 1 else f"median of {runs} runs"


def team_rows(count: int) -> list[list[object]]:
    """Rows in the template's column order: number, name, player 1, player 2, club.

    Every fourth team has no number (the import hands those out), and the clubs are spelled in
    varying case, as people type them; half of the clubs exist already (see ``_existing_clubs``).
    """
    rows = []
    for n in range(1, count + 1):
        club = f"Bench club {n % CLUBS + 1}"
        rows.append([
            None if n % 4 == 0 else n, f"Bench team {n:04d}", f"Player {n}a", f"Player {n}b",
            club.upper() if n % 3 == 0 else club,
        ])
    return rows


def team_workbook(count: int) -> bytes:
    """The downloaded template, its example row replaced by ``count`` teams."""
    workbook = load_workbook(io.BytesIO(template_xlsx()))
    sheet = workbook.worksheets[0]
    sheet.delete_rows(2, sheet.max_row - 1)
    for row in team_rows(count):
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def tournament_file(count: int, rounds: int, seed: int) -> dict:
    """A pawn-order tournament file: ``count`` teams and ``rounds`` random rounds, every table played."""
    rng = random.Random(seed)
    ids = [f"T{n}" for n in range(1, count + 1)]
    teams = [
        {"id": team_id, "name": f"Bench team {n:04d}", "players": [f"Player {n}a", f"Player {n}b"],
         "club": f"Bench club {n % CLUBS + 1}"}
        for n, team_id in enumerate(ids, start=1)
    ]
    tables: list[dict] = []
    had_bye: set[str] = set()
    for round_no in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        if len(order) % 2:
            bye = next(team_id for team_id in order if team_id not in had_bye)
            had_bye.add(bye)
            order.remove(bye)
            tables.append({"round": round_no, "bye": bye})
        for number, start in enumerate(range(0, len(order), 2), start=1):
            pair = order[start:start + 2]
            stopped = rng.random() < 0.3
            entry = {"round": round_no, "table": number, "teams": pair,
                     "arrivals": [pair[seat] for seat in random_arrivals(rng, stopped)]}
            if stopped:
                entry["stopped_by_clock"] = True
            tables.append(entry)
    return {
        "format": FORMAT, "version": 1, "name": f"Bench import {count} teams", "date": "2026-11-21",
        "scoring": scoring.PAWN_ORDER, "rounds": rounds, "round_minutes": 45, "seed": seed,
        "rules": {}, "teams": teams, "tables": tables,
    }


class Command(BaseCommand):
    help = "Time the Excel team import and the tournament-file import, and count their queries (rolled back)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, nargs="+", default=[256, 1000],
                            help="numbers of teams (default 256 1000); targets: "
                                 + ", ".join(f"{n} teams {target_text(s)}" for n, s in TARGETS.items())
                                 + ", interpolated for other sizes. Compare sizes of the same parity: an odd "
                                 "number gives the tournament file byes, one more kind of row (one more insert)")
        parser.add_argument("--rounds", type=int, default=3, help="played rounds in the tournament file (default 3)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random results (default 1)")
        parser.add_argument("--runs", type=int, default=3, help="runs per timing; the median is printed (default 3)")

    def handle(self, *args, teams: list[int], rounds: int, seed: int, runs: int, **options):
        if any(count < 2 or count > 2000 for count in teams):
            raise CommandError("--teams must be from 2 to 2000 (the Excel import takes at most 2,000 teams)")
        if not 1 <= rounds <= 20:
            raise CommandError("--rounds must be from 1 to 20")
        if runs < 1:
            raise CommandError("--runs must be 1 or more")
        require_migrated()
        sizes = sorted(set(teams))
        rolled_back(lambda: self._bench(sizes, rounds, seed, runs))
        self.stdout.write("rolled back: nothing was kept")

    # --- measuring ------------------------------------------------------------------------

    @staticmethod
    def _measure(action: Callable[[], object], runs: int) -> tuple[float, int]:
        """Median seconds and the number of queries of ``action``, each run undone by a savepoint."""
        times, counts = [], set()
        for _ in range(runs):
            try:
                with transaction.atomic():
                    with QueryCounter() as queries:
                        start = time.perf_counter()
                        action()
                        times.append(time.perf_counter() - start)
                    counts.add(queries.count)
                    raise Rollback
            except Rollback:
                pass
        if len(counts) != 1:
            raise CommandError(f"the same import ran a different number of queries in different runs: {sorted(counts)}")
        return statistics.median(times), counts.pop()

    def _report(self, figure: str, seconds: float, queries: int, target: float, note: str) -> None:
        report(self.stdout.write, figure, f"{seconds_text(seconds)}, {queries} queries", target_text(target),
               seconds <= target, note)

    def _excel(self, tournament: Tournament, count: int, runs: int) -> int:
        content = team_workbook(count)

        def run() -> None:
            upload = SimpleUploadedFile("teams.xlsx", content)
            result = read_teams(upload, tournament)  # the upload: read, validate, preview
            if not result.ok:
                raise CommandError(f"the bench sheet was refused: {result.errors[:3]}")
            errors: list[str] = []  # the confirm: checked against the database again, then written
            check_against_registered(tournament, list(zip(result.row_numbers, result.teams)), errors)
            if errors:
                raise CommandError(f"the bench sheet was refused on confirm: {errors[:3]}")
            created = register_teams(tournament, result.teams)
            if len(created) != count:
                raise CommandError(f"{len(created)} teams written instead of {count}")

        seconds, queries = self._measure(run, runs)
        self._report(f"import {count:,} teams (Excel)", seconds, queries, target_seconds(count),
                     runs_text(runs))
        return queries

    def _file(self, count: int, rounds: int, seed: int, runs: int) -> int:
        data = tournament_file(count, rounds, seed)
        tables = sum(1 for entry in data["tables"] if "table" in entry)

        def run() -> None:
            imported = import_file(data)
            if imported.teams.count() != count:
                raise CommandError("the tournament file did not import every team")

        seconds, queries = self._measure(run, runs)
        self._report(f"import {count:,} teams (tournament file)", seconds, queries, target_seconds(count),
                     f"{rounds} rounds, {tables:,} tables, {runs_text(runs)}")
        return queries

    @staticmethod
    def _existing_clubs() -> None:
        """Half of the bench clubs exist already, in another case: the import must find, not add, them."""
        have = {name.casefold() for name in Club.objects.values_list("name", flat=True)}
        Club.objects.bulk_create([
            Club(name=f"bench CLUB {n}") for n in range(1, CLUBS + 1, 2) if f"bench club {n}" not in have
        ])

    def _bench(self, sizes: list[int], rounds: int, seed: int, runs: int) -> None:
        out = self.stdout.write
        out(f"bench import: {', '.join(f'{n:,}' for n in sizes)} teams, {CLUBS} clubs, tournament file with "
            f"{rounds} played rounds, pawn-order, seed {seed}, {connection.vendor}, {runs_text(runs)} "
            f"(rolled back at the end)")
        self._existing_clubs()
        excel_queries, file_queries = {}, {}
        for count in sizes:
            slug = f"bench-import-{count}-{random.Random(seed).randrange(10**9)}"
            tournament = Tournament.objects.create(
                name=f"Bench import {count}", slug=slug, date=datetime.date(2026, 11, 21), seed=seed,
            )
            excel_queries[count] = self._excel(tournament, count, runs)
            file_queries[count] = self._file(count, rounds, seed, runs)
        if len(sizes) < 2:
            out("import query count: only one size measured; give two with --teams to compare")
            return
        same = len(set(excel_queries.values())) == 1 and len(set(file_queries.values())) == 1
        listed = " vs ".join(f"{n:,}" for n in sizes)
        measured = (f"Excel {' / '.join(str(excel_queries[n]) for n in sizes)} queries, "
                    f"tournament file {' / '.join(str(file_queries[n]) for n in sizes)} queries")
        out(f"import query count, {listed} teams: {measured} (target: the same count) {'met' if same else 'NOT met'}")
        self.stdout.write(result_line(f"import query count, {listed} teams", measured, "the same count", same))
