"""``manage.py bench_backup [--teams 250] [--seed 1] [--runs 3] [--pause 0.1]`` (``make bench-backup``).

Why: the automatic backups (:mod:`tournaments.services.backups`) must cost a phone nothing, and the
file they write must be quick to make and to restore on a second laptop. On the busy day of
:mod:`devtools.busy_day` (250 teams in the middle of round 3) it measures

1. the tournament file: export (``export_file`` and its text) and its size; the import as a copy
   under a new short name (``import_file``), and the restore into a database that does not have
   the tournament (``restore_file``, what the second laptop does) — each the median of ``--runs``,
   each undone by a savepoint (target ≤ 2 s each);
2. a result submission through a table's link (``submit``, then the other team's ``confirm``:
   each a request of a phone) with automatic backups off and on (``"task"``), side by side: half
   of the free round-3 tables each, a sheet every ``--pause`` seconds on average (at random, as
   phones send them; 0.1 s is ten times the day's rate), so the background worker (``manage.py
   worker``, a process of its own as ``serve`` starts it) exports several times while requests
   come in. Printed: median and 95th percentile per mode, and the extra time at the 95th
   percentile (target ≤ 10 ms); how many files the worker wrote, and how long after the last
   confirmation the newest backup held it (target ≤ 5 s).

Part 2 must commit (the worker reads what is committed), so the busy day is built and
committed in the configured database, its backups go to a temporary folder, and both are removed
at the end, whatever happens. Each figure is printed beside its target and as one line
``BENCH_RESULT {json}`` for ``make bench``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.test.utils import override_settings

from devtools.benchmarks import Rollback, report, require_migrated, result_line
from devtools.busy_day import build_busy_day, random_sheet
from tournaments.models import Round, Table, Tournament
from tournaments.services import background, backups, table_entry
from tournaments.services.tournament_file import dumps, export_file, import_file, restore_file

FILE_TARGET = 2.0  # seconds: export, import, restore
EXTRA_TARGET = 10.0  # ms at the 95th percentile
LAG_TARGET = 5.0  # seconds from the last confirmation to a backup holding it
BLOCKS = 2  # off, then task: each long enough for the worker to export a few times


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Command(BaseCommand):
    help = ("Time the tournament file of a busy day (export, size, import, restore) and the extra time of a "
            "result submission with automatic backups on (its tournament and backups are removed at the end).")

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=250, help="teams of the busy day (default 250)")
        parser.add_argument("--seed", type=int, default=1, help="seed of its random sheets (default 1)")
        parser.add_argument("--runs", type=int, default=3, help="runs per file timing; the median is printed (default 3)")
        parser.add_argument("--pause", type=float, default=0.1,
                            help="seconds between two sheets (submitted and confirmed), ten a second by default: "
                                 "ten times the day's rate")

    def handle(self, *args, teams: int, seed: int, runs: int, pause: float, **options):
        if not 8 <= teams <= 2000:
            raise CommandError("--teams must be from 8 to 2000")
        if runs < 1 or pause < 0:
            raise CommandError("--runs must be 1 or more and --pause 0 or more")
        require_migrated()
        folder = Path(tempfile.mkdtemp(prefix="keezen-bench-backups-"))
        tournament = None
        # The whole run, background jobs included, writes into the temporary folder.
        worker = None
        with override_settings(BACKUPS_RUN="off", BACKUP_DIR=folder):
            try:
                worker = subprocess.Popen(background.worker_command(), env={**os.environ, "KEEZEN_BACKUP_DIR": str(folder)})
                started = time.perf_counter()
                tournament = build_busy_day(teams, seed)
                self.stdout.write(f"bench backup: busy day of {teams} teams, round 3 running, {connection.vendor}, "
                                  f"built in {time.perf_counter() - started:.1f} s; backups in {folder}")
                self._file(tournament, runs)
                self._submissions(tournament, seed, pause)
            finally:
                backups.wait_idle(timeout=60)
                if worker is not None:
                    worker.terminate()
                    worker.wait(timeout=60)
                if tournament is not None:
                    Tournament.objects.filter(pk=tournament.pk).delete()
                shutil.rmtree(folder, ignore_errors=True)
        self.stdout.write("removed: the busy day and its backups are gone")

    # --- the tournament file -------------------------------------------------------------------

    @staticmethod
    def _undone(action: Callable[[], object], runs: int) -> float:
        """Median seconds of ``action``, each run undone by a savepoint."""
        times = []
        for _ in range(runs):
            try:
                with transaction.atomic():
                    start = time.perf_counter()
                    action()
                    times.append(time.perf_counter() - start)
                    raise Rollback
            except Rollback:
                pass
        return statistics.median(times)

    def _file(self, tournament: Tournament, runs: int) -> None:
        out = self.stdout.write
        times, text = [], ""
        for _ in range(runs):
            start = time.perf_counter()
            text = dumps(export_file(tournament))
            times.append(time.perf_counter() - start)
        export = statistics.median(times)
        report(out, "backup: export of the busy day", f"{export:.2f} s", f"≤ {FILE_TARGET:g} s", export <= FILE_TARGET,
               f"median of {runs}")
        size = len(text.encode("utf-8"))
        out(f"backup: file size of the busy day: {size / 1024:,.0f} KiB ({size:,} bytes)")
        out(result_line("backup: file size of the busy day", f"{size / 1024:,.0f} KiB", None, None))
        data = json.loads(text)

        copied = self._undone(lambda: import_file(data), runs)
        report(out, "backup: import as a copy (new short name)", f"{copied:.2f} s", f"≤ {FILE_TARGET:g} s",
               copied <= FILE_TARGET, f"median of {runs}")

        def restore() -> None:
            Tournament.objects.filter(pk=tournament.pk).delete()  # the second laptop does not have it (not timed)
            start = time.perf_counter()
            restore_file(data)
            restored.append(time.perf_counter() - start)

        restored: list[float] = []
        self._undone(restore, runs)
        seconds = statistics.median(restored)
        report(out, "backup: restore into a database without it", f"{seconds:.2f} s", f"≤ {FILE_TARGET:g} s",
               seconds <= FILE_TARGET, f"median of {runs}, links and codes kept")

    # --- submissions with backups off and on ----------------------------------------------------

    def _submissions(self, tournament: Tournament, seed: int, pause: float) -> None:
        out = self.stdout.write
        rng = random.Random(seed)
        running = Round.objects.filter(tournament=tournament).order_by("-number").first()
        free = list(Table.objects.filter(round=running).without_sheet().select_related("round__tournament")
                    .with_seats().order_by("number"))
        if len(free) < 2 * BLOCKS:
            raise CommandError(f"only {len(free)} tables of round {running.number} are free; use more --teams")
        size = len(free) // BLOCKS
        samples: dict[str, list[float]] = {"off": [], "task": []}
        confirmed: set[int] = set()
        last_confirmed = 0.0
        for block in range(BLOCKS):
            mode = "off" if block % 2 == 0 else "task"
            if mode == "off":
                backups.wait_idle(timeout=60)  # no job of the previous block runs beside the "off" requests
            with override_settings(BACKUPS_RUN=mode):
                for table in free[block * size:(block + 1) * size]:
                    own, code = (next(seat.code for seat in table.seats.all() if seat.position == position)
                                 for position in (1, 2))
                    start = time.perf_counter()
                    table_entry.submit_with_code(table, own, random_sheet(rng))
                    middle = time.perf_counter()
                    table_entry.confirm(table, code)
                    end = time.perf_counter()
                    samples[mode] += [middle - start, end - middle]
                    confirmed.add(table.number)
                    last_confirmed = time.monotonic()
                    time.sleep(rng.expovariate(1 / pause) if pause else 0)  # phones send at random moments
        backups.wait_idle(timeout=60)
        lag = time.monotonic() - last_confirmed
        written = len(backups.backups_of(tournament))
        newest = json.loads(backups.latest(tournament).path.read_text(encoding="utf-8"))
        missing = sorted(entry["table"] for entry in newest["tables"]
                         if entry.get("round") == running.number and entry.get("table") in confirmed
                         and "arrivals" not in entry)
        for mode in ("off", "task"):
            values = samples[mode]
            out(f"backup: submission or confirmation with backups {mode}: median {ms(statistics.median(values))}, "
                f"p95 {ms(p95(values))} ({len(values)} requests)")
        extra = p95(samples["task"]) - p95(samples["off"])
        report(out, "backup: extra time of a submission with automatic backups (p95)", f"{extra * 1000:.1f} ms",
               f"≤ {EXTRA_TARGET:g} ms", extra * 1000 <= EXTRA_TARGET,
               f"p95 {ms(p95(samples['task']))} on vs {ms(p95(samples['off']))} off, {written} files written")
        report(out, "backup: last confirmed sheet in a backup after", f"{lag:.1f} s", f"≤ {LAG_TARGET:g} s",
               lag <= LAG_TARGET and not missing,
               "every confirmed sheet in it" if not missing else f"MISSING tables {missing[:10]}")
