"""``manage.py competition_standings SLUG [--after N] --format json|csv|text`` (competition.md)."""

import json

from django.core.management.base import BaseCommand, CommandError, no_translations

from scoring.competition import as_number, parse_rules
from seasons.models import Competition
from seasons.services.standings import competition_standings
from tournaments.management.command_io import write_table


def _results(results) -> str:
    """A person's results in one cell: ``1:11 3:8e`` (``e``: excused)."""
    return " ".join(f"{r.evening}:{as_number(r.points)}{'e' if r.excused else ''}" for r in results)


class Command(BaseCommand):
    help = "Print a competition's standings (competition.md)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--after", type=int, default=None, help="rank as if only evenings 1…N had been held")
        parser.add_argument("--format", choices=("json", "csv", "text"), default="text")

    @no_translations
    def handle(self, *args, slug: str, after, format: str, **options):
        competition = Competition.objects.filter(slug=slug).first()
        if competition is None:
            raise CommandError(f"no competition with slug “{slug}”")
        last = max(competition.evenings.count(), parse_rules(competition.rules).of or 0)
        if after is not None and not 0 <= after <= last:
            raise CommandError(f"--after must be from 0 to {last}, the evenings of this competition")
        report = competition_standings(competition, after)
        if format == "json":
            self.stdout.write(json.dumps(report.as_json(), ensure_ascii=False))
            return
        header = ["rank", "person", "name", "points", "evenings", "counted", "dropped", "lot"]
        rows = [["" if line.rank is None else line.rank, line.row.person, line.name, as_number(line.row.points),
                 line.row.evenings, _results(line.row.counted), _results(line.row.dropped),
                 "lot" if line.row.lot else ""] for line in report.lines]
        write_table(self.stdout, format, f"{competition.name} — after evening {report.after}", header, rows,
                    left=(1, 2, 5, 6))
