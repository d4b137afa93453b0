"""The tournament file of ``scoring.md``: a whole tournament as JSON, for backup and moving.

:func:`read_file` checks everything and collects every problem — naming round, table and team —
before :func:`import_file` writes anything, in one transaction and in bulk: one insert per kind
of row (teams, players, rounds, tables, seats, results, byes), so the number of queries does not
grow with the size of the tournament. :func:`export_file` writes what
:func:`import_file` reads, so export → import → export gives the same file.

Additions to the contract (optional fields): ``venue``, ``teams_per_table`` (3 for six-player
boards), ``points`` (the pawn-order points list when it is not the default), and
``stopped_by_clock`` on a table.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Prefetch
from django.utils.text import slugify

import scoring
from engine.errors import EngineError
from engine.house_rules import parse_house_rules
from tournaments.models import (
    NAME_MAX_LENGTH,
    Bye,
    Result,
    ResultSource,
    Round,
    RoundStatus,
    Table,
    TableSeat,
    Tournament,
)
from tournaments.services.results import from_sheet, to_sheet
from tournaments.services.standings import team_key
from tournaments.services.teams import TeamData, register_teams, whole_batches
from tournaments.signals import bump

FORMAT = "keezen-tournament"
VERSION = 1
RESULT_FIELDS = ("arrivals", "pawns_home", "home", "forfeit")


class InvalidTournamentFile(ValueError):
    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass
class ParsedFile:
    data: dict
    rules: Any
    teams: list[dict] = field(default_factory=list)
    tables: list[dict] = field(default_factory=list)
    byes: list[dict] = field(default_factory=list)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_top(data: dict, errors: list[str]) -> Any:
    if data.get("format") != FORMAT:
        errors.append(f'"format" must be "{FORMAT}"')
    if data.get("version") != VERSION:
        errors.append(f'"version" must be {VERSION}; this program reads version {VERSION} files')
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX_LENGTH:
        errors.append(f'"name" must be the tournament\'s name (1 to {NAME_MAX_LENGTH} characters)')
    if "date" in data:
        try:
            datetime.date.fromisoformat(str(data["date"]))
        except ValueError:
            errors.append(f'"date" must be a date like 2026-11-21, not {data["date"]!r}')
    if data.get("scoring") not in scoring.SYSTEMS:
        errors.append(f'"scoring" must be one of {", ".join(scoring.SYSTEMS)}, not {data.get("scoring")!r}')
    for key, low, high in (("rounds", 1, 20), ("round_minutes", 5, 240), ("teams_per_table", 2, 3)):
        if key in data and not (_is_int(data[key]) and low <= data[key] <= high):
            errors.append(f'"{key}" must be a whole number from {low} to {high}, not {data[key]!r}')
    if "seed" in data and not (_is_int(data["seed"]) and data["seed"] > 0):
        errors.append(f'"seed" must be a positive whole number, not {data["seed"]!r}')
    if "points" in data and not (
        isinstance(data["points"], list) and data["points"] and all(_is_int(p) and p >= 0 for p in data["points"])
    ):
        errors.append('"points" must be a list of whole numbers (the points of the 1st, 2nd, … pawn home)')
    try:
        return parse_house_rules(data.get("rules"))
    except EngineError as error:
        errors.append(f'"rules": {error}')
        return None


def _check_teams(data: dict, errors: list[str]) -> dict[str, dict]:
    teams = data.get("teams")
    if not isinstance(teams, list) or not teams:
        errors.append('"teams" must be a list of teams')
        return {}
    by_id: dict[str, dict] = {}
    names: dict[str, str] = {}
    for number, team in enumerate(teams, start=1):
        where = f"team {number}"
        if not isinstance(team, dict):
            errors.append(f"{where}: must be an object with id, name and players")
            continue
        team_id = team.get("id")
        if not isinstance(team_id, str) or not team_id.strip():
            errors.append(f"{where}: \"id\" must be a non-empty text")
            continue
        where = f"team {team_id}"
        if team_id in by_id:
            errors.append(f"{where}: the id is used twice")
        name = team.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX_LENGTH:
            errors.append(f"{where}: \"name\" must be the team's name (1 to {NAME_MAX_LENGTH} characters)")
        elif name.strip().casefold() in names:
            errors.append(f"{where}: the name “{name}” is also the name of team {names[name.strip().casefold()]}")
        else:
            names[name.strip().casefold()] = team_id
        players = team.get("players")
        if not (isinstance(players, list) and len(players) == 2
                and all(isinstance(p, str) and p.strip() and len(p) <= NAME_MAX_LENGTH for p in players)):
            errors.append(f"{where}: \"players\" must be the two players' names")
        if "club" in team and not isinstance(team["club"], str):
            errors.append(f"{where}: \"club\" must be a text")
        by_id[team_id] = team
    return by_id


def _check_tables(data: dict, by_id: dict[str, dict], system: str, errors: list[str]) -> tuple[list, list]:
    entries = data.get("tables", [])
    if not isinstance(entries, list):
        errors.append('"tables" must be a list')
        return [], []
    rounds = data.get("rounds", 3) if _is_int(data.get("rounds")) else 3
    tables, byes = [], []
    seen_tables: set[tuple[int, int]] = set()
    seated: dict[tuple[int, str], str] = {}
    bye_of: dict[str, int] = {}
    for entry in entries:
        if not isinstance(entry, dict):
            errors.append("tables: every entry must be an object")
            continue
        round_no = entry.get("round")
        if not (_is_int(round_no) and 1 <= round_no <= rounds):
            errors.append(f"tables: \"round\" must be a round from 1 to {rounds}, not {round_no!r}")
            continue
        if "bye" in entry:
            team_id = entry["bye"]
            where = f"round {round_no}, bye"
            if team_id not in by_id:
                errors.append(f"{where}: team {team_id} is not in the list of teams")
            elif team_id in bye_of:
                errors.append(f"{where}: team {team_id} already has a bye in round {bye_of[team_id]}; a team gets at most one")
            elif (round_no, team_id) in seated:
                errors.append(f"{where}: team {team_id} also sits at {seated[(round_no, team_id)]}")
            else:
                bye_of[team_id] = round_no
                seated[(round_no, team_id)] = "a bye"
                byes.append(entry)
            continue
        number = entry.get("table")
        if not (_is_int(number) and number >= 1):
            errors.append(f"round {round_no}: \"table\" must be a table number, not {number!r}")
            continue
        where = f"round {round_no}, table {number}"
        if (round_no, number) in seen_tables:
            errors.append(f"{where}: the table appears twice")
            continue
        seen_tables.add((round_no, number))
        teams = entry.get("teams")
        if not (isinstance(teams, list) and len(teams) in (2, 3) and all(isinstance(t, str) for t in teams)):
            errors.append(f"{where}: \"teams\" must list the 2 or 3 seated teams")
            continue
        bad = False
        for team_id in teams:
            if team_id not in by_id:
                errors.append(f"{where}, team {team_id}: not in the list of teams")
                bad = True
            elif (round_no, team_id) in seated:
                errors.append(f"{where}, team {team_id}: already at {seated[(round_no, team_id)]} in this round")
                bad = True
            else:
                seated[(round_no, team_id)] = f"table {number}"
        if bad:
            continue
        filled = [key for key in RESULT_FIELDS if key in entry]
        if filled:
            sheet = scoring.Sheet(
                teams=tuple(teams), arrivals=entry.get("arrivals"), pawns_home=entry.get("pawns_home"),
                home=entry.get("home"), forfeit=entry.get("forfeit"),
                stopped_by_clock=bool(entry.get("stopped_by_clock")),
            )
            for problem in scoring.validate(system, sheet):
                errors.append(f"{where}: {problem.message}")
        tables.append(entry)
    return tables, byes


def read_file(data: Any) -> ParsedFile:
    """Check a decoded tournament file; raises InvalidTournamentFile listing every problem."""
    if not isinstance(data, dict):
        raise InvalidTournamentFile(["the file must hold one JSON object"])
    errors: list[str] = []
    rules = _check_top(data, errors)
    by_id = _check_teams(data, errors)
    tables, byes = _check_tables(data, by_id, data.get("scoring"), errors) if data.get("scoring") in scoring.SYSTEMS else ([], [])
    if errors:
        raise InvalidTournamentFile(errors)
    return ParsedFile(data=data, rules=rules, teams=list(by_id.values()), tables=tables, byes=byes)


def _unique_slug(name: str) -> str:
    base = slugify(name)[:50] or "tournament"
    slug, suffix = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


def _team_numbers(teams: list[dict]) -> list[int]:
    found = [re.fullmatch(r"T([1-9]\d{0,8})", team["id"]) for team in teams]
    if all(found) and len({int(m.group(1)) for m in found}) == len(found):
        return [int(m.group(1)) for m in found]
    return list(range(1, len(teams) + 1))


@transaction.atomic
def import_file(data: Any) -> Tournament:
    """Create the tournament of a file (checked whole first); returns it."""
    parsed = read_file(data)
    data = parsed.data
    teams_per_table = data.get("teams_per_table") or (
        3 if any(len(t["teams"]) == 3 for t in parsed.tables) else 2
    )
    fields: dict[str, Any] = {
        "name": data["name"].strip(), "slug": _unique_slug(data["name"]),
        "date": datetime.date.fromisoformat(data["date"]) if "date" in data else datetime.date.today(),
        "venue": data.get("venue", ""), "scoring_system": data["scoring"],
        "rounds": data.get("rounds", 3), "round_minutes": data.get("round_minutes", 45),
        "teams_per_table": teams_per_table, **parsed.rules.as_json(),
    }
    if "seed" in data:
        fields["seed"] = data["seed"]
    if "points" in data:
        fields["pawn_points"] = data["points"]
    tournament = Tournament.objects.create(**fields)
    numbers = _team_numbers(parsed.teams)
    created = register_teams(tournament, [
        TeamData(name=t["name"].strip(), players=(t["players"][0].strip(), t["players"][1].strip()),
                 club=t.get("club", ""), number=n)
        for t, n in zip(parsed.teams, numbers)
    ])
    team_of = {t["id"]: team for t, team in zip(parsed.teams, created)}
    tables = sorted(parsed.tables, key=lambda e: (e["round"], e["table"]))
    # A round is finished when every table of it has a sheet (or it has only byes), else published.
    unplayed = {entry["round"] for entry in tables if not any(key in entry for key in RESULT_FIELDS)}
    round_numbers = sorted({entry["round"] for entry in tables} | {entry["round"] for entry in parsed.byes})
    with whole_batches():
        rounds = dict(zip(round_numbers, Round.objects.bulk_create([
            Round(tournament=tournament, number=number, minutes=tournament.round_minutes,
                  status=RoundStatus.PUBLISHED if number in unplayed else RoundStatus.FINISHED)
            for number in round_numbers
        ])))
        table_objects = Table.objects.bulk_create([
            Table(round=rounds[entry["round"]], number=entry["table"]) for entry in tables
        ])
        TableSeat.objects.bulk_create([
            TableSeat(table=table, round=rounds[entry["round"]], team=team_of[team_id], position=position)
            for entry, table in zip(tables, table_objects)
            for position, team_id in enumerate(entry["teams"], start=1)
        ])
        Result.objects.bulk_create([
            Result(table=table, version=1, source=ResultSource.IMPORT, sheet=from_sheet(entry["teams"], entry))
            for entry, table in zip(tables, table_objects)
            if any(key in entry for key in RESULT_FIELDS)
        ])
        Bye.objects.bulk_create([
            Bye(round=rounds[entry["round"]], team=team_of[entry["bye"]]) for entry in parsed.byes
        ])
    # bulk_create sends no post_save: raise the results version as tournaments/signals.py would.
    bump(pk=tournament.pk)
    return tournament


def export_file(tournament: Tournament) -> dict[str, Any]:
    """The tournament as a file that :func:`import_file` reads back to the same tournament."""
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "name": tournament.name, "date": tournament.date.isoformat(),
        "scoring": tournament.scoring_system, "rounds": tournament.rounds, "round_minutes": tournament.round_minutes,
        "seed": tournament.seed, "rules": tournament.house_rules.as_json(),
    }
    if tournament.venue:
        data["venue"] = tournament.venue
    if tournament.teams_per_table != 2:
        data["teams_per_table"] = tournament.teams_per_table
    if tournament.points_list != scoring.DEFAULT_PAWN_ORDER_POINTS:
        data["points"] = list(tournament.points_list)
    teams = list(tournament.teams.with_people().order_by("number"))
    data["teams"] = []
    for team in teams:
        entry = {"id": team_key(team), "name": team.name, "players": team.player_names}
        if team.club:
            entry["club"] = team.club.name
        data["teams"].append(entry)
    data["tables"] = []
    rounds = tournament.round_set.order_by("number").prefetch_related(
        Prefetch("tables", queryset=Table.objects.order_by("number").with_sheets()), "byes__team"
    )
    for round_ in rounds:
        for table in round_.tables.all():
            keys = [team_key(seat.team) for seat in table.seats.all()]
            entry = {"round": round_.number, "table": table.number, "teams": keys}
            current = table.current_sheet
            if current is not None:
                sheet = to_sheet(keys, current.sheet)
                for key in ("arrivals", "pawns_home", "home", "forfeit"):
                    value = getattr(sheet, key)
                    if value is not None:
                        entry[key] = list(value) if key == "arrivals" else value
                if sheet.stopped_by_clock:
                    entry["stopped_by_clock"] = True
            data["tables"].append(entry)
        for bye in sorted(round_.byes.all(), key=lambda b: b.team.number):
            data["tables"].append({"round": round_.number, "bye": team_key(bye.team)})
    return data
