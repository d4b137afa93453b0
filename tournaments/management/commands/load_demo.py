"""``manage.py load_demo``: load the demo tournament, the demo Klaverjassen drive and the demo
competition, with prizes for the demo tournament (idempotent)."""

from django.core.management.base import BaseCommand

from seasons.demo import load_prizes, load_season
from tournaments.demo import load_demo, load_drive


class Command(BaseCommand):
    help = ("Load the demo tournament with 24 teams and its prizes, the demo Klaverjassen drive with 20 teams "
            "and the demo Klaverjassen competition of 16 people; running it again changes nothing.")

    def handle(self, *args, **options):
        for load in (load_demo, load_drive):
            tournament, added = load()
            self.stdout.write(f"Demo tournament '{tournament.name}' (/t/{tournament.slug}/): {added} teams added, "
                              f"{tournament.teams.count()} in all.")
        self.stdout.write(f"Demo tournament prizes: {load_prizes()} added.")
        season, created = load_season()
        self.stdout.write(f"Demo competition '{season.name}' (/c/{season.slug}/): {'added' if created else 'there'}, "
                          f"{season.evenings.count()} evenings.")
