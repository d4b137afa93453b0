"""``manage.py load_demo``: load the demo tournament (idempotent)."""

from django.core.management.base import BaseCommand

from tournaments.demo import load_demo


class Command(BaseCommand):
    help = "Load the demo tournament with 24 teams; running it again changes nothing."

    def handle(self, *args, **options):
        tournament, added = load_demo()
        self.stdout.write(f"Demo tournament '{tournament.name}' (/t/{tournament.slug}/): {added} teams added, "
                          f"{tournament.teams.count()} in all.")
