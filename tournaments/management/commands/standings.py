"""``manage.py standings SLUG [--after-round N] [--format json|csv|text]``.

The text and CSV formats end each row with its mark: ``lot``, ``did not play`` (listed last, no
place earned) or ``missed a round`` (ranked apart: the tournament's ``missed_rounds``)."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.management.command_io import write_table
from tournaments.models import Tournament
from tournaments.services.standings import StandingsRow, standings


def mark(row: StandingsRow) -> str:
    """The row's mark in the command's English (the pages say it with :attr:`StandingsRow.mark`)."""
    if row.did_not_play:
        return "did not play"
    return ", ".join((["missed a round"] if row.apart else []) + (["lot"] if row.lot else []))


class Command(BaseCommand):
    help = "Print a tournament's standings (scoring.md)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--after-round", type=int, default=None)
        parser.add_argument("--format", choices=("json", "csv", "text"), default="text")

    def handle(self, *args, slug: str, after_round, format: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug “{slug}”")
        if after_round is not None and not 0 <= after_round <= tournament.rounds:
            raise CommandError(f"--after-round must be from 0 to {tournament.rounds}")
        report = standings(tournament, after_round)
        data = report.as_json()
        if format == "json":
            self.stdout.write(json.dumps(data, ensure_ascii=False))
            return
        # The row's shape (scoring.md): a team, a player of a team ("player", "team"), or an entrant of an
        # individual tournament ("id", "player"); the first two columns after the rank are left-aligned.
        if tournament.individual:
            keys = ["rank", "id", "player"]
        elif tournament.per_player:
            keys = ["rank", "player", "team"]
        else:
            keys = ["rank", "team", "name"]
        rounds = data["after_round"]
        header = keys + [f"round {n}" for n in range(1, rounds + 1)] + ["points", "lot"]
        rows = []
        for row, shown in zip(data["standings"], report.rows, strict=True):
            first = [row[key] for key in keys]
            rows.append(first + ["" if p is None else p for p in row["rounds"]] + [row["points"], mark(shown)])
        if format == "text" and data.get("final_ranking"):  # the knock-out finals are over: their ranking first
            write_table(self.stdout, format, f"{tournament.name} — final ranking", ["rank", "team", "name"],
                        [[entry["rank"], entry["team"], entry["name"]] for entry in data["final_ranking"]], left=(1, 2))
            self.stdout.write("")
        write_table(self.stdout, format, f"{tournament.name} — after round {rounds}", header, rows, left=(1, 2))
