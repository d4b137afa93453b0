"""Registering, editing, withdrawing and checking in teams.

Every change goes through here, so the form, the Excel import and the demo loader all keep the
same rules: exactly two players, clubs matched by name whatever the case, numbers handed out
in order when none is given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from tournaments.models import Club, Player, Team, Tournament


@dataclass(frozen=True)
class TeamData:
    """One team as typed at the door or read from a sheet, already validated."""

    name: str
    players: tuple[str, str]
    club: str = ""
    number: int | None = None


def clean_name(value: object) -> str:
    """A name as people type it: surrounding and repeated spaces removed."""
    return " ".join(str(value or "").split())


def club_by_name(name: str, cache: dict[str, Club] | None = None) -> Club | None:
    """The club with this name (any case), created when new; None for no name."""
    name = clean_name(name)
    if not name:
        return None
    key = name.casefold()
    if cache is not None and key in cache:
        return cache[key]
    club = Club.objects.filter(name__iexact=name).first() or Club.objects.create(name=name)
    if cache is not None:
        cache[key] = club
    return club


def next_team_number(tournament: Tournament) -> int:
    return (tournament.teams.aggregate(m=Max("number"))["m"] or 0) + 1


@transaction.atomic
def register_teams(tournament: Tournament, teams: Iterable[TeamData]) -> list[Team]:
    """Create teams with their players in one transaction; numbers follow on when not given."""
    teams = list(teams)
    number = next_team_number(tournament)
    # Numbers asked for anywhere in the batch are taken before any is handed out.
    taken = set(tournament.teams.values_list("number", flat=True)) | {
        data.number for data in teams if data.number is not None
    }
    clubs: dict[str, Club] = {}
    created = []
    for data in teams:
        if data.number is None:
            while number in taken:
                number += 1
            team_number = number
        else:
            team_number = data.number
        taken.add(team_number)
        team = Team.objects.create(
            tournament=tournament, number=team_number, name=data.name,
            club=club_by_name(data.club, clubs),
        )
        Player.objects.bulk_create(
            [Player(team=team, seat=seat, name=name) for seat, name in enumerate(data.players, start=1)]
        )
        created.append(team)
    return created


def register_team(tournament: Tournament, data: TeamData) -> Team:
    return register_teams(tournament, [data])[0]


@transaction.atomic
def update_team(team: Team, data: TeamData) -> Team:
    team.name = data.name
    if data.number is not None:
        team.number = data.number
    team.club = club_by_name(data.club)
    team.save()
    for seat, name in enumerate(data.players, start=1):
        Player.objects.update_or_create(team=team, seat=seat, defaults={"name": name})
    return team


def set_withdrawn(team: Team, withdrawn: bool) -> Team:
    """Withdraw a team (it keeps its number and results) or reinstate it."""
    team.withdrawn = withdrawn
    team.save(update_fields=["withdrawn"])
    return team


def set_checked_in(team: Team, checked_in: bool) -> Team:
    team.checked_in = checked_in
    team.checked_in_at = timezone.now() if checked_in else None
    team.save(update_fields=["checked_in", "checked_in_at"])
    return team
