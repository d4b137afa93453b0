"""``manage.py import_tournament FILE``: create a tournament from a tournament file; prints its slug."""

from django.core.management.base import BaseCommand, CommandError, no_translations

from tournaments.management.command_io import read_input
from tournaments.services.tournament_file import InvalidTournamentFile, import_file, loads
from tournaments.services.tournament_file.spec import MAX_BYTES


class Command(BaseCommand):
    help = "Import a tournament file (scoring.md); prints the new tournament's slug. '-' reads standard input."

    def add_arguments(self, parser):
        parser.add_argument("file")

    @no_translations  # the command line speaks English, as every command here
    def handle(self, *args, file: str, **options):
        content = read_input(file, MAX_BYTES)
        try:
            tournament = import_file(loads(content))
        except InvalidTournamentFile as error:
            raise CommandError("the tournament file is invalid; nothing was imported:\n  " + "\n  ".join(error.errors)) from None
        self.stdout.write(tournament.slug)
