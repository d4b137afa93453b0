"""``manage.py bench_individual`` (``make bench-individual``, and in ``make bench``): the individual
draw (tournaments/pairing/individual.py) for 12, 16, 17, 22, 40, 101 and 300 players × 3, 5 and 8
rounds, planned and by standings (random standings each round, as if results came in).

Prints per case the time to draw every round, partner repeats (target 0 whenever players − 1 ≥
rounds), the most times two players meet, and the pairs of players who meet more than once; then
the issue's targets: 300 players × 8 rounds in ≤ 2 s, no two players meeting twice with 40 or more
players and up to 8 rounds, and 16 players × 5 rounds (everyone meets everyone exactly once when
planned: the affine plane of order 4). Pure Python: no database is touched.
"""

from __future__ import annotations

import random
import time

from django.core.management.base import BaseCommand

from devtools.benchmarks import report
from tournaments.pairing.individual import PlayerRecord, draw_round, planned_rounds, quality

PLAYERS = (12, 16, 17, 22, 40, 101, 300)
ROUNDS = (3, 5, 8)


def by_standings(count: int, rounds: int, seed: int, six: bool) -> list:
    rng = random.Random(seed)
    ids = [f"P{number}" for number in range(1, count + 1)]
    plan: list = []
    for number in range(rounds):
        places = list(range(1, count + 1))
        rng.shuffle(places)
        plan.append(draw_round([PlayerRecord(i, place) for i, place in zip(ids, places)], plan, seed + number,
                               six, by_standings=True))
    return plan


class Command(BaseCommand):
    help = "Time and quality of the individual draw (planned and by standings), beside its targets."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--six-player-boards", action="store_true",
                            help="allow tables of three pairs (else four-player boards only)")

    def handle(self, *args, seed: int, six_player_boards: bool, **options):
        write = self.stdout.write
        write(f"{'players':>7} {'rounds':>6} {'mode':<12} {'seconds':>8} {'partner repeats':>15} "
              f"{'most meetings':>13} {'pairs meeting twice':>19}")
        worst: dict[str, object] = {"time_300x8": 0.0, "repeats_40plus": 0, "partner_repeats": 0}
        sixteen = None
        for count in PLAYERS:
            for rounds in ROUNDS:
                for mode in ("planned", "by standings"):
                    started = time.perf_counter()
                    if mode == "planned":
                        plan = planned_rounds([f"P{n}" for n in range(1, count + 1)], rounds, seed, six_player_boards)
                    else:
                        plan = by_standings(count, rounds, seed, six_player_boards)
                    seconds = time.perf_counter() - started
                    found = quality(plan)
                    write(f"{count:>7} {rounds:>6} {mode:<12} {seconds:>8.2f} {found['partner_repeats']:>15} "
                          f"{found['most_meetings']:>13} {found['pairs_meeting_twice']:>19}")
                    if count - 1 >= rounds:
                        worst["partner_repeats"] = max(worst["partner_repeats"], found["partner_repeats"])
                    if count == 300 and rounds == 8:
                        worst["time_300x8"] = max(worst["time_300x8"], seconds)
                    if count >= 40:
                        worst["repeats_40plus"] = max(worst["repeats_40plus"], found["pairs_meeting_twice"])
                    if count == 16 and rounds == 5 and mode == "planned":
                        sixteen = found
        report(write, "individual draw, 300 players × 8 rounds (slower mode)", f"{worst['time_300x8']:.2f} s",
               "≤ 2 s", worst["time_300x8"] <= 2)
        report(write, "individual draw, partner repeats whenever players − 1 ≥ rounds", str(worst["partner_repeats"]),
               "0", worst["partner_repeats"] == 0)
        report(write, "individual draw, pairs meeting twice, 40–300 players × up to 8 rounds",
               str(worst["repeats_40plus"]), "0", worst["repeats_40plus"] == 0)
        report(write, "individual draw, 16 players × 5 planned rounds: pairs meeting twice",
               f"{sixteen['pairs_meeting_twice']} (most meetings {sixteen['most_meetings']})",
               "0: everyone meets everyone once", sixteen["pairs_meeting_twice"] == 0)
