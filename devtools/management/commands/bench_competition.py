"""``manage.py bench_competition [--evenings 40] [--people 300] [--seed 1] [--runs 7]``
(``make bench-competition``, and in ``make bench``).

Builds, in the configured database and inside a transaction rolled back at the end (nothing is
kept), a Keezen competition of 40 evenings with 300 people: each evening a pawn-order tournament of
three rounds made in bulk by ``devtools.benchmarks.pawn_tournament``, of 120 to 150 of the same 150
teams (so people miss evenings), the players linked to the register by name, a few excused absences, and
the rules at their costliest (periods, points for absence as the person's average, a minimum).
Then prints, each beside its target (``make bench`` collects them): the standings computed with
the evenings' places taken (warm), alone and with the movement since the evening before (as the
public page computes them), and the public competition page's queries and its time; and, without a
target, the first computation (every evening's places taken) and the notice-board PDF.
"""

from __future__ import annotations

import gc
import random
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse

from devtools.benchmarks import QueryCounter, median_seconds, pawn_tournament, report, require_migrated, rolled_back
from people.refs import people_by_name
from seasons.exporters.standings_pdf import standings_pdf
from seasons.models import Competition, Evening, Excused
from seasons.services.standings import competition_standings

COMPUTE_MS = 100
PAGE_MAX_QUERIES = 10
ROUNDS = 3


def rules_for(evenings: int) -> dict:
    """Four periods, the best three quarters of each; absence as the person's average, at most 3
    times; ranked from a quarter of the evenings."""
    size = max(evenings // 4, 1)
    periods = [{"name": f"Period {index + 1}", "evenings": list(range(start, min(start + size, evenings + 1))),
                "best": max(size * 3 // 4, 1)}
               for index, start in enumerate(range(1, evenings + 1, size)) if start <= evenings]
    periods = [period for period in periods if period["evenings"]]
    for period in periods:
        period["best"] = min(period["best"], len(period["evenings"]))
    return {"per_evening": "points", "count": {"best": evenings * 3 // 4 or 1, "of": evenings}, "periods": periods,
            "absence": {"points": "average", "max": 3}, "minimum_evenings": max(evenings // 4, 1)}


def build(evenings: int, people: int, seed: int) -> Competition:
    """The competition, its tournaments and register (in bulk; the caller rolls it back)."""
    rng = random.Random(seed)
    teams = max(people // 2, 2)
    tournaments, counts = [], []
    for number in range(1, evenings + 1):
        count = max(teams - rng.randrange(0, teams // 5 + 1), 2)
        tournament, _tables = pawn_tournament(count, ROUNDS, seed * 1000 + number)
        tournaments.append(tournament)
        counts.append(count)
    found = people_by_name([tournament.pk for tournament in tournaments])
    competition = Competition.objects.create(
        name=f"Bench competition {evenings} × {people}", slug=f"bench-competition-{seed}-{rng.randrange(10**9)}",
        game="keezen", rules=rules_for(evenings), seed=seed)
    Evening.objects.bulk_create([Evening(competition=competition, number=number, tournament=tournament)
                                 for number, tournament in enumerate(tournaments, start=1)])
    excused = []
    for number, count in enumerate(counts, start=1):  # some of those who stayed home sent word
        for team in range(count + 1, teams + 1):
            if rng.random() < 0.3:
                excused.append(Excused(competition=competition, evening=number, person_id=found[f"player {team}a"]))
    Excused.objects.bulk_create(excused)
    return competition


class Command(BaseCommand):
    help = "Time a 40-evening competition of 300 people: its standings and its public page (rolled back)."

    def add_arguments(self, parser):
        parser.add_argument("--evenings", type=int, default=40, help="evenings (default 40)")
        parser.add_argument("--people", type=int, default=300, help="people (default 300)")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random results (default 1)")
        parser.add_argument("--runs", type=int, default=7, help="runs per timing; the median is printed (default 7)")

    def handle(self, *args, evenings: int, people: int, seed: int, runs: int, **options):
        if not 2 <= evenings <= 366:
            raise CommandError("--evenings must be from 2 to 366")
        if not 4 <= people <= 4000:
            raise CommandError("--people must be from 4 to 4000")
        if runs < 1:
            raise CommandError("--runs must be 1 or more")
        require_migrated()
        rolled_back(lambda: self._bench(evenings, people, seed, runs))
        self.stdout.write("rolled back: nothing was kept")

    def _bench(self, evenings: int, people: int, seed: int, runs: int) -> None:
        out = self.stdout.write
        started = time.perf_counter()
        competition = build(evenings, people, seed)
        gc.collect()  # the building's garbage (model instances in cycles) is no part of what is measured
        size = f"{evenings} evenings × {people} people"
        out(f"bench competition: {size} ({ROUNDS}-round pawn-order tournaments, built in "
            f"{time.perf_counter() - started:.1f} s; rolled back at the end)")
        started = time.perf_counter()
        first = competition_standings(competition)
        cold = time.perf_counter() - started
        ranked = sum(line.rank is not None for line in first.lines)
        out(f"first standings, every evening's places taken: {cold * 1000:.0f} ms "
            f"({len(first.lines)} people, {ranked} ranked, after evening {first.after}; no target)")
        with QueryCounter() as queries:
            competition_standings(competition)
        warm = median_seconds(lambda: competition_standings(competition), runs)
        report(out, f"competition standings compute, {size}", f"{warm * 1000:.1f} ms, {queries.count} queries",
               f"≤ {COMPUTE_MS} ms", warm * 1000 <= COMPUTE_MS,
               f"median of {runs} runs, the evenings' places taken")
        moved = median_seconds(lambda: competition_standings(competition, movement=True), runs)
        report(out, f"competition standings with movement (the page's), {size}", f"{moved * 1000:.1f} ms",
               f"≤ {COMPUTE_MS} ms", moved * 1000 <= COMPUTE_MS,
               f"median of {runs} runs: the standings and those of the evening before")
        with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"]):
            self._page(competition, size, runs)
        started = time.perf_counter()
        pdf = standings_pdf(competition)
        out(f"notice-board PDF: {time.perf_counter() - started:.2f} s, {len(pdf) // 1024} KiB (no target)")

    def _page(self, competition: Competition, size: str, runs: int) -> None:
        client = Client()
        url = reverse("seasons:competition", args=[competition.slug])
        client.get(url)  # warm up (templates, translations)
        with QueryCounter() as queries:
            response = client.get(url)
        seconds = median_seconds(lambda: client.get(url, HTTP_ACCEPT_ENCODING="gzip"), runs)
        compressed = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
        report(self.stdout.write, f"public competition page, {size}",
               f"{queries.count} queries, {seconds * 1000:.1f} ms, HTTP {response.status_code}",
               f"≤ {PAGE_MAX_QUERIES} queries", queries.count <= PAGE_MAX_QUERIES and response.status_code == 200,
               f"median of {runs} runs, gzip included; {len(response.content) // 1024} KiB, "
               f"{len(compressed.content) // 1024} KiB compressed")
