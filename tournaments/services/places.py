"""Where teams sit in a round: the search behind "find my table" and the lists on the projector.

Why a search over team names, player names and numbers: at the venue players remember their own
name, rarely their team number; a partial match, blind to case, accents and apostrophes
(:mod:`tournaments.services.search`), is enough to find the table.
Player names are searched as the tournament's privacy setting shows them
(:mod:`tournaments.services.public_names`): under ``first-initial`` "Anna" finds Anna de Vries but
"Vries" does not, under ``teams-only`` no player name is searched. So the page never tells who
plays what the public may not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Bye, PublicNames, Round, Table, Team
from tournaments.names import entrant_sort_key
from tournaments.services.search import matching_team_ids
from tournaments.services.seating import Side, shown_team_name, sides

MAX_PLACES = 20


@dataclass(frozen=True)
class Place:
    """One team's place in a round: its table and side (with the partner drawn for the round, in an
    individual tournament), or its bye."""

    team: Team
    table: Table | None
    seat: Side | None
    opponents: tuple[Side, ...]
    bye: bool = False
    name: str = ""  # as the public sees it (an individual entrant is a person: the privacy setting applies)

    @property
    def partner_names(self) -> list[str]:
        """Who plays beside this player this round (individual tournaments; a team has no partner)."""
        if self.seat is None or not self.seat.pair:
            return []
        return [player.name for player in self.seat.players if player.seat.team_id != self.team.pk]


def round_tables(round_: Round, names: str = PublicNames.FULL) -> list[tuple[Table, list[Side]]]:
    """Every table of the round with its sides, in a fixed number of queries (``names``: see
    :func:`~tournaments.services.seating.sides`)."""
    return [(table, sides(table, names)) for table in round_.tables.order_by("number").with_seats()]


def find_places(round_: Round, query: str, names: str = PublicNames.FULL) -> list[Place]:
    """Teams of the round matching ``query`` (team or player name, or team number); player names
    as ``names`` (the tournament's ``public_names``) shows them, in the places found too."""
    return _places(round_, matching_team_ids(round_.tournament_id, query, names=names), names)


def place_of(round_: Round, team: Team, names: str = PublicNames.FULL) -> Place | None:
    """``team``'s place in the round (its table, or its bye); None when it is not drawn in it."""
    found = _places(round_, {team.pk}, names)
    return found[0] if found else None


def _places(round_: Round, team_ids, names: str) -> list[Place]:
    tables = (
        round_.tables.filter(seats__team_id__in=team_ids).distinct().order_by("number").with_seats()
    )
    places = []
    for table in tables:
        found = sides(table, names)
        for side in found:
            for team in side.teams:
                if team.pk in team_ids:
                    places.append(Place(team, table, side, tuple(other for other in found if other is not side),
                                        name=side.shown(team)))
    individual = round_.tournament.individual
    unseated = set(team_ids) - {place.team.pk for place in places}
    byes = Bye.objects.filter(round=round_, team_id__in=unseated).select_related("team") if unseated else []
    for bye in byes:
        places.append(Place(bye.team, None, None, (), bye=True, name=shown_team_name(bye.team, names, individual)))
    # The first MAX_PLACES of this round's places: teams not in the round (withdrawn, absent) take no room.
    return sorted(places, key=lambda place: entrant_sort_key(place.team.name, individual))[:MAX_PLACES]


def not_in_round(round_: Round, query: str, names: str = PublicNames.FULL) -> list[str]:
    """The teams that ``query`` finds (as :func:`find_places` searches) but that have neither a
    table nor a bye in the round — registered, not drawn (not checked in, or late): "find my
    table" sends them to the desk instead of saying that nobody matches. Names as the public sees
    them, at most :data:`MAX_PLACES`."""
    team_ids = matching_team_ids(round_.tournament_id, query, names=names)
    individual = round_.tournament.individual
    teams = Team.objects.filter(pk__in=team_ids).exclude(seats__round=round_).exclude(bye__round=round_)
    return sorted((shown_team_name(team, names, individual) for team in teams),
                  key=lambda name: entrant_sort_key(name, individual))[:MAX_PLACES]
