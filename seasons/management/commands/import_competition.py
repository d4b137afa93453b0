"""``manage.py import_competition FILE``: create a competition and its tournaments from a competition
file (competition.md); prints its slug."""

from django.core.management.base import BaseCommand, CommandError, no_translations

from seasons.services.competition_file import MAX_BYTES, InvalidCompetitionFile, import_competition, loads
from tournaments.management.command_io import read_input


class Command(BaseCommand):
    help = "Import a competition file (competition.md); prints the competition's slug. '-' reads standard input."

    def add_arguments(self, parser):
        parser.add_argument("file")

    @no_translations  # the command line speaks English, as every command here
    def handle(self, *args, file: str, **options):
        content = read_input(file, MAX_BYTES)
        try:
            competition = import_competition(loads(content))
        except InvalidCompetitionFile as error:
            raise CommandError("the competition file is invalid; nothing was imported:\n  "
                               + "\n  ".join(error.errors)) from None
        self.stdout.write(competition.slug)
