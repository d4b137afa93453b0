"""Checks of version 2's sections of the tournament file: the running day (``scoring.md``).

Version 1's sections are checked first (:mod:`.checks`); these checks see a file whose teams and
tables are sound and check what only version 2 holds: the tournament's settings and state, the
check-ins and withdrawals, each round's status and clock, each table's link and team codes,
every version of every sheet with its log, and the rulings. Each problem names its place.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import (
    MAX_TEAM_NUMBER,
    NAME_MAX_LENGTH,
    PublicNames,
    ResultEvent,
    ResultSource,
    ResultState,
    RoundStatus,
    TournamentStatus,
)
from tournaments.services.sheet_states import result_counts
from tournaments.services.tournament_file.checks import ParsedFile, is_int, moment, sheet_problems, slug_ok, text
from tournaments.services.tournament_file.spec import CODE_PATTERN, RESULT_FIELDS, TOKEN_PATTERN

SECTIONS = ("tournament", "clubs", "team_details", "round_details", "table_details", "rulings")


def _time(entry: dict, key: str, where: str, errors: list[str], required: bool = True) -> None:
    value = entry.get(key)
    if value is None and not required:
        return
    if moment(value) is None:
        errors.append(_('%(where)s: "%(key)s" must be a time like 2026-11-21T14:30:00+00:00, not %(found)r')
                      % {"where": where, "key": key, "found": value})


def _flags(entry: dict, keys: tuple[str, ...], where: str, errors: list[str]) -> None:
    for key in keys:
        if not isinstance(entry.get(key), bool):
            errors.append(_('%(where)s: "%(key)s" must be true or false') % {"where": where, "key": key})


def _check_tournament(section: Any, errors: list[str]) -> None:
    where = '"tournament"'
    if not slug_ok(section.get("slug")):
        errors.append(_('%(where)s: "slug" must be a short name of letters, digits and hyphens, not %(found)r')
                      % {"where": where, "found": section.get("slug")})
    if section.get("status") not in TournamentStatus.values:
        errors.append(_('%(where)s: "status" must be one of %(values)s') % {
            "where": where, "values": ", ".join(TournamentStatus.values)})
    if section.get("public_names") not in PublicNames.values:
        errors.append(_('%(where)s: "public_names" must be one of %(values)s') % {
            "where": where, "values": ", ".join(PublicNames.values)})
    _flags(section, ("hidden", "archived", "three_team_table", "avoid_same_club", "confirmed_counts"), where, errors)
    grace = section.get("entry_grace_minutes")
    if not (is_int(grace) and 0 <= grace <= 240):
        errors.append(_('%(where)s: "entry_grace_minutes" must be a whole number from 0 to 240') % {"where": where})
    _time(section, "created_at", where, errors)
    if "frozen_standings" in section and not _standings_shape(section["frozen_standings"]):
        errors.append(_('%(where)s: "frozen_standings" must be the standings as the standings command writes '
                        'them (rank, team, name, points, rounds, lot per place)') % {"where": where})


def _standings_shape(value: Any) -> bool:
    """Whether ``value`` is a ``standings --format json`` object, as the public page reads it back."""
    if not (isinstance(value, dict) and isinstance(value.get("standings"), list)):
        return False
    after = value.get("after_round")
    if after is not None and not is_int(after):
        return False
    return all(
        isinstance(row, dict) and is_int(row.get("rank")) and text(row.get("team"), empty=False)
        and text(row.get("name", "")) and isinstance(row.get("points"), (int, float))
        and not isinstance(row.get("points"), bool) and isinstance(row.get("rounds"), list)
        and all(item is None or (isinstance(item, (int, float)) and not isinstance(item, bool)) for item in row["rounds"])
        and isinstance(row.get("lot"), bool) and text(row.get("player", ""))
        for row in value["standings"]
    )


def _check_clubs(clubs: list, parsed: ParsedFile, errors: list[str]) -> None:
    names: set[str] = set()
    for index, club in enumerate(clubs, start=1):
        where = _("club %(number)s") % {"number": index}
        if not (isinstance(club, dict) and text(club.get("name"), NAME_MAX_LENGTH, empty=False)
                and text(club.get("town", ""), 100)):
            errors.append(_('%(where)s: must have a "name" and a "town" (texts)') % {"where": where})
            continue
        if club["name"].strip().casefold() in names:
            errors.append(_("%(where)s: the club “%(name)s” is listed twice") % {"where": where, "name": club["name"]})
        names.add(club["name"].strip().casefold())
    for team in parsed.teams:
        if team.get("club") and team["club"].strip().casefold() not in names:
            errors.append(_("team %(team)s: its club “%(club)s” is not in \"clubs\"")
                          % {"team": team["id"], "club": team["club"]})


def _check_team_details(details: list, parsed: ParsedFile, errors: list[str]) -> None:
    ids = {team["id"] for team in parsed.teams}
    numbers: dict[int, str] = {}
    for entry in details:
        team_id = entry.get("team") if isinstance(entry, dict) else None
        if not isinstance(team_id, str) or team_id not in ids:
            errors.append(_('team_details: %(found)r is not a team of "teams"') % {"found": team_id})
            continue
        where = _("team %(team)s") % {"team": team_id}
        if team_id in parsed.team_details:
            errors.append(_("%(where)s: its details are given twice") % {"where": where})
            continue
        parsed.team_details[team_id] = entry
        number = entry.get("number")
        if not (is_int(number) and 1 <= number <= MAX_TEAM_NUMBER):
            errors.append(_('%(where)s: "number" must be a whole number from 1') % {"where": where})
        elif number in numbers:
            errors.append(_("%(where)s: number %(number)s is also the number of team %(other)s")
                          % {"where": where, "number": number, "other": numbers[number]})
        else:
            numbers[number] = team_id
        _flags(entry, ("checked_in", "withdrawn"), where, errors)
        _time(entry, "checked_in_at", where, errors, required=False)
        _time(entry, "registered_at", where, errors)
    for team_id in ids - set(parsed.team_details):
        errors.append(_("team %(team)s: its details (number, check-in, withdrawal) are missing") % {"team": team_id})


def _check_round_details(details: list, parsed: ParsedFile, errors: list[str]) -> None:
    rounds = parsed.data.get("rounds", 3)
    seen: set[int] = set()
    for entry in details:
        number = entry.get("round") if isinstance(entry, dict) else None
        if not (is_int(number) and 1 <= number <= rounds) or number in seen:
            errors.append(_("round_details: %(found)r is not a round from 1 to %(rounds)s, or is given twice")
                          % {"found": number, "rounds": rounds})
            continue
        seen.add(number)
        where = _("round %(round)s") % {"round": number}
        if entry.get("status") not in RoundStatus.values:
            errors.append(_('%(where)s: "status" must be one of %(values)s')
                          % {"where": where, "values": ", ".join(RoundStatus.values)})
        if not (is_int(entry.get("minutes")) and 1 <= entry["minutes"] <= 32767):
            errors.append(_('%(where)s: "minutes" must be a whole number of minutes') % {"where": where})
        _time(entry, "started_at", where, errors, required=False)
        _time(entry, "clock_ends_at", where, errors, required=False)
        left = entry.get("clock_paused_left")
        if left is not None and not (is_int(left) and 0 <= left <= 2_147_483_647):
            errors.append(_('%(where)s: "clock_paused_left" must be a number of seconds') % {"where": where})
        parsed.round_details.append(entry)
    used = {entry["round"] for entry in parsed.tables} | {entry["round"] for entry in parsed.byes}
    for number in sorted(used - seen):
        errors.append(_("round %(round)s: it has tables but no entry in \"round_details\"") % {"round": number})


def _check_sheets(entry: dict, table: dict, where: str, confirmed_counts: bool, system: str,
                  errors: list[str]) -> set[int]:
    teams = table["teams"]
    sheets = entry.get("sheets")
    if not isinstance(sheets, list):
        errors.append(_('%(where)s: "sheets" must be the list of the sheet\'s versions') % {"where": where})
        return set()
    versions: set[int] = set()
    for index, sheet in enumerate(sheets, start=1):
        at = _("%(where)s, version %(version)s") % {"where": where, "version": index}
        if not isinstance(sheet, dict) or sheet.get("version") != index:
            errors.append(_('%(at)s: the versions must be numbered 1, 2, … in order') % {"at": at})
            continue
        versions.add(index)
        if sheet.get("state") not in ResultState.values:
            errors.append(_('%(at)s: "state" must be one of %(values)s') % {"at": at, "values": ", ".join(ResultState.values)})
        if sheet.get("source") not in ResultSource.values:
            errors.append(_('%(at)s: "source" must be one of %(values)s') % {"at": at, "values": ", ".join(ResultSource.values)})
        _time(sheet, "at", at, errors)
        for key in ("submitted_by", "confirmed_by"):
            if key in sheet and not (isinstance(sheet[key], str) and sheet[key] in teams):
                errors.append(_('%(at)s: "%(key)s" must be a team of this table, not %(found)r')
                              % {"at": at, "key": key, "found": sheet[key]})
        if not text(sheet.get("by", ""), 150) or not text(sheet.get("reason", "")):
            errors.append(_('%(at)s: "by" and "reason" must be texts') % {"at": at})
        if not any(key in sheet for key in RESULT_FIELDS):
            errors.append(_("%(at)s: the sheet holds no result") % {"at": at})
        for problem in sheet_problems(system, teams, sheet):
            errors.append(f"{at}: {problem}")
    counted = {key: table[key] for key in (*RESULT_FIELDS, "stopped_by_clock") if key in table}
    last = sheets[-1] if sheets and isinstance(sheets[-1], dict) else None
    expected = ({key: last[key] for key in (*RESULT_FIELDS, "stopped_by_clock") if key in last}
                if last is not None and result_counts(last.get("state"), confirmed_counts) else {})
    if counted != expected:
        errors.append(_("%(where)s: the result in \"tables\" is not the version of its sheet that counts "
                        "(the file was edited by hand?)") % {"where": where})
    return versions


def _check_events(entry: dict, table: dict, versions: set[int], where: str, errors: list[str]) -> None:
    events = entry.get("events")
    if not isinstance(events, list):
        errors.append(_('%(where)s: "events" must be the list of the sheet\'s log') % {"where": where})
        return
    for index, event in enumerate(events, start=1):
        at = _("%(where)s, log entry %(number)s") % {"where": where, "number": index}
        if not isinstance(event, dict):
            errors.append(_("%(at)s: must be an object") % {"at": at})
            continue
        if event.get("kind") not in ResultEvent.Kind.values:
            errors.append(_('%(at)s: "kind" must be one of %(values)s') % {"at": at, "values": ", ".join(ResultEvent.Kind.values)})
        if event.get("source") not in ResultSource.values:
            errors.append(_('%(at)s: "source" must be one of %(values)s') % {"at": at, "values": ", ".join(ResultSource.values)})
        _time(event, "at", at, errors)
        if "version" in event and not (is_int(event["version"]) and event["version"] in versions):
            errors.append(_("%(at)s: the sheet has no version %(found)r") % {"at": at, "found": event["version"]})
        if "team" in event and not (isinstance(event["team"], str) and event["team"] in table["teams"]):
            errors.append(_('%(at)s: "team" must be a team of this table, not %(found)r') % {"at": at, "found": event["team"]})
        if not text(event.get("by", ""), 150) or not text(event.get("note", "")):
            errors.append(_('%(at)s: "by" and "note" must be texts') % {"at": at})


def _check_table_details(details: list, parsed: ParsedFile, errors: list[str]) -> None:
    tables = {(entry["round"], entry["table"]): entry for entry in parsed.tables}
    tokens: dict[str, str] = {}
    confirmed_counts = parsed.tournament.get("confirmed_counts", True)
    system = parsed.data["scoring"]
    for entry in details:
        key = (entry.get("round"), entry.get("table")) if isinstance(entry, dict) else None
        if key is None or not (is_int(key[0]) and is_int(key[1])) or key not in tables:
            errors.append(_('table_details: round %(round)r, table %(table)r is not a table of "tables"')
                          % {"round": key[0] if key else None, "table": key[1] if key else None})
            continue
        where = _("round %(round)s, table %(table)s") % {"round": key[0], "table": key[1]}
        if key in parsed.table_details:
            errors.append(_("%(where)s: its details are given twice") % {"where": where})
            continue
        parsed.table_details[key] = entry
        table = tables[key]
        token = entry.get("token")
        if not (isinstance(token, str) and re.fullmatch(TOKEN_PATTERN, token)):
            errors.append(_('%(where)s: "token" (the table\'s private link) is damaged') % {"where": where})
        elif token in tokens:
            errors.append(_("%(where)s: its private link is also the link of %(other)s") % {"where": where, "other": tokens[token]})
        else:
            tokens[token] = where
        codes = entry.get("codes")
        if not (isinstance(codes, dict) and sorted(codes) == sorted(table["teams"])
                and all(isinstance(code, str) and re.fullmatch(CODE_PATTERN, code) for code in codes.values())):
            errors.append(_('%(where)s: "codes" must give each seated team its six-digit code') % {"where": where})
        versions = _check_sheets(entry, table, where, confirmed_counts, system, errors)
        _check_events(entry, table, versions, where, errors)
    for key in sorted(set(tables) - set(parsed.table_details)):
        errors.append(_("round %(round)s, table %(table)s: its details (link, codes, sheets) are missing")
                      % {"round": key[0], "table": key[1]})


def _check_rulings(rulings: list, parsed: ParsedFile, errors: list[str]) -> None:
    for index, ruling in enumerate(rulings, start=1):
        where = _("ruling %(number)s") % {"number": index}
        if not isinstance(ruling, dict):
            errors.append(_("%(where)s: must be an object") % {"where": where})
            continue
        if "round" in ruling or "table" in ruling:
            if not (is_int(ruling.get("round")) and is_int(ruling.get("table"))) \
                    or (ruling["round"], ruling["table"]) not in parsed.table_details:
                errors.append(_("%(where)s: round %(round)r, table %(table)r is not a table of the file")
                              % {"where": where, "round": ruling.get("round"), "table": ruling.get("table")})
        _time(ruling, "at", where, errors)
        if not (isinstance(ruling.get("position"), dict) and isinstance(ruling.get("verdict"), (dict, list))):
            errors.append(_('%(where)s: "position" and "verdict" must be objects') % {"where": where})
        if not (text(ruling.get("code"), 300) and text(ruling.get("card"), 2) and text(ruling.get("claim"), 200)
                and text(ruling.get("note")) and text(ruling.get("by", ""), 150)):
            errors.append(_('%(where)s: "code", "card", "claim", "note" and "by" must be texts') % {"where": where})
        if not (is_int(ruling.get("seat")) and 0 <= ruling["seat"] <= 32767):
            errors.append(_('%(where)s: "seat" must be a seat number') % {"where": where})
        parsed.rulings.append(ruling)


def check_day(parsed: ParsedFile, errors: list[str]) -> None:
    """Check version 2's sections of ``parsed`` (whose version-1 sections are sound) and fill them in."""
    data = parsed.data
    shapes = {"tournament": dict}
    for key in SECTIONS:
        if not isinstance(data.get(key), shapes.get(key, list)):
            errors.append(_('"%(key)s" is missing or damaged: a version 2 file holds it') % {"key": key})
    if errors:
        return
    if "exported_at" in data:
        _time(data, "exported_at", '"exported_at"', errors)
    parsed.tournament = data["tournament"]
    parsed.clubs = data["clubs"]
    _check_tournament(data["tournament"], errors)
    _check_clubs(data["clubs"], parsed, errors)
    _check_team_details(data["team_details"], parsed, errors)
    _check_round_details(data["round_details"], parsed, errors)
    _check_table_details(data["table_details"], parsed, errors)
    _check_rulings(data["rulings"], parsed, errors)
