"""Standings of a tournament from its recorded sheets: a fixed number of queries, then pure scoring.

Round points per team (or per player for ``individual-11``) are collected from the latest version
of every table's sheet, byes score the average of the team's own played rounds, and
:func:`scoring.rank` orders them with the tiebreak chain and the tournament's lot.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

import scoring
from tournaments.models import Result, Round, Table, TableSeat, Team, Tournament
from tournaments.services.results import to_sheet


def team_key(team: Team) -> str:
    """The team's id in the tournament file and the standings JSON."""
    return f"T{team.number}"


@dataclass
class RoundScores:
    """Points per round for every team (and player), ``None`` where nothing is recorded."""

    rounds: list[int]  # round numbers, in order
    teams: dict[int, Team]  # pk → team, with players
    team_points: dict[int, list[int | None]]
    player_points: dict[tuple[int, int], list[int | None]]  # (team pk, seat 1/2) → points
    byes: dict[int, int]  # team pk → index of the bye round


def last_round_with_results(tournament: Tournament) -> int:
    found = (
        Result.objects.filter(table__round__tournament=tournament)
        .order_by("-table__round__number").values_list("table__round__number", flat=True).first()
    )
    return found or 0


def round_scores(tournament: Tournament, after_round: int | None = None) -> RoundScores:
    if after_round is None:
        after_round = last_round_with_results(tournament)
    rounds = list(
        Round.objects.filter(tournament=tournament, number__lte=after_round).order_by("number")
        .prefetch_related(
            Prefetch("tables", queryset=Table.objects.prefetch_related(
                Prefetch("seats", queryset=TableSeat.objects.order_by("position")),
                Prefetch("results", queryset=Result.objects.order_by("-version")),
            )),
            "byes",
        )
    )
    numbers = list(range(1, after_round + 1))
    teams = {team.pk: team for team in tournament.teams.with_people()}
    team_points = {pk: [None] * len(numbers) for pk in teams}
    player_points = {(pk, seat): [None] * len(numbers) for pk in teams for seat in (1, 2)}
    byes: dict[int, int] = {}
    for round_ in rounds:
        index = round_.number - 1
        for table in round_.tables.all():
            results = table.results.all()
            if not results:
                continue
            seats = list(table.seats.all())
            keys = [str(seat.team_id) for seat in seats]
            scores = scoring.score(tournament.scoring_system, to_sheet(keys, results[0].sheet), tournament.points_list)
            for seat in seats:
                result = scores[str(seat.team_id)]
                team_points[seat.team_id][index] = result.points
                for player, points in enumerate(result.player_points or (), start=1):
                    player_points[(seat.team_id, player)][index] = points
        for bye in round_.byes.all():
            byes[bye.team_id] = index
    for pk, index in byes.items():
        if pk not in team_points:
            continue
        played = [p for i, p in enumerate(team_points[pk]) if i != index and p is not None]
        team_points[pk][index] = scoring.bye_score(played)
        for seat in (1, 2):
            own = [p for i, p in enumerate(player_points[(pk, seat)]) if i != index and p is not None]
            player_points[(pk, seat)][index] = scoring.bye_score(own)
    return RoundScores(numbers, teams, team_points, player_points, byes)


def team_standings(tournament: Tournament, scores: RoundScores) -> list[scoring.Standing]:
    entries = [
        scoring.Entry(key=team_key(team), name=team.name, rounds=tuple(scores.team_points[pk]))
        for pk, team in scores.teams.items() if not team.withdrawn or any(p is not None for p in scores.team_points[pk])
    ]
    return scoring.rank(entries, tournament.seed)


def player_standings(tournament: Tournament, scores: RoundScores) -> list[scoring.Standing]:
    """individual-11: every player ranked; the key is ``T<number>/<seat>``."""
    entries = []
    for pk, team in scores.teams.items():
        for seat, name in enumerate(team.player_names, start=1):
            entries.append(scoring.Entry(
                key=f"{team_key(team)}/{seat}", name=name, rounds=tuple(scores.player_points[(pk, seat)])
            ))
    return scoring.rank(entries, tournament.seed)


def standings_json(tournament: Tournament, after_round: int | None = None) -> dict:
    """The ``standings --format json`` object of scoring.md."""
    scores = round_scores(tournament, after_round)
    if tournament.scoring_system in scoring.PER_PLAYER:
        rows = [
            {"rank": s.rank, "player": s.name, "team": s.key.split("/")[0], "points": s.points,
             "rounds": list(s.rounds), "lot": s.lot}
            for s in player_standings(tournament, scores)
        ]
    else:
        rows = [
            {"rank": s.rank, "team": s.key, "name": s.name, "points": s.points, "rounds": list(s.rounds), "lot": s.lot}
            for s in team_standings(tournament, scores)
        ]
    return {"tournament": tournament.slug, "after_round": len(scores.rounds), "standings": rows}
