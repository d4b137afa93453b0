"""Writing the tournament file: every row of a tournament as the JSON of ``scoring.md``.

Why in a fixed shape and order: the file is the backup. Export → import into an empty database →
export gives the same bytes apart from ``exported_at`` (tests compare them), so every list is in
a stable order (team number, round, table, version, time) and every stored JSON value (sheets,
frozen standings, rulings) is written with sorted keys — PostgreSQL's ``jsonb`` does not keep
the order it was given.

Version 1's sections (``teams``, ``tables``) keep their shape: a table's result there is the sheet
that counts in the standings now, so a version-1 reader sees the standings of the day. Version 2
adds sections beside them that hold the rest of a running day (see :mod:`.spec`), then each
registered section (:mod:`.sections`) whose export gives a value — ``door`` (the entry fee and its
payments) only for a tournament that asks a fee, ``prizes`` only for one that has any. An individual
tournament writes ``"entry": "individual"``, ``players`` instead of ``teams`` and tables of
``pairs`` whose results are the stored lists in pair order (:mod:`.sides`).
"""

from __future__ import annotations

import datetime
import json
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import F, Value
from django.utils import timezone

import scoring
from tournaments.models import (
    Bye, MissedRounds, Player, Result, ResultEvent, Round, Ruling, Table, TableSeat, Team, Tournament,
)
from tournaments.services.sheet_states import result_counts
from tournaments.services.standings import team_key
from tournaments.services.tournament_file.sections import ExportContext, keyed, player_ref
from tournaments.services.tournament_file.sides import indexed
from tournaments.services.tournament_file.spec import FORMAT, VERSION


def when(moment: datetime.datetime | None) -> str | None:
    """A moment as the file writes it: ISO 8601 in UTC (``None`` stays ``None``)."""
    return moment.astimezone(datetime.timezone.utc).isoformat() if moment is not None else None


def _sorted_json(value: Any) -> Any:
    """A stored JSON value with its keys in sorted order, whatever the database gave back."""
    return json.loads(json.dumps(value, sort_keys=True))


def dumps(data: dict[str, Any]) -> str:
    """The file's text: UTF-8 JSON, two-space indent (what the commands print and backups hold)."""
    return json.dumps(data, ensure_ascii=False, indent=2)


def _sheet_entry(row: dict[str, Any], keys: list[Any], fields: Callable[[dict], dict]) -> dict[str, Any]:
    entry: dict[str, Any] = {"version": row["version"], "state": row["state"], "source": row["source"],
                             "at": when(row["created_at"])}
    if row["by"]:
        entry["by"] = row["by"]
    if row["submitted_by"]:
        entry["submitted_by"] = keys[row["submitted_by"] - 1]
    if row["confirmed_by"]:
        entry["confirmed_by"] = keys[row["confirmed_by"] - 1]
    if row["reason"]:
        entry["reason"] = row["reason"]
    entry.update(fields(row["sheet"]))
    return entry


def _event_entry(row: dict[str, Any], keys: list[Any], versions: dict[int, int]) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": row["kind"], "source": row["source"], "at": when(row["created_at"])}
    if row["result_id"] is not None:
        entry["version"] = versions[row["result_id"]]
    if row["seat"]:
        entry["team"] = keys[row["seat"] - 1]
    if row["by"]:
        entry["by"] = row["by"]
    if row["note"]:
        entry["note"] = row["note"]
    return entry


def _tournament_section(tournament: Tournament) -> dict[str, Any]:
    section: dict[str, Any] = {
        "slug": tournament.slug, "status": tournament.status, "hidden": tournament.hidden,
        "archived": tournament.archived, "created_at": when(tournament.created_at),
        "public_names": tournament.public_names, "language": tournament.language, "three_team_table": tournament.three_team_table,
        "avoid_same_club": tournament.avoid_same_club, "entry_grace_minutes": tournament.entry_grace_minutes,
        "confirmed_counts": tournament.confirmed_counts, "backup_key": tournament.backup_key,
    }
    if tournament.frozen_standings is not None:
        section["frozen_standings"] = _sorted_json(tournament.frozen_standings)
    return section


@contextmanager
def one_moment() -> Iterator[None]:
    """Every query inside reads the database as it was at one moment, also while sheets arrive
    (a backup is exported in a background thread while the phones write), and holds up no writer.

    - PostgreSQL: one read-only transaction, REPEATABLE READ (its default gives each query its own
      moment); readers never wait for writers there, nor writers for readers.
    - SQLite: a deferred transaction, begun in SQL. In WAL mode it reads one snapshot and takes no
      lock a writer waits for. ``transaction.atomic()`` would begin it IMMEDIATE (the settings'
      ``transaction_mode``, which keeps two writers from deadlocking), and then every sheet sent
      during an export waited for the whole export: about 150 ms on a 250-team day
      (``make bench-backup``).
    - Inside a transaction that has begun, that one is used as it is."""
    if connection.in_atomic_block:
        yield
        return
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("BEGIN DEFERRED")  # autocommit mode: Python's sqlite3 leaves it to us
            try:
                yield
            finally:
                cursor.execute("COMMIT")  # nothing was written: it ends the read
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def export_file(tournament: Tournament, version: int = VERSION) -> dict[str, Any]:
    """The tournament as a file that ``import_file`` reads back to the same tournament, read at one
    moment (:func:`one_moment`).

    ``version=1`` writes the file of version 1 only (teams and the results that count)."""
    with one_moment():
        fresh = Tournament.objects.get(pk=tournament.pk)  # the settings and status of the same moment
        return _export(fresh, version)


def _export(tournament: Tournament, version: int) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "version": version}
    if version >= 2:
        data["exported_at"] = when(timezone.now())
    game = tournament.plugin
    if not game.file_default:  # a file without "game" is of the default game (klaverjas.md)
        data["game"] = game.game
    data.update({
        "name": tournament.name, "date": tournament.date.isoformat(), "scoring": tournament.scoring_system,
        "rounds": tournament.rounds, "round_minutes": tournament.round_minutes, "seed": tournament.seed,
        "rules": game.file_rules(tournament),
    })
    if game.file_writes_deals:
        data["deals"] = tournament.deals
    if tournament.venue:
        data["venue"] = tournament.venue
    if tournament.teams_per_table != 2:
        data["teams_per_table"] = tournament.teams_per_table
    if tournament.points_list != scoring.DEFAULT_PAWN_ORDER_POINTS:
        data["points"] = list(tournament.points_list)
    if tournament.absent_pawns:  # an addition to scoring.md, only where it is not scoring.md's own 0
        data["absent_pawns"] = tournament.absent_pawns

    rows = _rows(tournament)
    individual = tournament.individual
    key_of = {team["pk"]: team_key(Team(number=team["number"]), individual) for team in rows.teams}
    if individual:
        data["entry"] = tournament.entry
    data["players" if individual else "teams"] = [_entrant(team, key_of, rows, individual) for team in rows.teams]

    data["tables"], details = [], []
    for round_ in rows.rounds:
        if round_["final"] and version < 2:  # version 1 is the standings of the day: the Swiss rounds
            continue
        for table in rows.tables[round_["pk"]]:
            seats = rows.seats[table["pk"]]
            entry: dict[str, Any] = {"round": round_["number"], "table": table["number"]}
            if individual:  # a side is the pair at a position; the file names it by its index
                by_position: dict[int, list[str]] = defaultdict(list)
                for position, team_id, _code in seats:
                    by_position[position].append(key_of[team_id])
                entry["pairs"] = list(by_position.values())
                keys: list[Any] = list(range(len(by_position)))
                fields: Callable[[dict], dict] = indexed
            else:
                entry["teams"] = keys = [key_of[team_id] for _position, team_id, _code in seats]
                fields = partial(game.to_file, keys)
            sheets = rows.sheets[table["pk"]]
            if sheets and result_counts(sheets[-1]["state"], tournament.confirmed_counts):
                entry.update(fields(sheets[-1]["sheet"]))
            data["tables"].append(entry)
            number_of = {sheet["pk"]: sheet["version"] for sheet in sheets}
            details.append({
                "round": round_["number"], "table": table["number"], "token": table["token"],
                "codes": {key_of[team_id]: code for _position, team_id, code in seats},
                "sheets": [_sheet_entry(sheet, keys, fields) for sheet in sheets],
                "events": [_event_entry(event, keys, number_of) for event in rows.events[table["pk"]]],
            })
        for team_id in sorted(rows.byes[round_["pk"]], key=lambda pk: rows.number_of[pk]):
            data["tables"].append({"round": round_["number"], "bye": key_of[team_id]})
    if version < 2:
        return data

    data["tournament"] = _tournament_section(tournament)
    if individual:
        data["tournament"]["draw_mode"] = tournament.draw_mode
    if tournament.missed_rounds != MissedRounds.RANKED:  # an optional addition: files of the default stay as they were
        data["tournament"]["missed_rounds"] = tournament.missed_rounds
    clubs = {team["club__name"]: team["club__town"] for team in rows.teams if team["club__name"]}
    data["clubs"] = [{"name": name, "town": clubs[name]} for name in sorted(clubs)]
    data["team_details"] = [{
        "team": key_of[team["pk"]], "number": team["number"], "checked_in": team["checked_in"],
        "checked_in_at": when(team["checked_in_at"]), "withdrawn": team["withdrawn"],
        "registered_at": when(team["registered_at"]), "pass": team["pass_token"],
    } for team in rows.teams]
    data["round_details"] = [{
        "round": round_["number"], "status": round_["status"], "minutes": round_["minutes"],
        "started_at": when(round_["started_at"]), "clock_ends_at": when(round_["clock_ends_at"]),
        "clock_paused_left": round_["clock_paused_left"],
    } for round_ in rows.rounds]
    data["table_details"] = details
    table_at = {table["pk"]: (round_["number"], table["number"])
                for round_ in rows.rounds for table in rows.tables[round_["pk"]]}
    data["rulings"] = [_ruling_entry(ruling, table_at) for ruling in rows.rulings]
    context = ExportContext(tournament=tournament, individual=individual, key_of=key_of, number_of=rows.number_of)
    for section in keyed():  # None: the tournament does not use the app, and its file stays as it was
        value = section.export(context) if section.export is not None else None
        if value is not None:
            data[section.key] = value
    return data


def _entrant(team: dict[str, Any], key_of: dict[int, str], rows: _Rows, individual: bool) -> dict[str, Any]:
    """A team of ``teams`` — or in an individual file a player of ``players``, whose name is the entrant's."""
    entry = {"id": key_of[team["pk"]], "name": team["name"]}
    players = rows.players[team["pk"]]
    if not individual:  # a player with a person of the register names it (competition.md)
        entry["players"] = [{"name": name, "person": ref} if ref else name for name, ref in players]
    if team["club__name"]:
        entry["club"] = team["club__name"]
    if individual and players and players[0][1]:
        entry["person"] = players[0][1]
    return entry


def _ruling_entry(row: dict[str, Any], table_at: dict[int, tuple[int, int]]) -> dict[str, Any]:
    entry: dict[str, Any] = {"at": when(row["created_at"])}
    if row["by"]:
        entry["by"] = row["by"]
    if row["table_id"] is not None:
        entry.update(dict(zip(("round", "table"), table_at[row["table_id"]])))
    entry.update({
        "position": _sorted_json(row["position"]), "code": row["code"], "seat": row["seat"], "card": row["card"],
        "claim": row["claim"], "verdict": _sorted_json(row["verdict"]), "note": row["note"],
    })
    return entry


@dataclass
class _Rows:
    """The tournament's rows as plain values, grouped by what they belong to: ten queries, no model
    instances (an export runs in the background while phones are served; it should cost little)."""

    teams: list[dict]
    players: dict[int, list[tuple[str, str]]]  # team pk → (name, person id or "") in seat order
    number_of: dict[int, int]
    rounds: list[dict]
    tables: dict[int, list[dict]] = field(default_factory=lambda: defaultdict(list))
    seats: dict[int, list[tuple[int, int, str]]] = field(default_factory=lambda: defaultdict(list))  # (position, team, code)
    sheets: dict[int, list[dict]] = field(default_factory=lambda: defaultdict(list))
    events: dict[int, list[dict]] = field(default_factory=lambda: defaultdict(list))
    byes: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    rulings: list[dict] = field(default_factory=list)


def _rows(tournament: Tournament) -> _Rows:
    by = f"__{get_user_model().USERNAME_FIELD}"
    teams = list(Team.objects.filter(tournament=tournament).order_by("number").values(
        "pk", "number", "name", "club__name", "club__town", "checked_in", "checked_in_at", "withdrawn",
        "registered_at", "pass_token"))
    players: dict[int, list[tuple[str, str]]] = defaultdict(list)
    refs = player_ref()  # who of the club's register a player is, when an app keeps one
    for team_id, name, ref in Player.objects.filter(team__tournament=tournament).order_by("team_id", "seat") \
            .values_list("team_id", "name", refs.lookup if refs is not None else Value("")):
        players[team_id].append((name, ref or ""))
    rows = _Rows(teams=teams, players=players, number_of={team["pk"]: team["number"] for team in teams},
                 rounds=list(Round.objects.filter(tournament=tournament).order_by("number").values(
                     "pk", "number", "status", "minutes", "started_at", "clock_ends_at", "clock_paused_left", "final")))
    in_tournament = {"round__tournament": tournament}
    for table in Table.objects.filter(**in_tournament).order_by("number").values("pk", "round_id", "number", "token"):
        rows.tables[table["round_id"]].append(table)
    for table_id, position, team_id, code in TableSeat.objects.filter(**in_tournament) \
            .order_by("table_id", "position", "member").values_list("table_id", "position", "team_id", "code"):
        rows.seats[table_id].append((position, team_id, code))
    in_tables = {"table__round__tournament": tournament}
    for sheet in Result.objects.filter(**in_tables).order_by("table_id", "version").values(
            "pk", "table_id", "version", "state", "source", "created_at", "submitted_by", "confirmed_by", "reason",
            "sheet", by=F(f"created_by{by}")):
        rows.sheets[sheet["table_id"]].append(sheet)
    for event in ResultEvent.objects.filter(**in_tables).order_by("created_at", "pk").values(
            "table_id", "result_id", "kind", "source", "created_at", "seat", "note", by=F(f"user{by}")):
        rows.events[event["table_id"]].append(event)
    for round_id, team_id in Bye.objects.filter(**in_tournament).values_list("round_id", "team_id"):
        rows.byes[round_id].append(team_id)
    rows.rulings = list(Ruling.objects.filter(tournament=tournament).order_by("created_at", "pk").values(
        "created_at", "table_id", "position", "code", "seat", "card", "claim", "verdict", "note",
        by=F(f"created_by{by}")))
    return rows
