"""Standings as files: PDF for the wall and the prize-giving, Excel for the records.

Both read one :class:`StandingsReport`, built from the same :func:`round_scores` and ranking that
``standings_json`` uses, so a file never disagrees with the pages. The report keeps the team
objects (number, name, players) and which round points are byes, which the JSON leaves out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import scoring
from tournaments.models import Team, Tournament
from tournaments.services.standings import (
    RoundScores,
    player_standings,
    round_scores,
    team_key,
    team_standings,
)


@dataclass
class StandingsRow:
    """One place: a team, or for ``individual-11`` a player of a team."""

    rank: int
    key: str  # "T3", or "T3/1" for a player
    team: Team
    points: int
    rounds: list[int | None]
    lot: bool
    player: str | None = None  # individual-11 only
    bye_index: int | None = None  # index into ``rounds`` of the team's bye, if it had one so far

    @property
    def team_id(self) -> str:
        return team_key(self.team)

    @property
    def players(self) -> list[str]:
        return self.team.player_names

    @property
    def cells(self) -> list[dict]:
        """Round points for templates: ``{"points": …, "bye": bool}`` per round."""
        return [{"points": p, "bye": i == self.bye_index} for i, p in enumerate(self.rounds)]


@dataclass
class StandingsReport:
    tournament: Tournament
    after_round: int
    per_player: bool
    rows: list[StandingsRow] = field(default_factory=list)
    scores: RoundScores | None = None

    @property
    def round_numbers(self) -> list[int]:
        return list(range(1, self.after_round + 1))

    @property
    def any_lot(self) -> bool:
        return any(row.lot for row in self.rows)


def standings_report(tournament: Tournament, after_round: int | None = None) -> StandingsReport:
    """The standings after ``after_round`` (default: the last round with a result)."""
    scores = round_scores(tournament, after_round)
    by_key = {team_key(team): team for team in scores.teams.values()}
    per_player = tournament.scoring_system in scoring.PER_PLAYER
    rows = []
    if per_player:
        for standing in player_standings(tournament, scores):
            team_id, seat = standing.key.split("/")
            team = by_key[team_id]
            rows.append(StandingsRow(
                rank=standing.rank, key=standing.key, team=team, points=standing.points,
                rounds=list(standing.rounds), lot=standing.lot, player=standing.name,
                bye_index=scores.byes.get(team.pk),
            ))
    else:
        for standing in team_standings(tournament, scores):
            team = by_key[standing.key]
            rows.append(StandingsRow(
                rank=standing.rank, key=standing.key, team=team, points=standing.points,
                rounds=list(standing.rounds), lot=standing.lot, bye_index=scores.byes.get(team.pk),
            ))
    return StandingsReport(tournament=tournament, after_round=len(scores.rounds), per_player=per_player,
                           rows=rows, scores=scores)
