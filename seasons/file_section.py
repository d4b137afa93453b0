"""The seasons app's part of the tournament file, registered with the core's registry of sections
(:mod:`tournaments.services.tournament_file.sections`) from ``apps.py``.

A tournament that is an evening of a competition stays that evening when a backup is restored over it:
the file does not hold the competitions (they are the club's, not the day's), so the evenings are kept
aside before the tournament is replaced (an evening protects its tournament from being deleted) and
given back to the restored tournament, whose players are linked to the register by name again where the
file named no person (:func:`people.refs.people_by_name`).
"""

from __future__ import annotations

from people.refs import people_by_name
from seasons.models import Evening
from tournaments.models import Tournament
from tournaments.services.tournament_file.sections import Section, register


def keep(tournament: Tournament) -> list[tuple[int, int]]:
    """The evenings the tournament is, as (competition, number), taken off it for the restore."""
    evenings = list(Evening.objects.filter(tournament=tournament).values_list("competition_id", "number"))
    Evening.objects.filter(tournament=tournament).delete()
    return evenings


def restore(tournament: Tournament, evenings: list[tuple[int, int]]) -> None:
    """The evenings again, of the restored tournament, its players linked again."""
    if not evenings:
        return
    Evening.objects.bulk_create([Evening(competition_id=competition, number=number, tournament=tournament)
                                 for competition, number in evenings])
    people_by_name([tournament.pk], with_ids=True)


SEASONS = register(Section(name="seasons", keep=keep, restore=restore))
