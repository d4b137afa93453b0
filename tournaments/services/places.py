"""Where teams sit in a round: the search behind "find my table" and the lists on the projector.

Why a search over team names, player names and numbers: at the venue players remember their own
name, rarely their team number; a partial, case-insensitive match is enough to find the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Bye, Round, Table, Team
from tournaments.numbers import is_whole
from tournaments.services.seating import SeatView, seat_views

MAX_PLACES = 20


@dataclass(frozen=True)
class Place:
    """One team's place in a round: its table and seat, or its bye."""

    team: Team
    table: Table | None
    seat: SeatView | None
    opponents: tuple[SeatView, ...]
    bye: bool = False


def round_tables(round_: Round) -> list[tuple[Table, list[SeatView]]]:
    """Every table of the round with its seats, in a fixed number of queries."""
    return [(table, seat_views(table)) for table in round_.tables.order_by("number").with_seats()]


def find_places(round_: Round, query: str) -> list[Place]:
    """Teams of the round matching ``query`` (team or player name, or team number)."""
    match = Q(name__icontains=query) | Q(players__name__icontains=query)
    if is_whole(query):
        match |= Q(number=int(query))
    team_ids = list(
        Team.objects.filter(match, tournament_id=round_.tournament_id).order_by("name").values_list("pk", flat=True)
        .distinct()[:MAX_PLACES]
    )
    tables = (
        round_.tables.filter(seats__team_id__in=team_ids).distinct().order_by("number").with_seats()
    )
    places = []
    for table in tables:
        views = seat_views(table)
        for view in views:
            if view.team.pk in team_ids:
                places.append(Place(view.team, table, view, tuple(v for v in views if v is not view)))
    for bye in Bye.objects.filter(round=round_, team_id__in=team_ids).select_related("team"):
        places.append(Place(bye.team, None, None, (), bye=True))
    return sorted(places, key=lambda place: place.team.name.lower())
