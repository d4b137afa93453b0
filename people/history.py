"""A person's results in every tournament: the tournament, the team and partner, the place and points.

Why from the standings: a place is what :func:`tournaments.services.standings.standings` says, the
one shape every page and file reads, so a person's page never disagrees with a tournament's. That
costs the standings' few queries per tournament the person played: fine for one person's page, not
for a list of people. Practice runs are left out (a rehearsal of a day, not a result); hidden
tournaments are shown, marked, on the director's page.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count

from people.models import Person
from tournaments.models import Player, Tournament
from tournaments.services.standings import standings


@dataclass(frozen=True)
class TournamentResult:
    """One tournament of a person: where they stood (``place`` None before a round counts, or when
    withdrawn without a result) out of ``places``, with ``points``."""

    tournament: Tournament
    team: str
    team_number: int
    partners: tuple[str, ...]
    name: str  # the player's name as registered in that tournament
    place: int | None
    places: int
    points: int | None
    withdrawn: bool


def results_of(person: Person) -> list[TournamentResult]:
    """Every tournament the person played (practice runs left out), the latest first. Two queries,
    and the standings' queries for each tournament."""
    players = list(Player.objects.filter(person=person, team__tournament__practice=False)
                   .select_related("team__tournament").order_by("-team__tournament__date", "team__tournament__name"))
    partners: dict[int, list[str]] = defaultdict(list)
    for team_id, seat, name in (Player.objects.filter(team__in=[player.team_id for player in players])
                                .exclude(person=person).order_by("seat").values_list("team_id", "seat", "name")):
        partners[team_id].append(name)
    return [_result(player, tuple(partners[player.team_id])) for player in players]


def _result(player: Player, partners: tuple[str, ...]) -> TournamentResult:
    team = player.team
    tournament = team.tournament
    report = standings(tournament)
    wanted = f"T{team.number}/{player.seat}" if report.per_player else None
    row = next((row for row in report.placed_rows  # the final ranking, once knock-out finals are over
                if (row.key == wanted if wanted else row.team.pk == team.pk)), None)
    played = (row is not None and report.shows_lot and not row.did_not_play
              and any(points is not None for points in row.rounds))
    return TournamentResult(
        tournament=tournament, team=team.name, team_number=team.number, partners=partners, name=player.name,
        place=row.rank if played else None, places=len(report.rows), points=row.points if played else None,
        withdrawn=team.withdrawn,
    )


def tournaments_played(people: list[int]) -> dict[int, int]:
    """How many tournaments each of these people played (practice runs left out): person pk → count.
    One query, for a page of the register."""
    return dict(Player.objects.filter(person_id__in=people, team__tournament__practice=False).values("person_id")
                .annotate(count=Count("team__tournament", distinct=True)).values_list("person_id", "count"))
