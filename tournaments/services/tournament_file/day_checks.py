"""Checks of version 2's sections of the tournament file: the running day (``scoring.md``).

Version 1's sections are checked first (:mod:`.checks`), and every value of the file has the kind,
range and length of the schema (:mod:`.schema`); these checks see a file whose teams and tables are
sound and check what only version 2 holds makes sense: each team's details given once with a
number and a pass of its own, each round's details for the rounds used, each table's link used once
and its codes for exactly its teams, every version of every sheet numbered in order and possible at
the table, the log's versions and teams, the rulings' tables; then each registered section the file
has (:mod:`.sections`: the money at the door, the prizes) by its own check. Each problem names its
place. What only the database knows (a link or a pass another tournament here holds) is checked just
before the writing (:func:`.writing._refuse_taken_links`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.games import Scoring
from tournaments.services.sheet_states import result_counts
from tournaments.services.tournament_file.checks import ParsedFile, file_scoring, round_count, sheet_problems
from tournaments.services.tournament_file.kinds import shown
from tournaments.services.tournament_file.sections import keyed
from tournaments.services.tournament_file.sides import seated, side_refs


def _not_a_side(table: dict, at: str, key: str, found: object) -> str:
    """The message for a ``submitted_by``, ``confirmed_by`` or log ``team`` that names no side of ``table``."""
    if "pairs" in table:
        return (_('%(at)s: "%(key)s" must be the index of a pair of this table, 0 to %(last)s, not %(found)s')
                % {"at": at, "key": key, "last": len(table["pairs"]) - 1, "found": shown(found)})
    return _('%(at)s: "%(key)s" must be a team of this table, not “%(found)s”') % {"at": at, "key": key, "found": found}


def _check_clubs(parsed: ParsedFile, errors: list[str]) -> None:
    names: set[str] = set()
    for index, club in enumerate(parsed.clubs, start=1):
        key = club["name"].strip().casefold()
        if key in names:
            errors.append(_("club %(number)s: the club “%(name)s” is listed twice") % {"number": index, "name": club["name"]})
        names.add(key)
    for team in parsed.teams:
        if team.get("club") and team["club"].strip().casefold() not in names:
            message = (_("player %(player)s: their club “%(club)s” is not in \"clubs\"") if parsed.individual
                       else _("team %(team)s: its club “%(club)s” is not in \"clubs\""))
            errors.append(message % {"team": team["id"], "player": team["id"], "club": team["club"]})


def _check_team_details(details: list[dict], parsed: ParsedFile, errors: list[str]) -> None:
    ids = {team["id"] for team in parsed.teams}
    numbers: dict[int, str] = {}
    passes: dict[str, str] = {}  # a pass opens one team's page: each token once
    for entry in details:
        team_id = entry["team"]
        if team_id not in ids:
            message = (_('team_details: “%(found)s” is not a player of "players"') if parsed.individual
                       else _('team_details: “%(found)s” is not a team of "teams"'))
            errors.append(message % {"found": team_id})
            continue
        where = _("player %(player)s") % {"player": team_id} if parsed.individual else _("team %(team)s") % {"team": team_id}
        if team_id in parsed.team_details:
            errors.append(_("%(where)s: its details are given twice") % {"where": where})
            continue
        parsed.team_details[team_id] = entry
        if "pass" in entry:
            if entry["pass"] in passes:
                errors.append(_("%(where)s: its pass is also the pass of %(other)s")
                              % {"where": where, "other": passes[entry["pass"]]})
            else:
                passes[entry["pass"]] = where
        number = entry["number"]
        if parsed.individual and team_id != f"P{number}":
            errors.append(_("%(where)s: its number must be %(number)s, the number of its id")
                          % {"where": where, "number": team_id[1:]})
        elif number in numbers:
            errors.append(_("%(where)s: number %(number)s is also the number of team %(other)s")
                          % {"where": where, "number": number, "other": numbers[number]})
        else:
            numbers[number] = team_id
    for team_id in sorted(ids - set(parsed.team_details)):
        message = (_("player %(player)s: their details (number, check-in, withdrawal) are missing") if parsed.individual
                   else _("team %(team)s: its details (number, check-in, withdrawal) are missing"))
        errors.append(message % {"team": team_id, "player": team_id})


def _check_round_details(details: list[dict], parsed: ParsedFile, errors: list[str]) -> None:
    rounds = round_count(parsed.data)
    seen: set[int] = set()
    for entry in details:
        number = entry["round"]
        if number > rounds or number in seen:
            errors.append(_("round_details: %(found)s is not a round from 1 to %(rounds)s, or is given twice")
                          % {"found": number, "rounds": rounds})
            continue
        seen.add(number)
        parsed.round_details.append(entry)
    used = {entry["round"] for entry in parsed.tables} | {entry["round"] for entry in parsed.byes}
    for number in sorted(used - seen):
        errors.append(_("round %(round)s: it has tables but no entry in \"round_details\"") % {"round": number})


def _check_sheets(entry: dict, table: dict, where: str, confirmed_counts: bool, setup: Scoring,
                  errors: list[str]) -> set[int]:
    sides = side_refs(table)
    sheets = entry["sheets"]
    versions: set[int] = set()
    for index, sheet in enumerate(sheets, start=1):
        at = _("%(where)s, version %(version)s") % {"where": where, "version": index}
        if sheet["version"] != index:
            errors.append(_('%(at)s: the versions must be numbered 1, 2, … in order') % {"at": at})
            continue
        versions.add(index)
        for key in ("submitted_by", "confirmed_by"):
            if key in sheet and sheet[key] not in sides:
                errors.append(_not_a_side(table, at, key, sheet[key]))
        if not setup.game.written(sheet):
            errors.append(_("%(at)s: the sheet holds no result") % {"at": at})
        for problem in sheet_problems(setup, table, sheet):
            errors.append(f"{at}: {problem}")
    fields = (*setup.game.result_fields, "stopped_by_clock")
    counted = {key: table[key] for key in fields if key in table}
    last = sheets[-1] if sheets else None
    expected = ({key: last[key] for key in fields if key in last}
                if last is not None and result_counts(last["state"], confirmed_counts) else {})
    if counted != expected:
        errors.append(_("%(where)s: the result in \"tables\" is not the version of its sheet that counts "
                        "(the file was edited by hand?)") % {"where": where})
    return versions


def _check_events(entry: dict, table: dict, versions: set[int], where: str, errors: list[str]) -> None:
    for index, event in enumerate(entry["events"], start=1):
        at = _("%(where)s, log entry %(number)s") % {"where": where, "number": index}
        if "version" in event and event["version"] not in versions:
            errors.append(_("%(at)s: the sheet has no version %(found)s") % {"at": at, "found": event["version"]})
        if "team" in event and event["team"] not in side_refs(table):
            errors.append(_not_a_side(table, at, "team", event["team"]))


def _check_table_details(details: list[dict], parsed: ParsedFile, errors: list[str]) -> None:
    tables = {(entry["round"], entry["table"]): entry for entry in parsed.tables}
    tokens: dict[str, str] = {}
    confirmed_counts = parsed.tournament["confirmed_counts"]
    setup = file_scoring(parsed.data)
    for entry in details:
        key = (entry["round"], entry["table"])
        if key not in tables:
            errors.append(_('table_details: round %(round)s, table %(table)s is not a table of "tables"')
                          % {"round": key[0], "table": key[1]})
            continue
        where = _("round %(round)s, table %(table)s") % {"round": key[0], "table": key[1]}
        if key in parsed.table_details:
            errors.append(_("%(where)s: its details are given twice") % {"where": where})
            continue
        parsed.table_details[key] = entry
        table = tables[key]
        if entry["token"] in tokens:
            errors.append(_("%(where)s: its private link is also the link of %(other)s")
                          % {"where": where, "other": tokens[entry["token"]]})
        else:
            tokens[entry["token"]] = where
        if sorted(entry["codes"]) != sorted(seat[2] for seat in seated(table)):
            errors.append(_('%(where)s: "codes" must give each seated player their six-digit code') % {"where": where}
                          if parsed.individual else
                          _('%(where)s: "codes" must give each seated team its six-digit code') % {"where": where})
        versions = _check_sheets(entry, table, where, confirmed_counts, setup, errors)
        _check_events(entry, table, versions, where, errors)
    for key in sorted(set(tables) - set(parsed.table_details)):
        errors.append(_("round %(round)s, table %(table)s: its details (link, codes, sheets) are missing")
                      % {"round": key[0], "table": key[1]})


def _check_rulings(rulings: list[dict], parsed: ParsedFile, errors: list[str]) -> None:
    for index, ruling in enumerate(rulings, start=1):
        if ("round" in ruling or "table" in ruling) and (ruling.get("round"), ruling.get("table")) not in parsed.table_details:
            errors.append(_("ruling %(number)s: round %(round)s, table %(table)s is not a table of the file")
                          % {"number": index, "round": shown(ruling.get("round")), "table": shown(ruling.get("table"))})
        parsed.rulings.append(ruling)


def check_day(parsed: ParsedFile, errors: list[str]) -> None:
    """Check version 2's sections of ``parsed`` (whose version-1 sections are sound) and fill them in."""
    data = parsed.data
    parsed.tournament = data["tournament"]
    parsed.clubs = data["clubs"]
    _check_clubs(parsed, errors)
    _check_team_details(data["team_details"], parsed, errors)
    _check_round_details(data["round_details"], parsed, errors)
    _check_table_details(data["table_details"], parsed, errors)
    _check_rulings(data["rulings"], parsed, errors)
    for section in keyed():  # the apps' sections (the money at the door, the prizes), on a sound file
        if section.key in data:
            if section.check is not None:
                section.check(data[section.key], parsed, errors)
            parsed.sections[section.key] = data[section.key]
