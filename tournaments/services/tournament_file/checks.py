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
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _

import scoring
from tournaments.games import Scoring
from tournaments.models import Entry, GameChoice
from tournaments.services.tournament_file.kinds import is_int, shown
from tournaments.services.tournament_file.schema import check_schema
from tournaments.services.tournament_file.sides import players_of, side_keys
from tournaments.services.tournament_file.spec import FORMAT, MAX_BYTES, MAX_DEPTH, MAX_PROBLEMS, READS, file_game


def file_scoring(data: dict) -> Scoring:
    """What scoring the file's sheets needs: its system (the game's own when the file names none),
    points list, deals, the game's flags and the forfeit rule (``absent_pawns``, an addition: 0 when left out)."""
    game = file_game(data)
    return Scoring.of(SimpleNamespace(
        scoring_system=data.get("scoring") or game.file_system,
        points_list=data.get("points") or scoring.DEFAULT_PAWN_ORDER_POINTS, deals=data.get("deals", 16),
        game_rules=game.file_flags(data.get("rules")), absent_pawns=data.get("absent_pawns", 0)))


class InvalidTournamentFile(ValueError):
    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass
class ParsedFile:
    """A checked file, its parts found. Version 2's parts are empty for a version-1 file. In an
    individual tournament's file (``individual``) ``teams`` are its players (each a team of one),
    and each table seats ``pairs`` instead of ``teams`` (:mod:`.sides`)."""

    data: dict
    individual: bool = False
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
    sections: dict[str, Any] = field(default_factory=dict)
    """The registered sections the file has (:mod:`.sections`), checked, by key: ``"door"``, ``"prizes"``…"""

    @property
    def setup(self) -> Scoring:
        """What scoring the file's sheets needs (:func:`file_scoring`)."""
        return file_scoring(self.data)

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


def _check_entrants(entrants: list[dict], individual: bool, errors: list[str]) -> dict[str, dict]:
    """The teams (or an individual file's players) by id; each id and each name used once."""
    by_id: dict[str, dict] = {}
    names: dict[str, str] = {}
    people: dict[str, str] = {}
    for entrant in entrants:
        entrant_id = entrant["id"]
        where = (_("player %(player)s") % {"player": entrant_id} if individual
                 else _("team %(team)s") % {"team": entrant_id})
        if entrant_id in by_id:
            errors.append(_("%(where)s: the id is used twice") % {"where": where})
        name = entrant["name"].strip().casefold()
        if name in names:
            message = (_("%(where)s: the name “%(name)s” is also the name of player %(other)s") if individual
                       else _("%(where)s: the name “%(name)s” is also the name of team %(other)s"))
            errors.append(message % {"where": where, "name": entrant["name"], "other": names[name]})
        else:
            names[name] = entrant_id
        for _name, person in players_of(entrant, individual):
            if person is None:
                continue
            if person in people:
                errors.append(_("%(where)s: person “%(person)s” plays in %(other)s already; a person plays once "
                                "in a tournament") % {"where": where, "person": person, "other": people[person]})
            people[person] = where
        by_id[entrant_id] = entrant
    return by_id


def sheet_problems(setup: Scoring, table: dict, entry: dict) -> list[str]:
    """What cannot happen at this game's table in this entry's result fields (``table`` itself, or
    a version of its sheet). An individual file's result lists must hold one entry per pair."""
    keys = side_keys(table)
    if "pairs" not in table:
        return setup.game.file_problems(setup, keys, entry)
    wrong = [_('"%(field)s" must hold one entry per pair (%(count)s), not %(found)s')
             % {"field": key, "count": len(keys), "found": len(entry[key])}
             for key in ("pawns_home", "home", "totals") if key in entry and len(entry[key]) != len(keys)]
    return wrong or setup.game.file_problems(setup, keys, entry, by_index=True)


def _seat_teams(entry: dict, where: str, by_id: dict[str, dict], seated: dict[tuple[int, str], str],
                errors: list[str]) -> bool:
    """Seat a team table's teams in ``seated``; False when one cannot sit there."""
    good = True
    round_no = entry["round"]
    for team_id in entry["teams"]:
        if team_id not in by_id:
            errors.append(_("%(where)s, team %(team)s: not in the list of teams") % {"where": where, "team": team_id})
            good = False
        elif (round_no, team_id) in seated:
            errors.append(_("%(where)s, team %(team)s: already at %(other)s in this round")
                          % {"where": where, "team": team_id, "other": seated[(round_no, team_id)]})
            good = False
        else:
            seated[(round_no, team_id)] = _("table %(table)s") % {"table": entry["table"]}
    return good


def _seat_pairs(entry: dict, where: str, by_id: dict[str, dict], seated: dict[tuple[int, str], str],
                pairs: dict[tuple[int, frozenset], str], errors: list[str]) -> bool:
    """Seat an individual table's players in ``seated`` (and its pairs in ``pairs``); False when
    one cannot sit there: an unknown player, a player twice in a pair or twice in the round, a pair
    at two tables."""
    good = True
    round_no = entry["round"]
    here = _("table %(table)s") % {"table": entry["table"]}
    for pair, name in zip(entry["pairs"], side_keys(entry)):
        at = _("%(where)s, pair %(pair)s") % {"where": where, "pair": name}
        if len(set(pair)) < len(pair):
            errors.append(_("%(at)s: a pair is two different players, not %(player)s twice") % {"at": at, "player": pair[0]})
            good = False
            continue
        if (round_no, frozenset(pair)) in pairs:
            errors.append(_("%(at)s: this pair also sits at %(other)s in this round")
                          % {"at": at, "other": pairs[(round_no, frozenset(pair))]})
            good = False
            continue
        pairs[(round_no, frozenset(pair))] = here
        for player in pair:
            if player not in by_id:
                errors.append(_("%(at)s: player %(player)s is not in the list of players") % {"at": at, "player": player})
                good = False
            elif (round_no, player) in seated:
                errors.append(_("%(at)s: player %(player)s is already at %(other)s in this round")
                              % {"at": at, "player": player, "other": seated[(round_no, player)]})
                good = False
            else:
                seated[(round_no, player)] = here
    return good


def _check_bye(entry: dict, individual: bool, by_id: dict[str, dict], seated: dict[tuple[int, str], str],
               bye_of: dict[str, int], errors: list[str]) -> bool:
    """Whether the bye can be: its team (or player) known, without another bye, not at a table of its round."""
    round_no, entrant = entry["round"], entry["bye"]
    values = {"where": _("round %(round)s, bye") % {"round": round_no}, "team": entrant, "player": entrant}
    if entrant not in by_id:
        message = (_("%(where)s: player %(player)s is not in the list of players") if individual
                   else _("%(where)s: team %(team)s is not in the list of teams"))
    elif entrant in bye_of:
        message = (_("%(where)s: player %(player)s already has a bye in round %(other)s; a player gets at most one")
                   if individual else
                   _("%(where)s: team %(team)s already has a bye in round %(other)s; a team gets at most one"))
        values["other"] = bye_of[entrant]
    elif (round_no, entrant) in seated:
        message = (_("%(where)s: player %(player)s also sits at %(other)s") if individual
                   else _("%(where)s: team %(team)s also sits at %(other)s"))
        values["other"] = seated[(round_no, entrant)]
    else:
        bye_of[entrant] = round_no
        seated[(round_no, entrant)] = _("a bye")
        return True
    errors.append(message % values)
    return False


def final_rounds(data: dict) -> int:
    """How many rounds after the Swiss rounds a file's knock-out finals take (``tables`` may name them,
    :mod:`.finals_section`): read before that section is checked, so anything odd counts as none."""
    finals = data.get("finals")
    matches = finals.get("matches") if isinstance(finals, dict) and data.get("version") == 2 else None
    if not isinstance(matches, list):
        return 0
    return len({match["round"] for match in matches if isinstance(match, dict) and is_int(match.get("round"))})


def round_count(data: dict) -> int:
    """How many rounds a file's tables may name: the Swiss rounds, then the knock-out finals' rounds."""
    return data.get("rounds", 3) + final_rounds(data)


def _check_tables(data: dict, by_id: dict[str, dict], individual: bool, errors: list[str]) -> tuple[list, list]:
    setup = file_scoring(data)
    rounds = round_count(data)
    tables, byes = [], []
    seen_tables: set[tuple[int, int]] = set()
    seated: dict[tuple[int, str], str] = {}
    pairs: dict[tuple[int, frozenset], str] = {}
    bye_of: dict[str, int] = {}
    for entry in data.get("tables", []):
        round_no = entry["round"]
        if round_no > rounds:
            errors.append(_('tables: "round" must be a round from 1 to %(rounds)s, not %(found)s')
                          % {"rounds": rounds, "found": round_no})
            continue
        if "bye" in entry:
            if _check_bye(entry, individual, by_id, seated, bye_of, errors):
                byes.append(entry)
            continue
        number = entry["table"]
        where = _("round %(round)s, table %(table)s") % {"round": round_no, "table": number}
        if (round_no, number) in seen_tables:
            errors.append(_("%(where)s: the table appears twice") % {"where": where})
            continue
        seen_tables.add((round_no, number))
        if not (_seat_pairs(entry, where, by_id, seated, pairs, errors) if individual
                else _seat_teams(entry, where, by_id, seated, errors)):
            continue
        if len(side_keys(entry)) not in setup.game.sides_per_table:
            errors.append(_("%(where)s: a table of %(game)s cannot seat %(found)s sides") % {
                "where": where, "game": GameChoice(setup.game.game).label, "found": len(side_keys(entry))})
            continue
        if setup.game.written(entry):
            for problem in sheet_problems(setup, entry, entry):
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


def _check_game_rules(data: dict) -> None:
    """The file's house rules must be its game's (:meth:`~tournaments.games.GamePlugin.check_file_rules`),
    and its scoring system one of its game's."""
    game = file_game(data)
    system = file_scoring(data).system
    if scoring.GAME_OF[system] != game.game:
        raise InvalidTournamentFile([
            _('"scoring": "%(system)s" is not a scoring system of %(game)s (the file\'s "game"; a file without '
              '"game" is Keezen)') % {"system": system, "game": game.game}])
    try:
        game.check_file_rules(data)
    except ValueError as error:
        raise InvalidTournamentFile([str(error)]) from None
    if data.get("absent_pawns", 0) and system != scoring.PAWNS_2PT:  # the schema checked it is 0–7
        raise InvalidTournamentFile([_('"absent_pawns": only %(system)s scores a forfeit as a lost game of 8 pawns '
                                       'against some; "%(found)s" scores it 8 against 0')
                                     % {"system": scoring.PAWNS_2PT, "found": system}])


def _read(data: dict, errors: Problems) -> ParsedFile:
    _check_kind(data, errors)
    individual = data.get("entry") == Entry.INDIVIDUAL
    if not errors:
        check_schema(data, data["version"], individual, errors)
    if errors:
        raise InvalidTournamentFile(listed(errors))
    _check_game_rules(data)
    by_id = _check_entrants(data["players" if individual else "teams"], individual, errors)
    tables, byes = _check_tables(data, by_id, individual, errors)
    parsed = ParsedFile(data=data, individual=individual, teams=list(by_id.values()), tables=tables,
                        byes=byes)
    if data["version"] == 2 and not errors:
        from tournaments.services.tournament_file.day_checks import check_day

        parsed.version = 2
        check_day(parsed, errors)
    if errors:
        raise InvalidTournamentFile(listed(errors))
    return parsed
