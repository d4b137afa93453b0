"""Standings of a tournament from its recorded sheets: a fixed number of queries, then pure scoring.

Round points per team (or per player for ``individual-11``) are collected from the latest version
of every table's sheet, byes score the average of the team's own played rounds, and
:func:`scoring.rank` orders them with the tiebreak chain and the tournament's lot.
"""

from __future__ import annotations

from dataclasses import dataclass

import scoring
from tournaments.models import Bye, Result, TableSeat, Team, Tournament
from tournaments.services.results import to_sheet
from tournaments.services.sheet_states import result_counts


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
    """Flat queries (seats, latest sheets, byes, teams): a fixed number whatever the size."""
    if after_round is None:
        after_round = last_round_with_results(tournament)
    numbers = list(range(1, after_round + 1))
    in_scope = {"round__tournament": tournament, "round__number__lte": after_round}
    seats: dict[int, list[int]] = {}
    round_of: dict[int, int] = {}
    for table_id, team_id, round_number in (
        TableSeat.objects.filter(**in_scope).order_by("table_id", "position")
        .values_list("table_id", "team_id", "round__number")
    ):
        seats.setdefault(table_id, []).append(team_id)
        round_of[table_id] = round_number
    sheets: dict[int, tuple[dict, str]] = {}
    for table_id, sheet, state in (
        Result.objects.filter(table__round__tournament=tournament, table__round__number__lte=after_round)
        .order_by("table_id", "-version").values_list("table_id", "sheet", "state")
    ):
        sheets.setdefault(table_id, (sheet, state))  # the first is the latest version
    # A sheet submitted at a table counts once another team confirmed it (or, if the tournament
    # says so, once the director approved it); a disputed one waits for the director.
    sheets = {table_id: sheet for table_id, (sheet, state) in sheets.items()
              if result_counts(state, tournament.confirmed_counts)}
    teams = {team.pk: team for team in tournament.teams.with_people()}
    team_points = {pk: [None] * len(numbers) for pk in teams}
    player_points = {(pk, seat): [None] * len(numbers) for pk in teams for seat in (1, 2)}
    system, points_list = tournament.scoring_system, tournament.points_list
    for table_id, sheet in sheets.items():
        team_ids = seats.get(table_id, [])
        index = round_of[table_id] - 1
        keys = [str(pk) for pk in team_ids]
        scores = scoring.score(system, to_sheet(keys, sheet), points_list)
        for pk, key in zip(team_ids, keys):
            result = scores[key]
            team_points[pk][index] = result.points
            for player, points in enumerate(result.player_points or (), start=1):
                player_points[(pk, player)][index] = points
    byes = {
        team_id: round_number - 1
        for team_id, round_number in Bye.objects.filter(**in_scope).values_list("team_id", "round__number")
    }
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


def public_standings(tournament: Tournament) -> dict:
    """What players see: the frozen snapshot when the director froze it, else the live standings."""
    return tournament.frozen_standings or standings_json(tournament)


def set_frozen(tournament: Tournament, frozen: bool) -> None:
    tournament.frozen_standings = standings_json(tournament) if frozen else None
    tournament.save(update_fields=["frozen_standings"])


def players_by_team_key(tournament: Tournament) -> dict[str, list[str]]:
    return {team_key(team): team.player_names for team in tournament.teams.with_people()}
