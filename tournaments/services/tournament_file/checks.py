"""Reading the tournament file: every check before anything is written.

:func:`loads` reads the text within the file's size and depth limits; :func:`read_file` checks the
decoded file in three steps, each on what the one before has made sure of: is it a tournament file
of a version this program reads; is every value of the kind, range and length the schema gives it
(:mod:`.schema`, read from the model columns); and does it make sense — a team seated twice, a bye
for a team that is not there, a result that cannot happen at a Keezen table. It collects every
problem of a step, naming its place, and raises :class:`InvalidTournamentFile` with all of them,
or returns the file with its parts found (:class:`ParsedFile`). Nothing here touches the database,
so a refused file changes nothing. Version 2's sections are checked as strictly as version 1's
(:mod:`.day_checks`): a hand-edited file whose table result no longer matches its sheets, a token
used twice, an event of a version that does not exist — each is named, and the file is refused whole.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from django.utils.translation import gettext as _

import scoring
from engine.errors import EngineError
from engine.house_rules import parse_house_rules
from tournaments.services.tournament_file.schema import check_schema, is_int, shown
from tournaments.services.tournament_file.spec import FORMAT, MAX_BYTES, MAX_DEPTH, MAX_PROBLEMS, READS, RESULT_FIELDS


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


_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def too_deep(text: str) -> bool:
    """Whether the arrays and objects of JSON ``text`` nest deeper than :data:`.spec.MAX_DEPTH`,
    counted without parsing it (a file of 100,000 ``[`` costs a scan, not the parser's stack)."""
    # Without an escaped quote, every other piece between quotes is a text: splitting is quicker.
    outside = _STRINGS.sub("", text) if '\\"' in text else "".join(text.split('"')[::2])
    brackets = _NOT_BRACKETS.sub("", outside)
    if re.search(r"[\[{]{%d}" % (MAX_DEPTH + 1), brackets):  # so many opened in a row: at once
        return True
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH


def loads(content: bytes | str) -> Any:
    """The decoded JSON of an uploaded or read file; :class:`InvalidTournamentFile` when it is larger
    than the file's size limit, nests deeper than its depth limit, is not UTF-8 JSON, is cut off or
    damaged, or holds a number too long to read."""
    if len(content) > MAX_BYTES:
        raise InvalidTournamentFile([_("the file is larger than %(mb)s MB: not a tournament file")
                                     % {"mb": MAX_BYTES // (1024 * 1024)}])
    try:
        text = content.decode("utf-8") if isinstance(content, bytes) else content
    except UnicodeDecodeError:
        raise InvalidTournamentFile([_("the file is not text (UTF-8): not a tournament file")]) from None
    if too_deep(text):
        raise InvalidTournamentFile([_("the file nests arrays and objects more than %(max)s deep: not a tournament "
                                       "file") % {"max": MAX_DEPTH}])
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidTournamentFile([_("the file is not a tournament file, or it is damaged or cut off: %(problem)s "
                                       "at line %(line)s") % {"problem": error.msg, "line": error.lineno}]) from None
    except ValueError:  # Python reads no whole number of more than sys.get_int_max_str_digits() digits
        raise InvalidTournamentFile([_("the file holds a number of more than %(digits)s digits: not a tournament file")
                                     % {"digits": sys.get_int_max_str_digits()}]) from None


def _check_kind(data: dict, errors: list[str]) -> None:
    """Whether this is a tournament file at all, of a version this program reads."""
    if data.get("format") != FORMAT:
        errors.append(_('"format" must be "%(format)s": this is not a tournament file of this program')
                      % {"format": FORMAT})
    version = data.get("version")
    if not (is_int(version) and version in READS):
        errors.append(_('"version" is %(found)s; this program reads version 1 and 2 files') % {"found": shown(version)})


def _check_teams(data: dict, errors: list[str]) -> dict[str, dict]:
    by_id: dict[str, dict] = {}
    names: dict[str, str] = {}
    for team in data["teams"]:
        team_id = team["id"]
        where = _("team %(team)s") % {"team": team_id}
        if team_id in by_id:
            errors.append(_("%(where)s: the id is used twice") % {"where": where})
        name = team["name"].strip().casefold()
        if name in names:
            errors.append(_("%(where)s: the name “%(name)s” is also the name of team %(other)s")
                          % {"where": where, "name": team["name"], "other": names[name]})
        else:
            names[name] = team_id
        by_id[team_id] = team
    return by_id


def sheet_problems(system: str, teams: list[str], entry: dict) -> list[str]:
    """What cannot happen at a Keezen table in this entry's result fields (a table or a version)."""
    sheet = scoring.Sheet(
        teams=tuple(teams), arrivals=entry.get("arrivals"), pawns_home=entry.get("pawns_home"),
        home=entry.get("home"), forfeit=entry.get("forfeit"), stopped_by_clock=bool(entry.get("stopped_by_clock")),
    )
    return [problem.message for problem in scoring.validate(system, sheet)]


def _check_tables(data: dict, by_id: dict[str, dict], errors: list[str]) -> tuple[list, list]:
    system = data["scoring"]
    rounds = data.get("rounds", 3)
    tables, byes = [], []
    seen_tables: set[tuple[int, int]] = set()
    seated: dict[tuple[int, str], str] = {}
    bye_of: dict[str, int] = {}
    for entry in data.get("tables", []):
        round_no = entry["round"]
        if round_no > rounds:
            errors.append(_('tables: "round" must be a round from 1 to %(rounds)s, not %(found)s')
                          % {"rounds": rounds, "found": round_no})
            continue
        if "bye" in entry:
            team_id = entry["bye"]
            where = _("round %(round)s, bye") % {"round": round_no}
            if team_id not in by_id:
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
        number, teams = entry["table"], entry["teams"]
        where = _("round %(round)s, table %(table)s") % {"round": round_no, "table": number}
        if (round_no, number) in seen_tables:
            errors.append(_("%(where)s: the table appears twice") % {"where": where})
            continue
        seen_tables.add((round_no, number))
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


class _Enough(Exception):
    """More problems than are shown: checking on would only cost time."""


class Problems(list):
    """The problems found. The checks stop once there are more than are shown: a file with a problem
    in each of a million entries is refused at once, not after writing a million messages."""

    def append(self, problem: str) -> None:
        super().append(problem)
        if len(self) > MAX_PROBLEMS:
            raise _Enough

    def extend(self, problems) -> None:
        for problem in problems:
            self.append(problem)


def listed(errors: list[str]) -> list[str]:
    """The problems to show: the first :data:`.spec.MAX_PROBLEMS`, and a line when there are more."""
    if len(errors) <= MAX_PROBLEMS:
        return errors
    return [*errors[:MAX_PROBLEMS], _("… and more problems (the checks stop after %(count)s)") % {"count": MAX_PROBLEMS}]


def read_file(data: Any) -> ParsedFile:
    """Check a decoded tournament file; raises InvalidTournamentFile listing its problems (at most
    :data:`.spec.MAX_PROBLEMS`)."""
    if not isinstance(data, dict):
        raise InvalidTournamentFile([_("the file must hold one JSON object")])
    errors = Problems()
    try:
        return _read(data, errors)
    except _Enough:
        raise InvalidTournamentFile(listed(errors)) from None


def _read(data: dict, errors: Problems) -> ParsedFile:
    _check_kind(data, errors)
    if not errors:
        check_schema(data, data["version"], errors)
    if errors:
        raise InvalidTournamentFile(listed(errors))
    try:
        rules = parse_house_rules(data.get("rules"))
    except EngineError as error:  # the schema checks each flag against its column; the engine has the last word
        raise InvalidTournamentFile([_('"rules": %(error)s') % {"error": error}]) from None
    by_id = _check_teams(data, errors)
    tables, byes = _check_tables(data, by_id, errors)
    parsed = ParsedFile(data=data, rules=rules, teams=list(by_id.values()), tables=tables, byes=byes)
    if data["version"] == 2 and not errors:
        from tournaments.services.tournament_file.day_checks import check_day

        parsed.version = 2
        check_day(parsed, errors)
    if errors:
        raise InvalidTournamentFile(listed(errors))
    return parsed
