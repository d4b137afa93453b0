"""Standings of a tournament, in one shape that every page, file and command reads.

Why one shape: the public page, the director's page, the PDFs, the prize list, Excel and
``manage.py standings`` must never disagree, so :func:`standings` builds a :class:`Standings` once —
ranks, totals, round points, byes, corrections, players — and they only lay it out. The JSON of
``scoring.md`` is :meth:`Standings.as_json`; the frozen snapshot the players see before the
prize-giving is that JSON, read back by :func:`public_standings`.

Why it is fast: three flat ``values_list`` queries whatever the size (results; seats; teams with
their players and byes), no model instances, then pure scoring. Points of a table come from
:func:`tournaments.services.results.seat_scores`, the one place a sheet becomes points.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from django.db.models import TextField
from django.db.models.functions import Cast
from django.utils.translation import gettext as _

import scoring
from tournaments.models import Result, TableSeat, Team, Tournament
from tournaments.numbers import whole_or
from tournaments.services.bracket import final_places
from tournaments.services.results import seat_scores
from tournaments.services.sheet_states import result_counts


def team_key(team: Team, individual: bool = False) -> str:
    """The team's id in the tournament file and the standings JSON: ``T<number>``; an entrant of an
    individual tournament is a player, ``P<number>``."""
    return f"{'P' if individual else 'T'}{team.number}"


@dataclass(frozen=True)
class TeamInfo:
    """A team as the standings show it (plain values: cheap to build, to cache and to pickle)."""

    pk: int
    number: int
    name: str
    players: tuple[str, ...]
    club: str = ""
    withdrawn: bool = False
    bye_round: int | None = None  # the round of the team's bye, if it has one
    prefix: str = "T"  # "P": an entrant of an individual tournament, a player

    @property
    def key(self) -> str:
        return f"{self.prefix}{self.number}"


@dataclass(frozen=True)
class StandingsRow:
    """One place: a team, or for per-player systems (``individual-11``) a player of a team."""

    rank: int
    key: str  # "T3", or "T3/1" for the first player of team 3, or "P3" for player 3 of an individual tournament
    team: TeamInfo
    points: int
    rounds: tuple[int | None, ...]
    lot: bool  # the place was decided by lot (scoring.md); shown only once a round is played
    player: str | None = None
    bye_round: int | None = None  # the round of the team's bye, if it had one so far
    corrected: tuple[int, ...] = ()  # rounds whose sheet was corrected after it was first entered
    did_not_play: bool = False  # took part in no round while others did: listed last, no place earned
    missed: tuple[int, ...] = ()  # rounds the team missed (a bye given by the draw is none)
    apart: bool = False  # ranked after the teams that took part in every round (missed_rounds "apart")

    @property
    def name(self) -> str:
        """Who holds the place: the player, or the team."""
        return self.player if self.player is not None else self.team.name

    @property
    def players(self) -> list[str]:
        return list(self.team.players)

    @property
    def place(self) -> int | None:
        """The rank as the pages show it: none for a team that did not play (it earned no place)."""
        return None if self.did_not_play else self.rank

    @property
    def mark(self) -> str:
        """The words beside the place: "did not play", or "missed a round" (ranked apart) and "by lot"."""
        if self.did_not_play:
            return _("did not play")
        return ", ".join(([_("missed a round")] if self.apart else []) + ([_("by lot")] if self.lot else []))

    @property
    def cells(self) -> list[dict]:
        """Round points for templates: ``{"round", "points", "bye"}`` per round."""
        return [{"round": n, "points": p, "bye": n == self.bye_round} for n, p in enumerate(self.rounds, start=1)]


@dataclass(frozen=True)
class Standings:
    """The standings after ``after_round``, best first."""

    tournament: Tournament
    after_round: int
    per_player: bool
    rows: tuple[StandingsRow, ...] = ()
    frozen: bool = False  # the director's snapshot for the prize-giving, not the live standings
    # Once the knock-out finals are over: every row again in the final order, ``rank`` the final place
    # (the bracket's places first, the others after them in the order above). Empty without finals.
    final_rows: tuple[StandingsRow, ...] = ()
    bracket_keys: frozenset[str] = frozenset()  # the keys of the teams that played the finals' brackets

    @property
    def bracket_rows(self) -> tuple[StandingsRow, ...]:
        """The final ranking's places won in the brackets (the pages show these; the places after
        them are the standings' order)."""
        return tuple(row for row in self.final_rows if row.key in self.bracket_keys)

    @property
    def placed_rows(self) -> tuple[StandingsRow, ...]:
        """The places the day ends with: the final ranking once the finals are over, else the standings
        (what the prizes follow)."""
        return self.final_rows or self.rows

    @property
    def round_numbers(self) -> list[int]:
        return list(range(1, self.after_round + 1))

    @property
    def shows_lot(self) -> bool:
        """Before round 1 everyone is level: no place is shown as decided by lot."""
        return self.after_round > 0

    def as_json(self) -> dict:
        """The ``standings --format json`` object of scoring.md."""
        if self.tournament.individual:
            rows = [{"rank": r.rank, "player": r.player, "id": r.key, "points": r.points,
                     "rounds": list(r.rounds), "lot": r.lot} for r in self.rows]
        elif self.per_player:
            rows = [{"rank": r.rank, "player": r.player, "team": r.team.key, "points": r.points,
                     "rounds": list(r.rounds), "lot": r.lot} for r in self.rows]
        else:
            rows = [{"rank": r.rank, "team": r.key, "name": r.team.name, "points": r.points,
                     "rounds": list(r.rounds), "lot": r.lot} for r in self.rows]
        for shown, row in zip(rows, self.rows, strict=True):
            if row.did_not_play:  # an addition to scoring.md (docs/decisions.md): only where it is true
                shown["did_not_play"] = True
        data = {"tournament": self.tournament.slug, "after_round": self.after_round, "standings": rows}
        if self.final_rows:  # an addition to scoring.md (docs/tournament-file.md), only after finals
            data["final_ranking"] = [{"rank": row.rank, "team": row.key, "name": row.team.name, "lot": row.lot,
                                      "bracket": row.key in self.bracket_keys} for row in self.final_rows]
        return data


@dataclass
class RoundScores:
    """Points per round of every team (and player), ``None`` where nothing counts yet."""

    rounds: list[int]  # round numbers, in order
    teams: dict[int, TeamInfo]  # pk → team
    team_points: dict[int, list[int | None]]
    player_points: dict[tuple[int, int], list[int | None]]  # (team pk, seat 1/2) → points
    byes: dict[int, int]  # team pk → round number of its bye
    corrected: dict[int, list[int]] = field(default_factory=dict)  # team pk → rounds with a corrected sheet
    # Each table's latest sheet as these points read it: "round" → "table" → [version, state]
    # (numbers as text: JSON's keys), what the freeze keeps for the public pages (:func:`snapshot`).
    sheets: dict[str, dict[str, list]] = field(default_factory=dict)
    played: set[int] = field(default_factory=set)  # teams that took part in a round (at a table or a bye)
    missed: dict[int, tuple[int, ...]] = field(default_factory=dict)  # team pk → the rounds it missed
    finals_played: bool = False  # a sheet of a knock-out final is in (those tables count apart: bracket.py)


def team_infos(tournament: Tournament) -> dict[int, TeamInfo]:
    """Every team of the tournament with its players, club and bye, in one query (in number order)."""
    found: dict[int, dict] = {}
    prefix = "P" if tournament.individual else "T"
    for pk, number, name, withdrawn, club, bye_round, seat, player in (
        Team.objects.filter(tournament=tournament).order_by("number", "players__seat")
        .values_list("pk", "number", "name", "withdrawn", "club__name", "bye__round__number",
                     "players__seat", "players__name")
    ):
        team = found.setdefault(pk, {"pk": pk, "number": number, "name": name, "withdrawn": withdrawn,
                                     "club": club or "", "bye_round": bye_round, "players": [],
                                     "prefix": prefix})
        if seat is not None:
            team["players"].append(player)
    return {pk: TeamInfo(**{**team, "players": tuple(team["players"])}) for pk, team in found.items()}


def round_scores(tournament: Tournament, after_round: int | None = None) -> RoundScores:
    """Round points of every team after ``after_round`` (default: the last round with a sheet).

    A table's latest sheet counts when :func:`result_counts` says so (entered by the director,
    approved, or confirmed when confirmed sheets count at once); byes score the average of the
    team's own played rounds. The knock-out finals' tables are left out (they are read apart:
    :mod:`.bracket`); whether one has a sheet is read in the same query.
    """
    results = Result.objects.filter(table__round__tournament=tournament)
    if after_round is not None:
        results = results.filter(table__round__number__lte=after_round)
    latest: dict[int, tuple[int, str, str, int]] = {}  # table → (round, sheet, state, version)
    sheets: dict[str, dict[str, list]] = defaultdict(dict)
    seen: set[int] = set()
    finals_played = False
    # The sheet as its JSON text: decoded only when it was not scored before (seat_scores).
    for table_id, round_number, table_number, sheet, state, version, final in results.order_by(
        "table_id", "-version"
    ).annotate(text=Cast("sheet", TextField())).values_list(
        "table_id", "table__round__number", "table__number", "text", "state", "version", "table__round__final"
    ):
        if table_id in seen:
            continue
        seen.add(table_id)  # the first is the latest version
        # Every table's latest version, the finals' too: what the frozen snapshot keeps for the public pages.
        sheets[str(round_number)][str(table_number)] = [version, state]
        if final:
            finals_played = True
        else:
            latest[table_id] = (round_number, sheet, state, version)
    if after_round is None:
        after_round = max((round_number for round_number, *_rest in latest.values()), default=0)
    seats: dict[int, dict[int, list[int]]] = defaultdict(dict)  # table → place on the sheet → team ids
    seated: dict[int, set[int]] = defaultdict(set)  # team → the rounds it has a seat at a table in
    for table_id, position, team_id, round_number in TableSeat.objects.filter(
        round__tournament=tournament, round__number__lte=after_round, round__final=False
    ).order_by("table_id", "position", "member").values_list("table_id", "position", "team_id", "round__number"):
        seats[table_id].setdefault(position, []).append(team_id)
        seated[team_id].add(round_number)
    teams = team_infos(tournament)
    count = after_round
    team_points: dict[int, list[int | None]] = {pk: [None] * count for pk in teams}
    player_points = {(pk, seat): [None] * count for pk in teams for seat in (1, 2)}
    corrected: dict[int, list[int]] = defaultdict(list)
    absent: dict[int, set[int]] = defaultdict(set)  # team → rounds it was the absent team of a forfeit
    confirmed_counts = tournament.confirmed_counts
    for table_id, (round_number, sheet, state, version) in latest.items():
        sides = list(seats.get(table_id, {}).values())
        if version > 1:
            for pk in (pk for side in sides for pk in side):
                corrected[pk].append(round_number)
        if not sides or not result_counts(state, confirmed_counts):
            continue
        index = round_number - 1
        for side, result in zip(sides, seat_scores(tournament, len(sides), sheet)):
            if result.forfeit and not result.won:
                for pk in side:
                    absent[pk].add(round_number)
            if len(side) == 1:  # a team
                team_points[side[0]][index] = result.points
                for player, points in enumerate(result.player_points or (), start=1):
                    player_points[(side[0], player)][index] = points
            else:  # a pair drawn for the round: each player's own share (scoring.member_points)
                for member, pk in enumerate(side, start=1):
                    team_points[pk][index] = player_points[(pk, 1)][index] = scoring.member_points(result, member)
    byes = {pk: team.bye_round for pk, team in teams.items()
            if team.bye_round is not None and team.bye_round <= after_round}
    for pk, round_number in byes.items():
        if pk not in team_points:
            continue
        index = round_number - 1
        played = [p for i, p in enumerate(team_points[pk]) if i != index and p is not None]
        team_points[pk][index] = scoring.bye_score(played)
        for seat in (1, 2):
            own = [p for i, p in enumerate(player_points[(pk, seat)]) if i != index and p is not None]
            player_points[(pk, seat)][index] = scoring.bye_score(own)
    played, missed = _attendance(teams, seated, absent, byes)
    return RoundScores(list(range(1, count + 1)), teams, team_points, player_points, byes,
                       {pk: sorted(rounds) for pk, rounds in corrected.items()}, dict(sheets),
                       played=played, missed=missed, finals_played=finals_played)


def _attendance(teams: dict[int, TeamInfo], seated: dict[int, set[int]], absent: dict[int, set[int]],
                byes: dict[int, int]) -> tuple[set[int], dict[int, tuple[int, ...]]]:
    """Who took part in a round, and which rounds each team missed (docs/decisions.md, issue 31).

    A team takes part in a round at a table — its sheet counted, or still to come — unless it is the
    absent team of a forfeit, and with a bye: the draw gave it, so it is no missed round. A round
    is missed when the team was absent at a forfeit, or at no table and without a bye while other
    teams played it (a round nobody has a seat in yet is missed by nobody)."""
    held = set().union(*seated.values(), byes.values())
    played, missed = set(), {}
    for pk in teams:
        present = (seated.get(pk, set()) - absent.get(pk, set())) | ({byes[pk]} if pk in byes else set())
        if present:
            played.add(pk)
        gone = (held - present) | absent.get(pk, set())
        if gone:
            missed[pk] = tuple(sorted(gone))
    return played, missed


def _rows(tournament: Tournament, scores: RoundScores, per_player: bool) -> list[StandingsRow]:
    """Rank the teams, or every player (``T<number>/<seat>``), with the tiebreaks and the lot."""
    teams = scores.teams
    individual = tournament.individual
    if per_player:
        entries = {
            f"{team.key}/{seat}": (team, seat, name)
            for team in teams.values() for seat, name in enumerate(team.players, start=1)
        }
        ranked = scoring.rank([scoring.Entry(key=key, name=name, rounds=tuple(scores.player_points[(team.pk, seat)]),
                                             played=team.pk in scores.played, missed=scores.missed.get(team.pk, ()))
                               for key, (team, seat, name) in entries.items()], tournament.seed,
                              tournament.missed_rounds)
        owners = {key: team for key, (team, _seat, _name) in entries.items()}
    else:
        owners = {team.key: team for team in teams.values() if not team.withdrawn or team.pk in scores.played}
        ranked = scoring.rank([scoring.Entry(key=key, name=team.name, rounds=tuple(scores.team_points[team.pk]),
                                             played=team.pk in scores.played, missed=scores.missed.get(team.pk, ()))
                               for key, team in owners.items()], tournament.seed, tournament.missed_rounds)
    rows = []
    for standing in ranked:
        team = owners[standing.key]
        rows.append(StandingsRow(
            rank=standing.rank, key=standing.key, team=team, points=standing.points, rounds=standing.rounds,
            lot=standing.lot, player=standing.name if per_player or individual else None,
            bye_round=scores.byes.get(team.pk), corrected=tuple(scores.corrected.get(team.pk, ())),
            did_not_play=standing.did_not_play, missed=standing.missed, apart=standing.apart,
        ))
    return rows


def standings(tournament: Tournament, after_round: int | None = None, *, per_player: bool | None = None,
              scores: RoundScores | None = None) -> Standings:
    """The live standings after ``after_round`` (default: the last round with a sheet).

    ``per_player`` defaults to the scoring system's (players for ``individual-11``); the draw asks
    for teams whatever the system.
    """
    if per_player is None:
        per_player = tournament.per_player
    scores = scores or round_scores(tournament, after_round)
    rows = tuple(_rows(tournament, scores, per_player))
    places = final_places(tournament) if scores.finals_played and after_round is None and not per_player else None
    return Standings(tournament=tournament, after_round=len(scores.rounds), per_player=per_player,
                     rows=rows, final_rows=final_order(rows, places) if places else (),
                     bracket_keys=frozenset(row.key for row in rows if places and row.team.pk in places))


def final_order(rows: tuple[StandingsRow, ...], places: dict[int, int]) -> tuple[StandingsRow, ...]:
    """The rows in the final order: the bracket's teams by their place (a shared place in the order of
    the standings), then every other team in the order of the standings, placed after the bracket."""
    bracket_rows = sorted((row for row in rows if row.team.pk in places), key=lambda row: places[row.team.pk])
    placed = [replace(row, rank=places[row.team.pk], lot=False) for row in bracket_rows]
    after = len(placed)
    for row in rows:
        if row.team.pk not in places:
            placed.append(row if row.did_not_play else replace(row, rank=after + 1))
            after += not row.did_not_play
    return tuple(placed)


def standings_json(tournament: Tournament, after_round: int | None = None) -> dict:
    """The ``standings --format json`` object of scoring.md."""
    return standings(tournament, after_round).as_json()


def from_json(tournament: Tournament, data: dict) -> Standings:
    """Standings read back from their JSON (the frozen snapshot): places, keys, names and points as
    the snapshot has them, and the bye and "corrected" marks as they were when it was taken (a
    snapshot of before those were kept takes them from today), and so the rounds each team missed
    (the "missed a round" mark; the prizes read them) and "did not play"; players and clubs as they
    are today."""
    scores = round_scores(tournament, data.get("after_round") or 0)
    by_key = {team.key: team for team in scores.teams.values()}
    per_player = tournament.per_player
    rows = []
    individual = tournament.individual
    for row in data.get("standings", []):
        key = row["id"] if individual else row["team"]
        today = by_key.get(key)
        number = int(key[1:]) if key[1:].isascii() and key[1:].isdigit() else 0
        bye_round = row["bye_round"] if "bye_round" in row else (today.bye_round if today else None)
        team = TeamInfo(
            pk=today.pk if today else 0, number=number,
            name=(today.name if today else key) if per_player else row.get("player" if individual else "name", key),
            players=today.players if today else (), club=today.club if today else "",
            withdrawn=today.withdrawn if today else False, bye_round=bye_round, prefix=key[:1] or "T",
        )
        player = row.get("player") if per_player or individual else None
        seat = team.players.index(player) + 1 if player in team.players else 0
        corrected = row["corrected"] if "corrected" in row else scores.corrected.get(team.pk, ())
        did_not_play = row.get("did_not_play") is True
        missed = row["missed"] if "missed" in row else (scores.missed.get(team.pk, ()) if today else ())
        rows.append(StandingsRow(
            rank=row["rank"], key=f"{key}/{seat}" if per_player else key, team=team, points=row["points"],
            rounds=tuple(row["rounds"]), lot=row["lot"], player=player, bye_round=bye_round,
            corrected=tuple(corrected), did_not_play=did_not_play, missed=missed,
            apart=bool(missed) and not did_not_play and tournament.missed_rounds == scoring.APART,
        ))
    by_key = {row.key: row for row in rows}
    finals = data.get("final_ranking")
    finals = [entry for entry in finals if isinstance(entry, dict) and isinstance(entry.get("team"), str)
              and entry["team"] in by_key and type(entry.get("rank")) is int] if isinstance(finals, list) else []
    final_rows = tuple(replace(by_key[entry["team"]], rank=entry["rank"], lot=entry.get("lot") is True)
                       for entry in finals)
    bracket_keys = frozenset(entry["team"] for entry in finals if entry.get("bracket") is True)
    return Standings(tournament=tournament, after_round=data.get("after_round") or 0, per_player=per_player,
                     rows=tuple(rows), frozen=True, final_rows=final_rows, bracket_keys=bracket_keys)


def snapshot(tournament: Tournament) -> dict:
    """The frozen snapshot: the ``standings --format json`` object, each row with the marks the public
    page shows beside it (``bye_round``, ``corrected``, ``missed``), so a correction after the freeze shows no
    mark until the director unfreezes; and ``sheets``, each table's latest sheet version and its
    state, read in the same query as the points (so they agree), from which every public page
    shows the tables as they stood at the freeze (:func:`.round_sheets.public_sheet`). Tables by
    round and table number, not by id: a restored tournament keeps them."""
    scores = round_scores(tournament)
    live = standings(tournament, scores=scores)
    data = live.as_json()
    for shown, row in zip(data["standings"], live.rows, strict=True):
        shown["bye_round"] = row.bye_round
        shown["corrected"] = list(row.corrected)
        shown["missed"] = list(row.missed)
    data["sheets"] = scores.sheets
    return data


def public_standings(tournament: Tournament) -> Standings:
    """What players see: the frozen snapshot when the director froze it, else the live standings."""
    if tournament.frozen_standings:
        return from_json(tournament, tournament.frozen_standings)
    return standings(tournament)


def set_frozen(tournament: Tournament, frozen: bool) -> None:
    tournament.frozen_standings = snapshot(tournament) if frozen else None
    tournament.save(update_fields=["frozen_standings"])


class AfterRoundError(ValueError):
    """``after_round`` is not a round of the tournament; the message says which are."""


def after_round_of(tournament: Tournament, value: str | None) -> int | None:
    """The ``?after_round=N`` of a request (0 up to the tournament's rounds); None when not given."""
    value = (value or "").strip()
    if not value:
        return None
    if whole_or(value, None, 0, tournament.rounds) is None:
        raise AfterRoundError(
            _("after_round must be a round number from 0 to %(rounds)s.") % {"rounds": tournament.rounds}
        )
    return int(value)
