"""``manage.py load_demo``: load the demo tournament and the demo Klaverjassen drive, then what the
club's apps add to them (:data:`tournaments.demo.demo_loaded`: prizes adds the demo tournament's
prizes, seasons the demo competition); idempotent."""

from django.core.management.base import BaseCommand

from tournaments.demo import demo_loaded, load_demo, load_drive


class Command(BaseCommand):
    help = ("Load the demo tournament with 24 teams and its prizes, the demo Klaverjassen drive with 20 teams "
            "and the demo Klaverjassen competition of 16 people; running it again changes nothing.")

    def handle(self, *args, **options):
        for load in (load_demo, load_drive):
            tournament, added = load()
            self.stdout.write(f"Demo tournament '{tournament.name}' (/t/{tournament.slug}/): {added} teams added, "
                              f"{tournament.teams.count()} in all.")
        for _receiver, lines in demo_loaded.send(sender=self.__class__):
            for line in lines or ():
                self.stdout.write(line)
