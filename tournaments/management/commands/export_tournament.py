"""``manage.py export_tournament SLUG``: print the tournament file of a tournament."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament
from tournaments.services.tournament_file import export_file


class Command(BaseCommand):
    help = "Print the tournament file (scoring.md) of a tournament."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug “{slug}”")
        self.stdout.write(json.dumps(export_file(tournament), ensure_ascii=False, indent=2))
