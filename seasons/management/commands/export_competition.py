"""``manage.py export_competition SLUG``: print the competition file (competition.md) of a competition."""

from django.core.management.base import BaseCommand, CommandError, no_translations

from seasons.models import Competition
from seasons.services.competition_file import export_competition
from tournaments.services.tournament_file import dumps


class Command(BaseCommand):
    help = "Print a competition as a competition file (competition.md); import_competition reads it back."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    @no_translations
    def handle(self, *args, slug: str, **options):
        competition = Competition.objects.filter(slug=slug).first()
        if competition is None:
            raise CommandError(f"no competition with slug “{slug}”")
        self.stdout.write(dumps(export_competition(competition)))
