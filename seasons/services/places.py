"""An evening's places: its tournament's standings as a competition reads them.

Why a snapshot: a season's page ranks people over forty evenings; reading forty tournaments'
standings on every phone's request would cost 160 queries. Each evening keeps its places, taken at
the tournament's ``results_version``, and takes them again only when that version has moved — as
soon as the tournament gets a result (``competition.md``: "standings update as soon as a
tournament of the series gets results").

The standings are those the players see: frozen by the director before the prize-giving, the
competition shows the frozen places too. A place is ``[rank, points, [[person pk or None, player name], …], team name]``: one player, or both
players of a team (each gets the team's points; a competition of fixed teams ranks the two together). Only entrants who played a round count; their ranks are
their order among them (a team the standings mark "did not play" — registered but never seated, or
only ever the absent team of a forfeit — is not an entrant of the evening).
"""

from __future__ import annotations

from collections.abc import Iterable

from seasons.models import Evening
from tournaments.models import Player, Tournament
from tournaments.services.standings import public_standings


def take_places(tournament: Tournament) -> dict:
    """The tournament's places now: ``{"after_round": n, "places": [...]}`` (four queries)."""
    report = public_standings(tournament)  # frozen for the prize-giving: the competition waits too
    people: dict[tuple[int, int], tuple[int | None, str]] = {
        (team_id, seat): (person_id, name)
        for team_id, seat, person_id, name in Player.objects.filter(team__tournament=tournament)
        .values_list("team_id", "seat", "person_id", "name")
    }
    places = []
    for row in report.placed_rows:  # the final ranking's order, once knock-out finals are over
        if row.did_not_play or all(points is None for points in row.rounds):
            continue  # not an entrant of the evening: never took part, or nothing of it counts yet
        seats = [int(row.key.rsplit("/", 1)[1])] if report.per_player else [1, 2]
        players = [list(people[(row.team.pk, seat)]) for seat in seats if (row.team.pk, seat) in people]
        places.append([len(places) + 1, row.points, players or [[None, row.name]], row.team.name])
    return {"after_round": report.after_round, "places": places}


def fresh_places(evenings: Iterable[Evening]) -> list[Evening]:
    """The evenings (``select_related("tournament")``), each with places of its tournament's current
    results version: the stale ones are taken again and saved (none is, on most requests)."""
    evenings = list(evenings)
    for evening in evenings:
        version = evening.tournament.results_version
        if evening.places is None or evening.places_version != version:
            evening.places = take_places(evening.tournament)
            evening.places_version = version
            Evening.objects.filter(pk=evening.pk).update(places=evening.places, places_version=version)
    return evenings


def forget_places(tournament_ids: Iterable[int]) -> None:
    """Make the evenings of these tournaments take their places again (people merged, links changed)."""
    Evening.objects.filter(tournament_id__in=list(tournament_ids)).update(places=None, places_version=None)
