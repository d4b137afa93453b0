"""``manage.py import_tournament FILE``: create a tournament from a tournament file; prints its slug."""

import sys

from django.core.management.base import BaseCommand, CommandError, no_translations

from tournaments.services.tournament_file import InvalidTournamentFile, import_file, loads
from tournaments.services.tournament_file.spec import MAX_BYTES


class Command(BaseCommand):
    help = "Import a tournament file (scoring.md); prints the new tournament's slug. '-' reads standard input."

    def add_arguments(self, parser):
        parser.add_argument("file")

    @no_translations  # the command line speaks English, as every command here
    def handle(self, *args, file: str, **options):
        try:  # one byte over the file's size limit is enough for loads() to refuse it
            if file == "-":
                content = sys.stdin.buffer.read(MAX_BYTES + 1)
            else:
                with open(file, "rb") as stream:
                    content = stream.read(MAX_BYTES + 1)
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}") from None
        try:
            tournament = import_file(loads(content))
        except InvalidTournamentFile as error:
            raise CommandError("the tournament file is invalid; nothing was imported:\n  " + "\n  ".join(error.errors)) from None
        self.stdout.write(tournament.slug)
