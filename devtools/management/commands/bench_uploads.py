"""``manage.py bench_uploads [--only NAME …]``: the time and peak memory of the worst uploads.

Why: issue 15 promises that no upload can take more than 200 MB of memory or 10 s — a 4 MB Excel
file once took 8.2 GB and 40 s. The limits that keep that promise (:mod:`tournaments.excel.limits`,
the tournament file's size and depth limits and ``tournaments/views/restore.py``'s upload size) are
tried here on the worst files they let in or must refuse (built by
:mod:`devtools.upload_files`):

1. the team Excel import (``read_teams``, what the upload view calls): a compressed bomb (a sheet
   of 300 MB packed into 2 MB), a zip of 5,000 parts, the costliest workbook within every limit
   (2,000 teams, styles and tags up to their limits, text up to the unpacked limit), and a real
   sheet of 2,000 teams as Excel writes it;
2. the tournament-file restore upload (``loads``, ``read_file`` and ``existing``: what the restore
   view does before it writes), each of the largest upload the page accepts unless real: the
   densest JSON (empty objects) with a problem in every entry, the densest JSON that every check
   accepts, two deep-nesting bombs (``[`` opened all at once, and a staircase that the depth check
   has to count to the end), and the file of a real busy day (250 teams in round 3, built in the
   configured database inside a transaction that is rolled back).

Each file is read in a Python process of its own, started for it, that first loads what a server
worker holds (settings, apps and every view); its peak memory is the whole process's (``VmHWM`` of
``/proc/self/status``: what lxml, expat and zlib allocate in C counts too), its time that of the
reading alone. Target: ≤ 10 s and ≤ 200 MB each, printed beside the figure and as a
``BENCH_RESULT {json}`` line for ``make bench``. The reading writes nothing: a team import reads
the registered teams of a tournament that has none (an id no row has).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.test.utils import override_settings

from devtools import upload_files
from devtools.benchmarks import report, require_migrated, rolled_back
from tournaments.excel import limits
from tournaments.views.restore import MAX_BYTES as RESTORE_MAX_BYTES

SECONDS_TARGET = 10.0
MEMORY_TARGET_MB = 200.0
TIMEOUT = 120
"""Seconds after which a reading is stopped (and its figure missed)."""
ADDRESS_SPACE = 4 * 1024**3
"""Each reading's process may reserve at most 4 GB, so a limit that fails cannot take the machine down."""
BUSY_DAY_TEAMS = 250
ROOT = Path(settings.BASE_DIR)


# --- the reading, in a process of its own ------------------------------------------------------

def _peak_mb() -> float:
    """This process's peak resident size since it started, in MB (``ru_maxrss`` would keep the
    parent's across ``exec``)."""
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024


def read_upload(kind: str, path: str) -> dict:
    """Read the file at ``path`` as an upload view does and say what came of it: the messages (the
    first 5, the last, and how many), the teams read, the seconds of the reading, and the process's
    peak memory before and after (MB). ``kind``: "teams" (the Excel import's ``read_teams``), "file"
    (the restore view before it writes: ``loads``, ``read_file``, ``existing``) or "decode"
    (``loads`` alone)."""
    from django.core.files import File

    from tournaments.excel.teams import read_teams
    from tournaments.models import Tournament
    from tournaments.services.tournament_file import InvalidTournamentFile, existing, loads, read_file

    before = _peak_mb()
    start = time.perf_counter()
    teams = 0
    if kind == "teams":
        with open(path, "rb") as handle:
            result = read_teams(File(handle, name=os.path.basename(path)), Tournament(pk=0, slug="bench-uploads"))
        errors, teams = result.errors, len(result.teams)
    else:
        try:
            with open(path, "rb") as handle:
                data = loads(handle.read())
            if kind == "file":
                parsed = read_file(data)
                existing(parsed)
                teams = len(parsed.teams)
            errors = []
        except InvalidTournamentFile as invalid:
            errors = invalid.errors
    seconds = time.perf_counter() - start
    return {"errors": [str(error) for error in errors[:5]], "last_error": str(errors[-1]) if errors else "",
            "error_count": len(errors), "teams": teams, "seconds": seconds, "peak_mb": _peak_mb(), "start_mb": before, "extra_mb": _peak_mb() - before}


CHILD = """
import json, sys
import django
django.setup()
from django.urls import get_resolver
from django.utils import translation
get_resolver().url_patterns  # every view imported, as in a worker of the server
translation.activate("en")
from devtools.management.commands.bench_uploads import read_upload
print(json.dumps(read_upload(sys.argv[1], sys.argv[2])))
"""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def measure(kind: str, content: bytes, name: str, timeout: float = TIMEOUT) -> dict:
    """:func:`read_upload` of ``content`` (saved as ``name`` in a temporary folder) in a new Python
    process; ``{"timed_out": True}`` when it ran longer than ``timeout`` seconds."""
    with tempfile.TemporaryDirectory(prefix="keezen-bench-uploads-") as folder:
        path = Path(folder) / name
        path.write_bytes(content)
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": os.environ.get("DJANGO_SETTINGS_MODULE", "keezen_site.settings"),
               "BACKUPS_RUN": "off"}
        try:
            done = subprocess.run([sys.executable, "-c", CHILD, kind, str(path)], cwd=ROOT, env=env,
                                  capture_output=True, text=True, timeout=timeout, preexec_fn=_capped)
        except subprocess.TimeoutExpired:
            return {"timed_out": True}
    if done.returncode != 0:
        if "MemoryError" in done.stderr:
            return {"out_of_memory": True}
        raise CommandError(f"reading {name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# --- the cases ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    name: str
    """For ``--only``."""
    figure: str
    kind: str
    """"teams" (the Excel import) or "file" (a tournament file on Restore a tournament)."""
    build: Callable[[], bytes]
    refused: bool
    """Whether the upload must be refused (else read whole)."""


def _busy_day_file() -> bytes:
    """The tournament file of a busy day, built in the configured database and rolled back."""
    from devtools.busy_day import build_busy_day
    from tournaments.services.tournament_file import dumps, export_file

    text: list[str] = []
    with override_settings(BACKUPS_RUN="off"):
        rolled_back(lambda: text.append(dumps(export_file(build_busy_day(BUSY_DAY_TEAMS)))))
    return text[0].encode("utf-8")


CASES = [
    Case("bomb", "upload (team import): compressed Excel bomb", "teams", upload_files.sheet_bomb, refused=True),
    Case("parts", "upload (team import): zip of 5,000 parts", "teams", upload_files.many_parts, refused=True),
    Case("costliest", f"upload (team import): costliest workbook within the limits ({limits.MAX_ROWS:,} teams)", "teams",
         upload_files.costliest_workbook, refused=False),
    Case("sheet", f"upload (team import): real sheet of {limits.MAX_ROWS:,} teams", "teams",
         lambda: upload_files.excel_like(limits.MAX_ROWS), refused=False),
    Case("dense", f"upload (restore): densest JSON of {RESTORE_MAX_BYTES // 1024 // 1024} MB, a problem in every entry",
         "file", lambda: upload_files.densest_file(RESTORE_MAX_BYTES), refused=True),
    Case("accepted", f"upload (restore): densest JSON of {RESTORE_MAX_BYTES // 1024 // 1024} MB that every check accepts",
         "file", lambda: upload_files.densest_accepted_file(RESTORE_MAX_BYTES), refused=False),
    Case("deep", "upload (restore): deep-nesting bomb", "file",
         lambda: upload_files.deep_bomb(RESTORE_MAX_BYTES), refused=True),
    Case("staircase", "upload (restore): deep-nesting staircase", "file",
         lambda: upload_files.staircase_bomb(RESTORE_MAX_BYTES), refused=True),
    Case("busy", f"upload (restore): busy day ({BUSY_DAY_TEAMS} teams, round 3)", "file", _busy_day_file, refused=False),
]
NEEDS_DATABASE = {"costliest", "sheet", "busy"}
"""Cases whose reading (or building) queries the configured database."""


def size_text(content: bytes) -> str:
    return f"{len(content) / 1024 / 1024:.1f} MB" if len(content) >= 100 * 1024 else f"{len(content) / 1024:.0f} KB"


def outcome_text(case: Case, outcome: dict) -> str:
    """What came of the reading, in a few words; CommandError when it is not what the case is for."""
    first = outcome["errors"][0] if outcome["errors"] else ""
    if case.refused and not outcome["error_count"]:
        raise CommandError(f"{case.figure}: the file was read ({outcome['teams']} teams), not refused")
    if not case.refused and (outcome["error_count"] or (case.kind == "teams" and outcome["teams"] != limits.MAX_ROWS)):
        raise CommandError(f"{case.figure}: the file was not read whole ({outcome['teams']} teams): {first}")
    if case.refused:
        count = outcome["error_count"]
        more = f" ({count} messages, the last: {outcome['last_error'][:60]})" if count > 1 else ""
        return f"refused: {first[:60]}{'…' if len(first) > 60 else ''}{more}"
    return f"read: {outcome['teams']:,} {'team' if outcome['teams'] == 1 else 'teams'}"


class Command(BaseCommand):
    help = ("Time and peak memory of the worst Excel team imports and tournament-file restore uploads, each read "
            "in a process of its own (target ≤ 10 s and ≤ 200 MB each); nothing is kept.")

    def add_arguments(self, parser):
        parser.add_argument("--only", nargs="+", choices=[case.name for case in CASES], metavar="NAME",
                            help=f"only these cases: {', '.join(case.name for case in CASES)} (default: all)")

    def handle(self, *args, only: list[str] | None, **options):
        cases = [case for case in CASES if not only or case.name in only]
        if any(case.name in NEEDS_DATABASE for case in cases):
            require_migrated()
        self.stdout.write(f"bench uploads: {len(cases)} files, each read in a process of its own (settings, apps "
                          f"and every view loaded first); team import ≤ {settings.TEAM_IMPORT_MAX_BYTES // 1024 // 1024}"
                          f" MB, restore upload ≤ {RESTORE_MAX_BYTES // 1024 // 1024} MB")
        for case in cases:
            self.run_case(case)

    def run_case(self, case: Case) -> None:
        started = time.perf_counter()
        content = case.build()
        built = time.perf_counter() - started
        name = "teams.xlsx" if case.kind == "teams" else "tournament.json"
        outcome = measure(case.kind, content, name)
        target = f"≤ {SECONDS_TARGET:g} s, ≤ {MEMORY_TARGET_MB:g} MB"
        sizes = size_text(content)
        if case.kind == "teams":
            sizes += f" ({upload_files.unpacked(content) / 1024 / 1024:,.1f} MB unpacked)"
        if outcome.get("timed_out") or outcome.get("out_of_memory"):
            problem = f"stopped after {TIMEOUT} s" if outcome.get("timed_out") else \
                f"ran out of its {ADDRESS_SPACE // 1024**3} GB"
            report(self.stdout.write, case.figure, problem, target, False, sizes)
            return
        seconds, peak = outcome["seconds"], outcome["peak_mb"]
        met = seconds <= SECONDS_TARGET and peak <= MEMORY_TARGET_MB
        report(self.stdout.write, case.figure, f"{seconds:.2f} s, {peak:.0f} MB", target, met,
               f"{sizes}, {outcome_text(case, outcome)}; {outcome['start_mb']:.0f} MB before reading, "
               f"built in {built:.1f} s")
