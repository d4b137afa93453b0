"""One table's score sheet, and every way it can be impossible at a Keezen table.

The tournament file, the desk form and the table link all end in a :class:`Sheet`; checking
it in one place means a result is either scored by :func:`scoring.points.score` or rejected
with messages people can act on — never half-imported. Messages are English; ``code`` is the
stable key for translations and tests.

About the clock: a team with all 8 pawns home has won, and the game ended there, whatever
``stopped_by_clock`` says (the pot is won before the clock can stop the game). A sheet
without a complete team is a game stopped by the clock: no winner, no bonus. So the
``stopped_by_clock`` flag is informational only: it is kept as written and never changes
validity or points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.systems import INDIVIDUAL_11, KEEZEN_SYSTEMS, PAWN_ORDER, PAWNS_2PT

PLAYERS_PER_TEAM = 2
PAWNS_PER_PLAYER = 4
PAWNS_PER_TEAM = PLAYERS_PER_TEAM * PAWNS_PER_PLAYER  # 8: all home wins the game
HOLES: tuple[int, ...] = (1, 2, 3, 4)  # h1 (front) … h4 (deepest)
TEAMS_PER_TABLE: tuple[int, ...] = (2, 3)

# The result field each system writes.
RESULT_FIELD: dict[str, str] = {PAWN_ORDER: "arrivals", PAWNS_2PT: "pawns_home", INDIVIDUAL_11: "home"}


@dataclass(frozen=True)
class Sheet:
    """What was written for one table.

    ``teams`` are team ids in seat order (2 or 3). Exactly one of ``arrivals`` (pawn-order:
    the team of each pawn home, in order, over all teams at the table), ``pawns_home``
    (pawns-2pt: pawns home per team) and ``home`` (individual-11: per team, per player in the
    team's order, the home holes of that player's pawns) is set — or ``forfeit``, the absent
    team. Lists (as read from JSON) are accepted wherever tuples are shown. Every seated team
    must appear in ``pawns_home`` and ``home`` (0 pawns / no holes when none are home).
    ``stopped_by_clock`` is informational: see the module docstring.
    """

    teams: tuple[str, ...]
    arrivals: tuple[str, ...] | None = None
    pawns_home: dict[str, int] | None = None
    home: dict[str, tuple[tuple[int, ...], ...]] | None = None
    forfeit: str | None = None
    stopped_by_clock: bool = False

    def result_fields(self) -> tuple[str, ...]:
        """The result fields that are filled in (not counting ``forfeit``)."""
        return tuple(name for name in RESULT_FIELD.values() if getattr(self, name) is not None)


@dataclass(frozen=True)
class SheetError:
    """One problem with a sheet: a stable ``code``, the team it concerns (if one), a message for people."""

    code: str
    team: str | None
    message: str


class InvalidSheet(ValueError):
    """Raised when an invalid sheet is scored; ``errors`` holds every problem."""

    def __init__(self, errors: list[SheetError]) -> None:
        super().__init__("; ".join(error.message for error in errors))
        self.errors = errors


def validate(system: str, sheet: Sheet) -> list[SheetError]:
    """Every problem with ``sheet`` under ``system``, in a stable order; empty when it can be scored."""
    if system not in KEEZEN_SYSTEMS:
        return [SheetError("unknown-system", None,
                           f"unknown scoring system {system!r}; the systems are {', '.join(KEEZEN_SYSTEMS)}")]
    errors = _check_teams(sheet)
    seated = _seated(sheet)
    wanted = RESULT_FIELD[system]
    for name in sheet.result_fields():
        if name != wanted:
            errors.append(SheetError("wrong-result-field", None,
                                     f"this tournament counts {system}, written as '{wanted}'; "
                                     f"the sheet has '{name}' instead"))
    if sheet.forfeit is not None:
        if sheet.forfeit not in seated:
            errors.append(_not_seated(sheet.forfeit, seated, "as the absent team (forfeit)"))
        if sheet.result_fields():
            errors.append(SheetError("forfeit-with-result", sheet.forfeit,
                                     f"team {sheet.forfeit} is absent (forfeit), so the game was not played, "
                                     f"but the sheet also has '{', '.join(sheet.result_fields())}'"))
        return errors
    if getattr(sheet, wanted) is None:
        if not sheet.result_fields():
            errors.append(SheetError("no-result", None,
                                     f"the sheet has no result: write '{wanted}' or the absent team (forfeit)"))
        return errors
    check = {PAWN_ORDER: _check_arrivals, PAWNS_2PT: _check_pawns_home, INDIVIDUAL_11: _check_home}[system]
    errors.extend(check(sheet, seated))
    return errors


def _seated(sheet: Sheet) -> tuple[str, ...]:
    if not _is_list(sheet.teams):
        return ()
    return tuple(dict.fromkeys(team for team in sheet.teams if isinstance(team, str)))


def _check_teams(sheet: Sheet) -> list[SheetError]:
    if not _is_list(sheet.teams) or not all(isinstance(team, str) for team in sheet.teams):
        return [SheetError("bad-format", None, "the seated teams must be a list of team ids")]
    errors = []
    if len(sheet.teams) not in TEAMS_PER_TABLE:
        errors.append(SheetError("team-count", None,
                                 f"a table seats 2 or 3 teams; this sheet has {len(sheet.teams)}"
                                 + (f" ({', '.join(map(str, sheet.teams))})" if sheet.teams else "")))
    for team, times in Counter(sheet.teams).items():
        if times > 1:
            errors.append(SheetError("duplicate-team", team, f"team {team} is seated more than once at this table"))
    return errors


def _not_seated(team: object, seated: tuple[str, ...], where: str) -> SheetError:
    return SheetError("not-seated", str(team),
                      f"team {team} is not seated at this table ({', '.join(seated)}) but appears {where}")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_list(value: object) -> bool:
    if type(value) in (list, tuple):  # the common case, without the slower abstract-class check
        return True
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _too_many(team: str, count: int) -> SheetError:
    return SheetError("too-many-pawns", team,
                      f"team {team} has {count} pawns home; a team has {PAWNS_PER_TEAM}")


def _two_complete(complete: list[str]) -> SheetError:
    names = ", ".join(complete[:-1]) + f" and {complete[-1]}"
    return SheetError("two-complete", complete[-1],
                      f"teams {names} all have their {PAWNS_PER_TEAM} pawns home; the game ends when the "
                      f"first team is complete, so only one can be")


def _missing(sheet_field: str, seated: tuple[str, ...], given: Mapping, empty: str) -> list[SheetError]:
    return [SheetError("missing-team", team,
                       f"team {team} is seated at this table but missing from '{sheet_field}'; "
                       f"write {empty} when it has none home")
            for team in seated if team not in given]


def _check_arrivals(sheet: Sheet, seated: tuple[str, ...]) -> list[SheetError]:
    arrivals = sheet.arrivals
    if not _is_list(arrivals) or not all(type(team) is str or isinstance(team, str) for team in arrivals):
        return [SheetError("bad-format", None, "'arrivals' must be a list of team ids, one per pawn home, in order")]
    counts: dict[str, int] = {}  # in order of first arrival
    winner, winning_arrival = None, 0
    for number, team in enumerate(arrivals, start=1):
        count = counts[team] = counts.get(team, 0) + 1
        if count == PAWNS_PER_TEAM and winner is None and team in seated:
            winner, winning_arrival = team, number
    errors = [_not_seated(team, seated, "in the arrivals") for team in counts if team not in seated]
    counts = Counter(counts)
    errors.extend(_too_many(team, counts[team]) for team in seated if counts[team] > PAWNS_PER_TEAM)
    if winner is not None and winning_arrival < len(arrivals):
        more = len(arrivals) - winning_arrival
        errors.append(SheetError("arrivals-after-win", winner,
                                 f"team {winner} got its {PAWNS_PER_TEAM}th pawn home at arrival {winning_arrival}, "
                                 f"which ends the game, but {more} more arrival{'s' if more > 1 else ''} follow"))
    complete = [team for team in seated if counts[team] >= PAWNS_PER_TEAM]
    if len(complete) > 1:
        errors.append(_two_complete(complete))
    return errors


def _check_pawns_home(sheet: Sheet, seated: tuple[str, ...]) -> list[SheetError]:
    pawns = sheet.pawns_home
    if not isinstance(pawns, Mapping):
        return [SheetError("bad-format", None, "'pawns_home' must map each seated team to its number of pawns home")]
    errors = [_not_seated(team, seated, "in 'pawns_home'") for team in pawns if team not in seated]
    errors.extend(_missing("pawns_home", seated, pawns, "0"))
    complete = []
    for team in seated:
        if team not in pawns:
            continue
        count = pawns[team]
        if not _is_count(count):
            errors.append(SheetError("not-a-number", team,
                                     f"team {team}: the pawns home must be a whole number, not {count!r}"))
        elif count < 0:
            errors.append(SheetError("negative-pawns", team,
                                     f"team {team} has {count} pawns home; a count cannot be negative"))
        elif count > PAWNS_PER_TEAM:
            errors.append(_too_many(team, count))
        if _is_count(count) and count >= PAWNS_PER_TEAM:
            complete.append(team)
    if len(complete) > 1:
        errors.append(_two_complete(complete))
    return errors


def _check_home(sheet: Sheet, seated: tuple[str, ...]) -> list[SheetError]:
    home = sheet.home
    if not isinstance(home, Mapping):
        return [SheetError("bad-format", None,
                           "'home' must map each seated team to its players' home holes")]
    errors = [_not_seated(team, seated, "in 'home'") for team in home if team not in seated]
    errors.extend(_missing("home", seated, home, "an empty list of holes for each player"))
    complete = []
    for team in seated:
        if team not in home:
            continue
        players = home[team]
        if not _is_list(players):
            errors.append(SheetError("bad-format", team,
                                     f"team {team}: 'home' must hold a list of holes for each player"))
            continue
        if len(players) != PLAYERS_PER_TEAM:
            errors.append(SheetError("player-count", team,
                                     f"team {team} has {len(players)} players in 'home'; a team has {PLAYERS_PER_TEAM}"))
        full_players = 0
        for number, holes in enumerate(players, start=1):
            player_errors = _check_player(team, number, holes)
            errors.extend(player_errors)
            if not player_errors and len(holes) == PAWNS_PER_PLAYER:
                full_players += 1
        if full_players == PLAYERS_PER_TEAM == len(players):
            complete.append(team)
    if len(complete) > 1:
        errors.append(_two_complete(complete))
    return errors


def _check_player(team: str, number: int, holes: object) -> list[SheetError]:
    who = f"team {team}, player {number}"
    if not _is_list(holes):
        return [SheetError("bad-format", team, f"{who}: the home holes must be a list of hole numbers 1 to 4")]
    errors = []
    if len(holes) > PAWNS_PER_PLAYER:
        errors.append(SheetError("player-too-many-pawns", team,
                                 f"{who} has {len(holes)} pawns home; a player has {PAWNS_PER_PLAYER}"))
    for hole in holes:
        if not _is_count(hole):
            errors.append(SheetError("not-a-number", team, f"{who}: a hole must be a number 1 to 4, not {hole!r}"))
    for hole in dict.fromkeys(h for h in holes if _is_count(h) and h not in HOLES):
        errors.append(SheetError("hole-out-of-range", team,
                                 f"{who}: there is no hole {hole}; the home holes are 1 to 4"))
    for hole, times in Counter(h for h in holes if _is_count(h) and h in HOLES).items():
        if times > 1:
            errors.append(SheetError("hole-twice", team,
                                     f"{who} has {times} pawns in hole {hole}; a hole holds one pawn"))
    return errors
