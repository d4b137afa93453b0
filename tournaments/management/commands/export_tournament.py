"""``manage.py export_tournament SLUG [--file-version 1|2]``: print the tournament file of a tournament."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament
from tournaments.services.tournament_file import READS, VERSION, dumps, export_file


class Command(BaseCommand):
    help = "Print the tournament file (scoring.md) of a tournament: version 2 (the whole day) unless asked for 1."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--file-version", dest="file_version", type=int, choices=READS, default=VERSION,
                            help="1: teams and the results that count only; 2 (default): everything")

    def handle(self, *args, slug: str, file_version: int, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug “{slug}”")
        self.stdout.write(dumps(export_file(tournament, version=file_version)))
