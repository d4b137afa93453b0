"""The demo tournament's prize list that ``make run`` loads (``manage.py load_demo``): six prizes,
one of them for a category "Jeugd" of two teams.

Why here: the prizes are this app's demo data, added when the core's demo tournaments are there
(:data:`tournaments.demo.demo_loaded`, connected below when ``apps.py`` imports this module; prizes
comes before seasons in ``INSTALLED_APPS``, so its line is printed before the competition's), so no
other club app needs to know about prizes. They go through :func:`prizes.services.save_prizes`, which checks that
every prize can be won. Loading again changes nothing: the prizes are left alone once the
tournament has prizes or categories.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from prizes.models import DEFAULT_CLUB_SIZE, Category, Prize
from prizes.services import add_category, save_prizes, update_category
from tournaments.demo import DEMO_SLUG, demo_loaded
from tournaments.models import Tournament

DEMO_PRIZES = """1: Vlaai
2: Fles wijn
3: Doos bonbons
Jeugd: Taart
poedel: Houten lepel
beste club: Wisselbeker"""
YOUTH_TEAMS = ("Knikkerkoningen", "Zeven Sprongen")


@transaction.atomic
def load_prizes() -> int:
    """A prize list for the demo Keezen tournament (``tournaments.demo``), with a category "Jeugd"
    of two teams, unless it has prizes or categories already. Returns how many prizes were added."""
    tournament = Tournament.objects.filter(slug=DEMO_SLUG).first()
    if tournament is None or Prize.objects.filter(tournament=tournament).exists() \
            or Category.objects.filter(tournament=tournament).exists():
        return 0
    youth = add_category(tournament, "Jeugd")
    teams = tournament.teams.filter(name__in=YOUTH_TEAMS).values_list("pk", flat=True)
    update_category(youth, youth.name, [str(pk) for pk in teams], [])
    return save_prizes(tournament, DEMO_PRIZES, one_each=True, club_size=DEFAULT_CLUB_SIZE)


def loaded(**kwargs: Any) -> list[str]:
    """The receiver of :data:`~tournaments.demo.demo_loaded`: the demo tournament's prizes, and the
    line ``load_demo`` prints."""
    return [f"Demo tournament prizes: {load_prizes()} added."]


demo_loaded.connect(loaded, dispatch_uid="prizes-demo")
