"""Reading the tournament file: every check before anything is written.

:func:`read_file` collects every problem of a file — naming the place: round, table, team,
version — and raises :class:`InvalidTournamentFile` with all of them, or returns the file with
its parts found (:class:`ParsedFile`). Nothing here touches the database, so a refused file
changes nothing. Version 2's sections are checked as strictly as version 1's: a hand-edited file
whose table result no longer matches its sheets, a token used twice, an event of a version that
does not exist — each is named, and the file is refused whole.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, field
from typing import Any

from django.core.validators import validate_slug
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

import scoring
from engine.errors import EngineError
from engine.house_rules import parse_house_rules
from tournaments.models import (
    NAME_MAX_LENGTH,
)
from tournaments.services.tournament_file.spec import FORMAT, READS, RESULT_FIELDS


class InvalidTournamentFile(ValueError):
    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass
class ParsedFile:
    """A checked file, its parts found. Version 2's parts are empty for a version-1 file."""

    data: dict
    rules: Any
    teams: list[dict] = field(default_factory=list)
    tables: list[dict] = field(default_factory=list)
    byes: list[dict] = field(default_factory=list)
    version: int = 1
    tournament: dict = field(default_factory=dict)
    clubs: list[dict] = field(default_factory=list)
    team_details: dict[str, dict] = field(default_factory=dict)
    round_details: list[dict] = field(default_factory=list)
    table_details: dict[tuple[int, int], dict] = field(default_factory=dict)
    rulings: list[dict] = field(default_factory=list)

    @property
    def slug(self) -> str | None:
        return self.tournament.get("slug")


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def moment(value: Any) -> datetime.datetime | None:
    """A time of the file (ISO 8601 with its UTC offset), or None when it is not one."""
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else None


def loads(content: bytes | str) -> Any:
    """The decoded JSON of an uploaded or read file; :class:`InvalidTournamentFile` when it is not
    UTF-8 JSON, is cut off or damaged, or nests deeper than any tournament file does."""
    try:
        return json.loads(content.decode("utf-8") if isinstance(content, bytes) else content)
    except UnicodeDecodeError:
        raise InvalidTournamentFile([_("the file is not text (UTF-8): not a tournament file")]) from None
    except json.JSONDecodeError as error:
        raise InvalidTournamentFile([_("the file is not a tournament file, or it is damaged or cut off: %(problem)s "
                                       "at line %(line)s") % {"problem": error.msg, "line": error.lineno}]) from None
    except RecursionError:
        raise InvalidTournamentFile([_("the file nests too deeply: not a tournament file")]) from None


def _check_top(data: dict, errors: list[str]) -> Any:
    if data.get("format") != FORMAT:
        errors.append(_('"format" must be "%(format)s": this is not a tournament file of this program')
                      % {"format": FORMAT})
    if data.get("version") not in READS:
        errors.append(_('"version" is %(found)r; this program reads version 1 and 2 files')
                      % {"found": data.get("version")})
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX_LENGTH:
        errors.append(_('"name" must be the tournament\'s name (1 to %(max)s characters)') % {"max": NAME_MAX_LENGTH})
    if "date" in data:
        try:
            datetime.date.fromisoformat(str(data["date"]))
        except ValueError:
            errors.append(_('"date" must be a date like 2026-11-21, not %(found)r') % {"found": data["date"]})
    if data.get("scoring") not in scoring.SYSTEMS:
        errors.append(_('"scoring" must be one of %(systems)s, not %(found)r')
                      % {"systems": ", ".join(scoring.SYSTEMS), "found": data.get("scoring")})
    for key, low, high in (("rounds", 1, 20), ("round_minutes", 5, 240), ("teams_per_table", 2, 3)):
        if key in data and not (is_int(data[key]) and low <= data[key] <= high):
            errors.append(_('"%(key)s" must be a whole number from %(low)s to %(high)s, not %(found)r')
                          % {"key": key, "low": low, "high": high, "found": data[key]})
    if "venue" in data and not text(data["venue"], 200):
        errors.append(_('"venue" must be a text of at most 200 characters'))
    if "seed" in data and not (is_int(data["seed"]) and 0 < data["seed"] < 2**63):
        errors.append(_('"seed" must be a positive whole number, not %(found)r') % {"found": data["seed"]})
    if "points" in data and not (
        isinstance(data["points"], list) and data["points"] and all(is_int(p) and p >= 0 for p in data["points"])
    ):
        errors.append(_('"points" must be a list of whole numbers (the points of the 1st, 2nd, … pawn home)'))
    try:
        return parse_house_rules(data.get("rules"))
    except EngineError as error:
        errors.append(_('"rules": %(error)s') % {"error": error})
        return None


def _check_teams(data: dict, errors: list[str]) -> dict[str, dict]:
    teams = data.get("teams")
    if not isinstance(teams, list) or not teams:
        errors.append(_('"teams" must be a list of teams'))
        return {}
    by_id: dict[str, dict] = {}
    names: dict[str, str] = {}
    for number, team in enumerate(teams, start=1):
        where = _("team %(team)s") % {"team": number}
        if not isinstance(team, dict):
            errors.append(_("%(where)s: must be an object with id, name and players") % {"where": where})
            continue
        team_id = team.get("id")
        if not isinstance(team_id, str) or not team_id.strip():
            errors.append(_('%(where)s: "id" must be a non-empty text') % {"where": where})
            continue
        where = _("team %(team)s") % {"team": team_id}
        if team_id in by_id:
            errors.append(_("%(where)s: the id is used twice") % {"where": where})
        name = team.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX_LENGTH:
            errors.append(_('%(where)s: "name" must be the team\'s name (1 to %(max)s characters)')
                          % {"where": where, "max": NAME_MAX_LENGTH})
        elif name.strip().casefold() in names:
            errors.append(_("%(where)s: the name “%(name)s” is also the name of team %(other)s")
                          % {"where": where, "name": name, "other": names[name.strip().casefold()]})
        else:
            names[name.strip().casefold()] = team_id
        players = team.get("players")
        if not (isinstance(players, list) and len(players) == 2
                and all(isinstance(p, str) and p.strip() and len(p) <= NAME_MAX_LENGTH for p in players)):
            errors.append(_('%(where)s: "players" must be the two players\' names') % {"where": where})
        if "club" in team and not (isinstance(team["club"], str) and len(team["club"]) <= NAME_MAX_LENGTH):
            errors.append(_('%(where)s: "club" must be a text') % {"where": where})
        by_id[team_id] = team
    return by_id


def sheet_problems(system: str, teams: list[str], entry: dict) -> list[str]:
    """What cannot happen at a Keezen table in this entry's result fields (a table or a version)."""
    sheet = scoring.Sheet(
        teams=tuple(teams), arrivals=entry.get("arrivals"), pawns_home=entry.get("pawns_home"),
        home=entry.get("home"), forfeit=entry.get("forfeit"), stopped_by_clock=bool(entry.get("stopped_by_clock")),
    )
    return [problem.message for problem in scoring.validate(system, sheet)]


def _check_tables(data: dict, by_id: dict[str, dict], system: str, errors: list[str]) -> tuple[list, list]:
    entries = data.get("tables", [])
    if not isinstance(entries, list):
        errors.append(_('"tables" must be a list'))
        return [], []
    rounds = data.get("rounds", 3) if is_int(data.get("rounds")) else 3
    tables, byes = [], []
    seen_tables: set[tuple[int, int]] = set()
    seated: dict[tuple[int, str], str] = {}
    bye_of: dict[str, int] = {}
    for entry in entries:
        if not isinstance(entry, dict):
            errors.append(_("tables: every entry must be an object"))
            continue
        round_no = entry.get("round")
        if not (is_int(round_no) and 1 <= round_no <= rounds):
            errors.append(_('tables: "round" must be a round from 1 to %(rounds)s, not %(found)r')
                          % {"rounds": rounds, "found": round_no})
            continue
        if "bye" in entry:
            team_id = entry["bye"]
            where = _("round %(round)s, bye") % {"round": round_no}
            if not isinstance(team_id, str) or team_id not in by_id:
                errors.append(_("%(where)s: team %(team)s is not in the list of teams") % {"where": where, "team": team_id})
            elif team_id in bye_of:
                errors.append(_("%(where)s: team %(team)s already has a bye in round %(other)s; a team gets at most one")
                              % {"where": where, "team": team_id, "other": bye_of[team_id]})
            elif (round_no, team_id) in seated:
                errors.append(_("%(where)s: team %(team)s also sits at %(other)s")
                              % {"where": where, "team": team_id, "other": seated[(round_no, team_id)]})
            else:
                bye_of[team_id] = round_no
                seated[(round_no, team_id)] = _("a bye")
                byes.append(entry)
            continue
        number = entry.get("table")
        if not (is_int(number) and 1 <= number <= 32767):
            errors.append(_('round %(round)s: "table" must be a table number, not %(found)r')
                          % {"round": round_no, "found": number})
            continue
        where = _("round %(round)s, table %(table)s") % {"round": round_no, "table": number}
        if (round_no, number) in seen_tables:
            errors.append(_("%(where)s: the table appears twice") % {"where": where})
            continue
        seen_tables.add((round_no, number))
        teams = entry.get("teams")
        if not (isinstance(teams, list) and len(teams) in (2, 3) and all(isinstance(t, str) for t in teams)):
            errors.append(_('%(where)s: "teams" must list the 2 or 3 seated teams') % {"where": where})
            continue
        bad = False
        for team_id in teams:
            if team_id not in by_id:
                errors.append(_("%(where)s, team %(team)s: not in the list of teams") % {"where": where, "team": team_id})
                bad = True
            elif (round_no, team_id) in seated:
                errors.append(_("%(where)s, team %(team)s: already at %(other)s in this round")
                              % {"where": where, "team": team_id, "other": seated[(round_no, team_id)]})
                bad = True
            else:
                seated[(round_no, team_id)] = _("table %(table)s") % {"table": number}
        if bad:
            continue
        if any(key in entry for key in RESULT_FIELDS):
            for problem in sheet_problems(system, teams, entry):
                errors.append(f"{where}: {problem}")
        tables.append(entry)
    return tables, byes


def read_file(data: Any) -> ParsedFile:
    """Check a decoded tournament file; raises InvalidTournamentFile listing every problem."""
    if not isinstance(data, dict):
        raise InvalidTournamentFile([_("the file must hold one JSON object")])
    errors: list[str] = []
    rules = _check_top(data, errors)
    by_id = _check_teams(data, errors)
    system = data.get("scoring")
    tables, byes = _check_tables(data, by_id, system, errors) if system in scoring.SYSTEMS else ([], [])
    parsed = ParsedFile(data=data, rules=rules, teams=list(by_id.values()), tables=tables, byes=byes)
    if data.get("version") == 2 and not errors:
        from tournaments.services.tournament_file.day_checks import check_day

        parsed.version = 2
        check_day(parsed, errors)
    if errors:
        raise InvalidTournamentFile(errors)
    return parsed


def text(value: Any, max_length: int | None = None, empty: bool = True) -> bool:
    """Whether ``value`` is a text (of at most ``max_length`` characters; non-empty unless ``empty``)."""
    return isinstance(value, str) and (empty or bool(value.strip())) and (max_length is None or len(value) <= max_length)


def slug_ok(value: Any) -> bool:
    if not text(value, 60, empty=False):
        return False
    try:
        validate_slug(value)
    except ValidationError:
        return False
    return True

