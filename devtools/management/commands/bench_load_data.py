"""``manage.py bench_load_data [--teams 250] [--seed 1] --out FILE``: the data of the load benchmark.

Builds, in the configured database (a throwaway one: nothing is rolled back), a pawn-order
tournament "Bench" through the same services the director uses: the teams registered, rounds 1
and 2 drawn, published, started and fully played with random valid sheets (``record_result``),
round 3 drawn, published and its clock started. Writes what the load generator needs as JSON::

    {"slug": ..., "standings_url": "/t/<slug>/standings/",
     "tables": [{"number": 1, "token": ..., "codes": ["123456", "654321"], "teams": ["T12", "T40"]}, ...],
     "arrivals": "AAAAAAAA", "points": {"2": [1120, 0]}}

with one entry per table of round 3 (its number, its private link's token, and the team codes and
team keys — as the public standings show them, ``data-testid="total-T12"`` — in seat order), and
the sheet the load generators post (``arrivals``: every pawn home for the first team) with the
points each seat gets for it, by number of seats at the table, computed by the scoring code (the
results-arriving driver adds them to the totals shown before to know the totals to wait for).
Used by ``scripts/bench_load.sh`` (``make bench-load``).
"""

from __future__ import annotations

import datetime
import json
import random
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

import scoring
from devtools.busy_day import drawn_and_started, random_sheet, tables_of
from tournaments.games.keezen import parse_arrivals
from tournaments.models import Round, RoundStatus, Tournament
from tournaments.services import results
from tournaments.services.standings import team_key
from tournaments.services.teams import register_numbered_teams

PLAYED_ROUNDS = 2
SHEET_ARRIVALS = "AAAAAAAA"
"""The sheet the load generators post on the table links (scripts/wrk/table_entry.lua, the
results-arriving driver): every pawn home for the first team."""


class Command(BaseCommand):
    help = "Create the load benchmark's tournament (kept) and write its slug and round-3 table links as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=250, help="number of teams (default 250)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random results (default 1)")
        parser.add_argument("--out", required=True, help="file to write the JSON to")

    def handle(self, *args, teams: int, seed: int, out: str, **options):
        if teams < 4:
            raise CommandError("--teams must be 4 or more")
        started = time.perf_counter()
        rng = random.Random(seed)
        tournament = self._tournament(seed)
        register_numbered_teams(tournament, teams)
        now = timezone.now()
        for number in range(1, PLAYED_ROUNDS + 1):
            # The played rounds started long ago: their clocks have run out.
            round_ = drawn_and_started(tournament, now - datetime.timedelta(hours=3 - number))
            self._play(round_, rng)
        Round.objects.filter(tournament=tournament, number__lte=PLAYED_ROUNDS).update(status=RoundStatus.FINISHED)
        current = drawn_and_started(tournament, now)
        tables = []
        for table in current.tables.order_by("number").prefetch_related("seats__team"):
            seats = sorted(table.seats.all(), key=lambda seat: seat.position)
            tables.append({"number": table.number, "token": table.token, "codes": [seat.code for seat in seats],
                           "teams": [team_key(seat.team) for seat in seats]})
        points = {}
        for seat_count in sorted({len(t["teams"]) for t in tables}):
            arrivals, errors = parse_arrivals(SHEET_ARRIVALS, seat_count)
            assert not errors, errors
            points[str(seat_count)] = [score.points for score in
                                       results.seat_scores(tournament, seat_count, {"arrivals": arrivals})]
        data = {
            "slug": tournament.slug,
            "standings_url": reverse("public:standings", args=[tournament.slug]),
            "tables": tables,
            "arrivals": SHEET_ARRIVALS,
            "points": points,
        }
        Path(out).write_text(json.dumps(data, indent=1) + "\n")
        self.stdout.write(
            f"bench tournament {tournament.slug!r}: {teams} teams, rounds 1-{PLAYED_ROUNDS} played, "
            f"round {current.number} running with {len(tables)} tables; written to {out} "
            f"in {time.perf_counter() - started:.1f} s"
        )

    @staticmethod
    def _tournament(seed: int) -> Tournament:
        return Tournament.objects.create(
            name="Bench", slug=Tournament.objects.free_slug("bench"), date=timezone.localdate(), venue="Load benchmark",
            scoring_system=scoring.PAWN_ORDER, rounds=PLAYED_ROUNDS + 1, seed=seed,
        )

    @staticmethod
    def _play(round_: Round, rng: random.Random) -> None:
        """A random valid sheet for every table, about a third of them stopped by the clock."""
        with transaction.atomic():
            for table in tables_of(round_):
                results.record_result(table, random_sheet(rng))
