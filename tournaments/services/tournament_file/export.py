"""Writing the tournament file: every row of a tournament as the JSON of ``scoring.md``.

Why in a fixed shape and order: the file is the backup. Export → import into an empty database →
export gives the same bytes apart from ``exported_at`` (tests compare them), so every list is in
a stable order (team number, round, table, version, time) and every stored JSON value (sheets,
frozen standings, rulings) is written with sorted keys — PostgreSQL's ``jsonb`` does not keep
the order it was given.

Version 1's sections (``teams``, ``tables``) keep their shape: a table's result there is the sheet
that counts in the standings now, so a version-1 reader sees the standings of the day. Version 2
adds sections beside them that hold the rest of a running day (see :mod:`.spec`).
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

import scoring
from tournaments.models import Result, ResultEvent, Ruling, Table, Tournament
from tournaments.services.sheet_states import result_counts
from tournaments.services.standings import team_key
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


def team_sheet(keys: list[str], sheet: dict[str, Any]) -> dict[str, Any]:
    """The result fields of a stored (seat-indexed) sheet, keyed by the seated teams' ids."""
    out: dict[str, Any] = {}
    if sheet.get("arrivals") is not None:
        out["arrivals"] = [keys[seat] for seat in sheet["arrivals"]]
    if sheet.get("pawns_home") is not None:
        out["pawns_home"] = dict(zip(keys, sheet["pawns_home"]))
    if sheet.get("home") is not None:
        out["home"] = dict(zip(keys, sheet["home"]))
    if sheet.get("forfeit") is not None:
        out["forfeit"] = keys[sheet["forfeit"]]
    if sheet.get("stopped_by_clock"):
        out["stopped_by_clock"] = True
    return out


def _user(user) -> dict[str, str]:
    return {"by": user.get_username()} if user is not None else {}


def _sheet_entry(result: Result, keys: list[str]) -> dict[str, Any]:
    entry: dict[str, Any] = {"version": result.version, "state": result.state, "source": result.source,
                             "at": when(result.created_at), **_user(result.created_by)}
    if result.submitted_by:
        entry["submitted_by"] = keys[result.submitted_by - 1]
    if result.confirmed_by:
        entry["confirmed_by"] = keys[result.confirmed_by - 1]
    if result.reason:
        entry["reason"] = result.reason
    entry.update(team_sheet(keys, result.sheet))
    return entry


def _event_entry(event: ResultEvent, keys: list[str], versions: dict[int, int]) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": event.kind, "source": event.source, "at": when(event.created_at)}
    if event.result_id is not None:
        entry["version"] = versions[event.result_id]
    if event.seat:
        entry["team"] = keys[event.seat - 1]
    entry.update(_user(event.user))
    if event.note:
        entry["note"] = event.note
    return entry


def _tournament_section(tournament: Tournament) -> dict[str, Any]:
    section: dict[str, Any] = {
        "slug": tournament.slug, "status": tournament.status, "hidden": tournament.hidden,
        "archived": tournament.archived, "created_at": when(tournament.created_at),
        "public_names": tournament.public_names, "three_team_table": tournament.three_team_table,
        "avoid_same_club": tournament.avoid_same_club, "entry_grace_minutes": tournament.entry_grace_minutes,
        "confirmed_counts": tournament.confirmed_counts,
    }
    if tournament.frozen_standings is not None:
        section["frozen_standings"] = _sorted_json(tournament.frozen_standings)
    return section


def export_file(tournament: Tournament, version: int = VERSION) -> dict[str, Any]:
    """The tournament as a file that ``import_file`` reads back to the same tournament.

    ``version=1`` writes the file of version 1 only (teams and the results that count)."""
    data: dict[str, Any] = {"format": FORMAT, "version": version}
    if version >= 2:
        data["exported_at"] = when(timezone.now())
    data.update({
        "name": tournament.name, "date": tournament.date.isoformat(), "scoring": tournament.scoring_system,
        "rounds": tournament.rounds, "round_minutes": tournament.round_minutes, "seed": tournament.seed,
        "rules": tournament.house_rules.as_json(),
    })
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

    versions = Result.objects.select_related("created_by").order_by("version")
    events = ResultEvent.objects.select_related("user").order_by("created_at", "pk")
    rounds = list(tournament.round_set.order_by("number").prefetch_related(
        Prefetch("tables", queryset=Table.objects.order_by("number").with_seats().prefetch_related(
            Prefetch("results", queryset=versions, to_attr="versions_oldest_first"),
            Prefetch("events", queryset=events, to_attr="events_in_order"),
        )),
        "byes__team",
    ))
    data["tables"], details = [], []
    for round_ in rounds:
        for table in round_.tables.all():
            keys = [team_key(seat.team) for seat in table.seats.all()]
            entry: dict[str, Any] = {"round": round_.number, "table": table.number, "teams": keys}
            sheets = table.versions_oldest_first
            if sheets and result_counts(sheets[-1].state, tournament.confirmed_counts):
                entry.update(team_sheet(keys, sheets[-1].sheet))
            data["tables"].append(entry)
            number_of = {result.pk: result.version for result in sheets}
            details.append({
                "round": round_.number, "table": table.number, "token": table.token,
                "codes": {key: seat.code for key, seat in zip(keys, table.seats.all())},
                "sheets": [_sheet_entry(result, keys) for result in sheets],
                "events": [_event_entry(event, keys, number_of) for event in table.events_in_order],
            })
        for bye in sorted(round_.byes.all(), key=lambda b: b.team.number):
            data["tables"].append({"round": round_.number, "bye": team_key(bye.team)})
    if version < 2:
        return data

    data["tournament"] = _tournament_section(tournament)
    clubs = sorted({team.club.name: team.club for team in teams if team.club}.values(), key=lambda c: c.name)
    data["clubs"] = [{"name": club.name, "town": club.town} for club in clubs]
    data["team_details"] = [{
        "team": team_key(team), "number": team.number, "checked_in": team.checked_in,
        "checked_in_at": when(team.checked_in_at), "withdrawn": team.withdrawn,
        "registered_at": when(team.registered_at),
    } for team in teams]
    data["round_details"] = [{
        "round": round_.number, "status": round_.status, "minutes": round_.minutes,
        "started_at": when(round_.started_at), "clock_ends_at": when(round_.clock_ends_at),
        "clock_paused_left": round_.clock_paused_left,
    } for round_ in rounds]
    data["table_details"] = details
    data["rulings"] = [_ruling_entry(ruling) for ruling in Ruling.objects.filter(tournament=tournament)
                       .select_related("table__round", "created_by").order_by("created_at", "pk")]
    return data


def _ruling_entry(ruling: Ruling) -> dict[str, Any]:
    entry: dict[str, Any] = {"at": when(ruling.created_at), **_user(ruling.created_by)}
    if ruling.table is not None:
        entry.update({"round": ruling.table.round.number, "table": ruling.table.number})
    entry.update({
        "position": _sorted_json(ruling.position), "code": ruling.code, "seat": ruling.seat, "card": ruling.card,
        "claim": ruling.claim, "verdict": _sorted_json(ruling.verdict), "note": ruling.note,
    })
    return entry
