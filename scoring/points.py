"""The points one table's sheet earns each team, under each scoring system of ``scoring.md``.

One function for every system, so the desk, the import and the standings never count
differently. Only valid sheets are scored: :func:`score` checks with
:func:`scoring.sheets.validate` first and raises :class:`~scoring.sheets.InvalidSheet`.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.sheets import (
    PAWNS_PER_PLAYER,
    PAWNS_PER_TEAM,
    PLAYERS_PER_TEAM,
    InvalidSheet,
    Sheet,
    validate,
)
from scoring.systems import INDIVIDUAL_11, PAWN_ORDER, PAWNS_2PT

# pawn-order (seed 001): the k-th pawn home at the table earns the k-th value; beyond the list 0.
DEFAULT_PAWN_ORDER_POINTS: tuple[int, ...] = tuple(range(150, 0, -10))  # 150, 140, … 10
PAWN_ORDER_WIN_BONUS = 200
# pawns-2pt (seed 003)
POINTS_PER_PAWN = 2
PAWNS_2PT_WIN_BONUS = 10
# individual-11 (seed 003): a pawn in hole hN earns N; both players of the winning team get 1 more.
INDIVIDUAL_WIN_BONUS = 1
INDIVIDUAL_MAX = sum(range(1, PAWNS_PER_PLAYER + 1)) + INDIVIDUAL_WIN_BONUS  # 11


@dataclass(frozen=True)
class TableScore:
    """One team's score at one table.

    ``won``: the team got all 8 pawns home (or the other team was absent). ``forfeit`` marks
    both sides of a forfeit: with ``won`` the present team, without it the absent one.
    ``player_points`` holds each player's share (players in the team's order) where the system
    has one: pawns-2pt (half the team score each) and individual-11 (the player's own count);
    it is None for pawn-order.
    """

    points: int
    pawns_home: int
    won: bool
    forfeit: bool = False
    player_points: tuple[int, ...] | None = None


def score(
    system: str, sheet: Sheet, points_list: tuple[int, ...] = DEFAULT_PAWN_ORDER_POINTS, absent_pawns: int = 0,
) -> dict[str, TableScore]:
    """Each seated team's score, in seat order. ``points_list`` is used by pawn-order only;
    ``absent_pawns`` (pawns-2pt only, :func:`check_absent_pawns`): a forfeit scores as a lost game
    of 8 pawns against that many (the NK's rule: 4, the present team 26, the absent team 8); 0 is
    scoring.md's own rule, a full win against 0."""
    errors = validate(system, sheet)
    if errors:
        raise InvalidSheet(errors)
    if sheet.forfeit is not None:
        return {team: _forfeit_score(system, absent=team == sheet.forfeit, points_list=points_list,
                                     absent_pawns=absent_pawns) for team in sheet.teams}
    if system == PAWN_ORDER:
        return _pawn_order(sheet, points_list)
    if system == PAWNS_2PT:
        return {team: _pawns_2pt(sheet.pawns_home[team]) for team in sheet.teams}
    return {team: _individual(sheet.home[team]) for team in sheet.teams}


def member_points(score: TableScore, member: int) -> int:
    """What one player of a side earns when the side is a pair drawn for the round (individual
    entry, issue 17): pawn-order gives each player the pair's score; pawns-2pt half of it (seed 003:
    "worden individuele scores bijgehouden dan dienen de teamscores gedeeld te worden"); individual-11
    the player's own pawns plus the win bonus. ``member``: 1 or 2, the player's place in the pair
    (the order of ``home[side]``). Forfeits follow the same rule."""
    if score.player_points is None:
        return score.points
    return score.player_points[member - 1]


def full_win_points(system: str, points_list: tuple[int, ...] = DEFAULT_PAWN_ORDER_POINTS) -> int:
    """A team's points for a full win: what the present team scores at a forfeit.

    pawn-order: the first 8 values of the list plus the bonus (1120 with the default list);
    pawns-2pt: 26; individual-11: 22 (11 per player).
    """
    return _forfeit_score(system, absent=False, points_list=points_list).points


def check_absent_pawns(system: str, absent_pawns: int) -> str | None:
    """Why ``absent_pawns`` cannot be the forfeit rule of ``system``, or None: a lost game of 8
    pawns against 0 to 7, and other than 0 only for pawns-2pt (pawn-order's points depend on the
    order pawns come home, individual-11's on whose pawns they are: neither has "4 pawns")."""
    if type(absent_pawns) is not int or not 0 <= absent_pawns < PAWNS_PER_TEAM:
        return f"the absent team's pawns are a whole number from 0 to {PAWNS_PER_TEAM - 1}, not {absent_pawns!r}"
    if absent_pawns and system != PAWNS_2PT:
        return f"only {PAWNS_2PT} scores a forfeit as a lost game of 8 pawns against some; {system} gives 0"
    return None


def _forfeit_score(system: str, *, absent: bool, points_list: tuple[int, ...], absent_pawns: int = 0) -> TableScore:
    if absent and absent_pawns and system == PAWNS_2PT:
        lost = _pawns_2pt(absent_pawns)
        return TableScore(lost.points, absent_pawns, won=False, forfeit=True, player_points=lost.player_points)
    if absent:
        players = (0,) * PLAYERS_PER_TEAM if system in (PAWNS_2PT, INDIVIDUAL_11) else None
        return TableScore(points=0, pawns_home=0, won=False, forfeit=True, player_points=players)
    if system == PAWN_ORDER:
        values = sum(points_list[:PAWNS_PER_TEAM])
        return TableScore(values + PAWN_ORDER_WIN_BONUS, PAWNS_PER_TEAM, won=True, forfeit=True)
    if system == PAWNS_2PT:
        won = _pawns_2pt(PAWNS_PER_TEAM)
        return TableScore(won.points, PAWNS_PER_TEAM, won=True, forfeit=True, player_points=won.player_points)
    players = (INDIVIDUAL_MAX,) * PLAYERS_PER_TEAM
    return TableScore(sum(players), PAWNS_PER_TEAM, won=True, forfeit=True, player_points=players)


def _pawn_order(sheet: Sheet, points_list: tuple[int, ...]) -> dict[str, TableScore]:
    points = dict.fromkeys(sheet.teams, 0)
    pawns = dict.fromkeys(sheet.teams, 0)
    for index, team in enumerate(sheet.arrivals):
        points[team] += points_list[index] if index < len(points_list) else 0
        pawns[team] += 1
    scores = {}
    for team in sheet.teams:
        won = pawns[team] == PAWNS_PER_TEAM
        scores[team] = TableScore(points[team] + (PAWN_ORDER_WIN_BONUS if won else 0), pawns[team], won)
    return scores


def _pawns_2pt(pawns: int) -> TableScore:
    won = pawns == PAWNS_PER_TEAM
    points = POINTS_PER_PAWN * pawns + (PAWNS_2PT_WIN_BONUS if won else 0)
    # Always even (2 per pawn, bonus 10), so each player's half is exact: no rounding.
    return TableScore(points, pawns, won, player_points=(points // 2,) * PLAYERS_PER_TEAM)


def _individual(players: tuple[tuple[int, ...], ...]) -> TableScore:
    won = all(len(holes) == PAWNS_PER_PLAYER for holes in players)
    bonus = INDIVIDUAL_WIN_BONUS if won else 0
    player_points = tuple(sum(holes) + bonus for holes in players)
    return TableScore(sum(player_points), sum(len(holes) for holes in players), won, player_points=player_points)
