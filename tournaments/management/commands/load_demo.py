"""``manage.py load_demo``: load the demo tournament and the demo Klaverjassen drive (idempotent)."""

from django.core.management.base import BaseCommand

from tournaments.demo import load_demo, load_drive


class Command(BaseCommand):
    help = ("Load the demo tournament with 24 teams and the demo Klaverjassen drive with 20 teams; running it "
            "again changes nothing.")

    def handle(self, *args, **options):
        for load in (load_demo, load_drive):
            tournament, added = load()
            self.stdout.write(f"Demo tournament '{tournament.name}' (/t/{tournament.slug}/): {added} teams added, "
                              f"{tournament.teams.count()} in all.")
