"""The knock-out finals as their tables stand: every match with its teams, its sheet and who won it,
the next thing the director can do, and — once every final is played — each team's final place.

Why apart from :mod:`.finals` (which starts the finals and draws each next stage): the standings read
the final places from here (:func:`final_places`), and the finals draw from the standings; this
module reads only the finals' own rows, so neither imports the other in a circle.

A match is won on points (the sheet that counts); a level match by the rule the director chose
before the finals started (:func:`tournaments.pairing.knockout.decide`): the pawns home, then a lot
drawn from the tournament's seed and the match's round and table number (the same answer every
time, also after a restore), or a replay — a table of a later finals round that plays it again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import FinalMatch, Finals, LevelRule, Result, Round, Table, Team, Tournament
from tournaments.pairing import knockout
from tournaments.services.results import seat_scores
from tournaments.services.sheet_states import result_counts

WAITING, POINTS, PAWNS, LOT, REPLAY = "waiting", "points", "pawns", "lot", "replay"
DECIDED_BY = {
    POINTS: gettext_lazy("on points"),
    PAWNS: gettext_lazy("level on points: the most pawns home"),
    LOT: gettext_lazy("level: by lot"),
    REPLAY: gettext_lazy("level: to be played again"),
    WAITING: gettext_lazy("to be played"),
}


@dataclass
class MatchState:
    """One final: its table, the places it plays for, its two teams (pks, sheet order), and the
    outcome: ``winner`` 0 or 1 (the side), ``by`` one of :data:`DECIDED_BY`; a replay follows it."""

    table: Table
    low: int
    high: int
    teams: tuple[int, int]
    points: tuple[int, int] | None = None
    pawns: tuple[int, int] | None = None
    winner: int | None = None
    by: str = WAITING
    replay: MatchState | None = None

    @property
    def places(self) -> tuple[int, int]:
        return self.low, self.high

    @property
    def sides(self) -> list[Team]:
        """The two teams in sheet order (the table's seats, read with the bracket)."""
        return [seat.team for seat in sorted(self.table.seats.all(), key=lambda seat: seat.position)]

    @property
    def key(self) -> str:
        """What draws a level match's lot: the round and table number (a restore keeps them)."""
        return f"{self.table.round.number}-{self.table.number}"

    @property
    def decided(self) -> MatchState | None:
        """The match (or its replay) that decided it; None while it is still to be played."""
        if self.winner is not None:
            return self
        return self.replay.decided if self.replay is not None else None

    @property
    def winner_pk(self) -> int | None:
        decided = self.decided
        return decided.teams[decided.winner] if decided is not None and decided.winner is not None else None

    @property
    def needs_replay(self) -> bool:
        """Level under the replay rule, and no replay drawn yet."""
        return self.by == REPLAY and self.replay is None

    @property
    def decided_by(self) -> str:
        return str(DECIDED_BY[self.by])

    @property
    def name(self) -> str:
        """The match as a director calls it: "Final", "3rd/4th place", "Places 5–8"."""
        return match_name(self.low, self.high)


def match_names(round_: Round) -> dict[int, str]:
    """Each table of a finals round (pk) with the match it plays, "Semi-final" or "Final (replay)": one
    query; none for a Swiss round."""
    if not round_.final:
        return {}
    return {pk: match_name(low, high) + (_(" (replay)") if replayed else "") for pk, low, high, replayed in
            FinalMatch.objects.filter(table__round=round_).values_list("table_id", "low", "high", "replay_of")}


def final_notes(round_: Round) -> dict[int, tuple[str, str]]:
    """What a finals table's sheet and card say (table pk → the match, then the deals of a final and
    how a level result is decided): two queries for the whole round; none for a Swiss round."""
    names = match_names(round_)
    finals = Finals.objects.filter(tournament_id=round_.tournament_id).first() if names else None
    if finals is None:
        return {}
    deals = (ngettext(" · a final of %(count)s deal", " · a final of %(count)s deals", finals.deals)
             % {"count": finals.deals}) if finals.deals else ""
    rule = _("Level: %(rule)s") % {"rule": level_rule_text(finals, round_.tournament)}
    return {pk: (name, f"{deals} · {rule}") for pk, name in names.items()}


def match_name(low: int, high: int) -> str:
    if (low, high) == (1, 2):
        return _("Final")
    if high - low == 1:
        return _("Match for places %(low)s and %(high)s") % {"low": low, "high": high}
    if low == 1:
        return _("Semi-final") if high == 4 else _("Quarter-final")
    return _("Places %(low)s–%(high)s") % {"low": low, "high": high}


@dataclass
class Bracket:
    """The finals of a tournament as they stand: the settings, and the matches stage by stage (a
    stage is a finals round of new matches; a round of replays belongs to the stage it replays)."""

    finals: Finals
    stages: list[list[MatchState]] = field(default_factory=list)
    # Why the tables no longer make the bracket (a final's sheet corrected after the next round was
    # drawn): while there is one, no next round is drawn and no final place is given.
    problems: list[str] = field(default_factory=list)

    @property
    def matches(self) -> list[MatchState]:
        """Every table of the finals, replays included, in round and table order."""
        found = []
        for stage in self.stages:
            for match in stage:
                while match is not None:
                    found.append(match)
                    match = match.replay
        return sorted(found, key=lambda match: (match.table.round.number, match.table.number))

    @property
    def waiting(self) -> list[MatchState]:
        """The tables whose sheet does not count yet."""
        return [match for match in self.matches if match.by == WAITING]

    @property
    def replays_due(self) -> list[MatchState]:
        return [match for match in self.matches if match.needs_replay]

    def played(self, stage: list[MatchState]) -> list[tuple[knockout.Match, Any]] | None:
        """The stage as :mod:`~tournaments.pairing.knockout` reads it (each match with its winner), or
        None while one of its matches is undecided."""
        winners = [match.winner_pk for match in stage]
        if None in winners:
            return None
        return [(knockout.Match(match.teams[0], match.teams[1], match.places), winner)
                for match, winner in zip(stage, winners, strict=True)]

    def next_matches(self) -> list[knockout.Match] | None:
        """The matches of the next stage once every match of the last is decided (``[]``: the finals
        are over), None while one is not."""
        if not self.stages or self.problems:
            return None
        played = self.played(self.stages[-1])
        return None if played is None else _following(played, self.finals.playoffs)

    @property
    def complete(self) -> bool:
        return self.next_matches() == []

    @property
    def last_round(self) -> int | None:
        """The number of the latest finals round (a stage or a round of replays)."""
        matches = self.matches
        return matches[-1].table.round.number if matches else None

    @property
    def round_count(self) -> int:
        """How many finals rounds there are (stages and rounds of replays)."""
        return len({match.table.round.number for match in self.matches})

    @property
    def can_take_back(self) -> bool:
        """Whether the latest finals round has no sheet yet (what :func:`.finals.take_back` allows,
        rulings aside)."""
        last = self.last_round
        return last is not None and all(match.table.current_sheet is None for match in self.matches
                                        if match.table.round.number == last)

    def places(self) -> dict[int, int] | None:
        """Each bracket team's final place (team pk → place), once the finals are over; else None."""
        if not self.complete:
            return None
        stages = [self.played(stage) for stage in self.stages]
        return knockout.places([stage for stage in stages if stage is not None], self.finals.playoffs)


def bracket(tournament: Tournament) -> Bracket | None:
    """The finals of ``tournament`` as its tables stand, or None when it has none: five queries
    (the finals; their tables with rounds and matches; the seats with teams; the players; the sheets)."""
    finals = Finals.objects.filter(tournament=tournament).first()
    if finals is None:
        return None
    versions = Prefetch("results", queryset=Result.objects.order_by("-version"))
    tables = list(Table.objects.filter(round__tournament=tournament, round__final=True)
                  .select_related("round", "final_match").with_seats().prefetch_related(versions)
                  .order_by("round__number", "number"))
    return _resolved(tournament, finals, tables)


def _resolved(tournament: Tournament, finals: Finals, tables: list[Table]) -> Bracket:
    found = Bracket(finals=finals)
    by_match: dict[int, MatchState] = {}
    stages: dict[int, list[MatchState]] = {}
    for table in tables:
        try:
            match_row: FinalMatch = table.final_match
        except FinalMatch.DoesNotExist:
            continue  # a table the director added by hand to a finals round: no match of the bracket
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        if len(seats) != 2:
            continue
        state = MatchState(table=table, low=match_row.low, high=match_row.high,
                           teams=(seats[0].team_id, seats[1].team_id))
        _decide(tournament, finals, state)
        by_match[match_row.pk] = state
        if match_row.replay_of_id is not None and match_row.replay_of_id in by_match:
            by_match[match_row.replay_of_id].replay = state
        else:
            stages.setdefault(table.round.number, []).append(state)
    found.stages = [stages[number] for number in sorted(stages)]
    found.problems = _stage_problems(found)
    return found


def _following(played: list[tuple[knockout.Match, Any]], playoffs: bool) -> list[knockout.Match] | None:
    """The next stage's matches, or None when the stage is no bracket (a file that says otherwise)."""
    try:
        return knockout.next_stage(played, playoffs)
    except knockout.BracketError:
        return None


def _stage_problems(found: Bracket) -> list[str]:
    """Each finals round that does not follow from the results of the one before it."""
    problems = []
    for previous, stage in zip(found.stages, found.stages[1:]):
        played = found.played(previous)
        expected = _following(played, found.finals.playoffs) if played is not None else None
        shape = {(frozenset(match.teams), match.places) for match in stage}
        if expected is None or shape != {(frozenset((match.first, match.second)), match.places) for match in expected}:
            problems.append(_("Round %(number)s does not follow from the results of round %(previous)s any more: a "
                              "sheet of round %(previous)s was corrected after round %(number)s was drawn. Correct it "
                              "back, or take back the later finals rounds while they have no sheet.") % {
                "number": stage[0].table.round.number, "previous": previous[0].table.round.number})
    return problems


def _decide(tournament: Tournament, finals: Finals, state: MatchState) -> None:
    sheet = state.table.current_sheet
    if sheet is None or not result_counts(sheet.state, tournament.confirmed_counts):
        return
    scores = seat_scores(tournament, 2, sheet.sheet)
    state.points = (scores[0].points, scores[1].points)
    state.pawns = (scores[0].pawns_home, scores[1].pawns_home)
    state.winner = knockout.decide(*state.points, *state.pawns, finals.level_rule, tournament.seed, state.key)
    if state.winner is None:
        state.by = REPLAY
    elif state.points[0] != state.points[1]:
        state.by = POINTS
    elif state.pawns[0] != state.pawns[1]:
        state.by = PAWNS
    else:
        state.by = LOT


LOT_ONLY = gettext_lazy("A lot drawn from the tournament's seed")
"""The pawns-then-lot rule in a game whose sheets count no pawns (Klaverjassen): the lot alone."""


def level_rule_text(finals: Finals, tournament: Tournament) -> str:
    """The level rule as the finals page, the form and the sheet show it, in the game's words."""
    if finals.level_rule == LevelRule.PAWNS_THEN_LOT and not tournament.plugin.counts_pawns:
        return str(LOT_ONLY)
    return str(LevelRule(finals.level_rule).label)


def final_places(tournament: Tournament) -> dict[int, int] | None:
    """Each bracket team's final place once the finals are over (team pk → place), else None."""
    found = bracket(tournament)
    return found.places() if found is not None else None
