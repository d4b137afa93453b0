"""Finding teams by what people type: the one search behind "find my table", the team list and the
check-in list.

Why in Python and not in the database: "zoe ozdemir" must find "Zoë Özdemir" and "t hooft" must
find "’t Hooft", the same on SQLite (whose ``LIKE`` folds ASCII only) and PostgreSQL; so the names
of a tournament are read in two queries and compared with :func:`tournaments.names.matches`. A
tournament has at most a few hundred teams: reading their names costs about a millisecond.

Player names are searched as the caller shows them (``names``: the tournament's privacy setting on a
public page, full names on the director's), so a public search never tells more than the page shows.
In an individual tournament the entrant's team name is the person's name, so it is searched as shown
too (:func:`~tournaments.services.public_names.shown_entrant`): under ``first-initial`` "Vries" does
not find Anna de Vries.
"""

from __future__ import annotations

from collections import defaultdict

from tournaments.models import Entry, Player, PublicNames, Team
from tournaments.names import entrant_sort_key, matches, search_key
from tournaments.numbers import is_whole
from tournaments.services.public_names import shown_entrant, shown_name


def matching_team_ids(tournament_id: int, query: str, *, names: str = PublicNames.FULL,
                      clubs: bool = False) -> list[int]:
    """The teams of the tournament whose number is ``query``, or whose name, a player's name (as
    ``names`` shows it) or, with ``clubs``, club holds every word of it, in any order
    (:func:`~tournaments.names.matches`); in the order of their names
    (:func:`~tournaments.names.entrant_sort_key`). Two queries."""
    if not search_key(query):
        return []
    number = int(query) if is_whole(query) else None
    rows = list(Team.objects.filter(tournament_id=tournament_id).values_list(
        "pk", "number", "name", "club__name", "tournament__entry"))
    players: dict[int, list[str]] = defaultdict(list)
    if names != PublicNames.TEAMS_ONLY:
        for team_id, name in Player.objects.filter(team__tournament_id=tournament_id).values_list("team_id", "name"):
            players[team_id].append(shown_name(name, names))
    found = [
        (entrant_sort_key(name, entry == Entry.INDIVIDUAL), pk) for pk, team_number, name, club, entry in rows
        if team_number == number
        or matches(query, shown_entrant(name, team_number, names) if entry == Entry.INDIVIDUAL else name,
                   *players[pk], club if clubs else "")
    ]
    return [pk for _key, pk in sorted(found)]
