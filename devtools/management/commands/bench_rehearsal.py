"""``manage.py bench_rehearsal``: how long a practice run takes, as ``manage.py rehearse --teams N``
makes and plays it (teams registered, every round drawn, published, its sheets submitted from the
tables' links and confirmed, corrected and disputed at the desk, the standings, prize list and table
cards rendered): the 31-team club day of issue 16, and a 250-team open day of 5 rounds. Every
practice run it makes is deleted again.

Targets: a club day rehearsed while the director waits (10 s); the largest day within a minute.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from devtools.benchmarks import report
from tournaments.services import rehearsal

DAYS = ((31, 3, 10), (250, 5, 60))
"""(teams, rounds, target seconds)."""


class Command(BaseCommand):
    help = "Time practice runs of 31 teams (3 rounds) and 250 teams (5 rounds), each beside its target."

    def handle(self, *args, **options):
        for teams, rounds, target in DAYS:
            summary = rehearsal.start_fresh(teams, rounds_count=rounds, seed=20261124)
            try:
                report(self.stdout.write, f"practice run, {teams} teams, {rounds} rounds",
                       f"{summary.seconds:.1f} s", f"≤ {target} s", summary.seconds <= target,
                       f"{summary.sheets} sheets, {summary.corrections} corrections, {summary.disputes} disputes")
            finally:
                rehearsal.delete(summary.tournament)
