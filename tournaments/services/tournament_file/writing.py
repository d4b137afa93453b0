"""Writing a checked tournament file into the database: as it is, over the tournament it came
from (a restore), or beside it as a copy.

Everything is checked first (:func:`~.checks.read_file`), then written in one transaction and in
bulk — one insert per kind of row (teams, players, rounds, tables, seats, sheet versions, their
log, byes, rulings, then each registered section the file has, such as the entry fee with its
payments and the prizes with their categories: :mod:`.sections`) — so the number of queries does
not grow with the size of the tournament and a refusal or a failure half-way leaves the database
exactly as it was. A restore keeps what sections keep of the tournament replaced that the file does
not hold (a competition's evenings).

The three ways in:

- :func:`import_file` — the ``import_tournament`` command of ``scoring.md``: a new tournament. A
  version-2 file whose tournament is already here (same short name) comes in as a copy.
- :func:`restore_file` — the tournament as the file has it, with its short name, table links, team
  codes and team passes, replacing the one the file is of (:func:`existing`: by its backup key, or the
  one of its short name for a file without a key), whose state is first saved as a backup. How a
  second laptop takes over: printed QR codes, team slips and the passes on the phones keep working.
- :func:`copy_file` — a copy beside the original: new name and short name, new table links, team
  codes and team passes, hidden from the public pages until the director shows it.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.models import (
    NAME_MAX_LENGTH,
    Bye,
    Club,
    Entry,
    Language,
    Result,
    ResultEvent,
    ResultSource,
    Round,
    RoundStatus,
    Ruling,
    Table,
    TableSeat,
    Team,
    Tournament,
)
from tournaments.models.rounds import new_table_token, new_team_code
from tournaments.services.teams import TeamData, clubs_by_name, register_teams, whole_batches
from tournaments.services.tournament_file.checks import InvalidTournamentFile, ParsedFile, read_file
from tournaments.services.tournament_file.kinds import moment
from tournaments.services.tournament_file.sections import WriteContext, keyed, player_ref, sections
from tournaments.services.tournament_file.sides import players_of, seated, side_keys, side_refs, stored_sheet
from tournaments.signals import bump

KEEP, NEW = "keep", "new"
"""Whether a written tournament keeps the file's table links, team codes and team passes or gets new ones."""


def existing(parsed: ParsedFile) -> Tournament | None:
    """The file's tournament in this database: the one with the file's backup key, when the file has
    one — a renamed tournament is still itself, a new tournament that took an old short name is not;
    by its short name for a file written before the key (version 2 files name both)."""
    key = parsed.tournament.get("backup_key")
    if key:
        return Tournament.objects.filter(backup_key=key).first()
    return Tournament.objects.filter(slug=parsed.slug).first() if parsed.slug else None


def import_file(data: Any) -> Tournament:
    """Create the tournament of a file (checked whole first); returns it. A version-2 file of a
    tournament that is already here becomes a copy (:func:`copy_file`)."""
    parsed = read_file(data)
    if parsed.version >= 2 and existing(parsed) is not None:
        return _write(parsed, copy=True)
    return _write(parsed)


def restore_file(data: Any) -> Tournament:
    """The tournament exactly as the file has it, replacing the one it is of (:func:`existing`; saved
    as a backup first) or created when there is none; links, codes and backup key kept."""
    parsed = read_file(data)
    if parsed.version < 2:
        raise InvalidTournamentFile([_("Only a version 2 file (a backup of this program) can be restored over a "
                                       "tournament; import a version 1 file as a new tournament instead.")])
    replaced = existing(parsed)
    _refuse_taken_links(parsed, replaced)  # before the backup of the one replaced: nothing happens on a refusal
    if replaced is not None:
        from tournaments.services import backups

        if replaced.archived:
            raise InvalidTournamentFile([_("“%(name)s” is archived: unarchive it before restoring over it.")
                                         % {"name": replaced.name}])
        try:
            backups.backup_now(replaced, reason="before-restore")
        except OSError as error:  # a full disk, a missing folder: keep what is here, and say so
            raise InvalidTournamentFile([_("The backup of “%(name)s” could not be written (%(error)s); nothing was "
                                           "restored.") % {"name": replaced.name, "error": error}]) from error
    return _write(parsed, replacing=replaced)


def copy_file(data: Any) -> Tournament:
    """A copy of the file's tournament beside any original: new name, short name, links and codes; hidden."""
    return _write(read_file(data), copy=True)


def _refuse_taken_links(parsed: ParsedFile, replaced: Tournament | None) -> None:
    """Refuse a file whose table links or team passes belong to another tournament here (a link opens
    one table, a pass one team's page)."""
    by_token = {entry["token"]: key for key, entry in parsed.table_details.items()}
    taken = Table.objects.filter(token__in=list(by_token)).select_related("round__tournament")
    if replaced is not None:
        taken = taken.exclude(round__tournament=replaced)
    errors = [
        _("round %(round)s, table %(table)s: its private link is the link of table %(other_table)s of round "
          "%(other_round)s of “%(tournament)s” here; restore into another database or import it as a copy")
        % {"round": by_token[table.token][0], "table": by_token[table.token][1], "other_table": table.number,
           "other_round": table.round.number, "tournament": table.round.tournament.name}
        for table in taken
    ]
    errors += _taken_passes(parsed, replaced)
    if errors:
        raise InvalidTournamentFile(errors)


def _taken_passes(parsed: ParsedFile, replaced: Tournament | None) -> list[str]:
    """A problem for each team of the file whose pass is the pass of a team of another tournament here,
    in the order of the file's teams."""
    by_pass = {details["pass"]: team_id for team_id, details in parsed.team_details.items() if "pass" in details}
    if not by_pass:
        return []
    taken = Team.objects.filter(pass_token__in=list(by_pass)).select_related("tournament")
    if replaced is not None:
        taken = taken.exclude(tournament=replaced)
    holder = {by_pass[team.pass_token]: team for team in taken}
    errors = []
    for entry in parsed.teams:
        team = holder.get(entry["id"])
        if team is None:
            continue
        where = (_("player %(player)s") % {"player": entry["id"]} if parsed.individual
                 else _("team %(team)s") % {"team": entry["id"]})
        errors.append(_("%(where)s, “%(name)s”: its pass is the pass of “%(other)s” (number %(number)s) of "
                        "“%(tournament)s” here; restore into another database or import it as a copy")
                      % {"where": where, "name": entry["name"], "other": team.name, "number": team.number,
                         "tournament": team.tournament.name})
    return errors


def _team_numbers(parsed: ParsedFile) -> list[int]:
    """Version 2 gives each team's number; version 1 takes it from ids like T12 (P12 for the players
    of an individual file) when they all are."""
    if parsed.team_details:
        return [parsed.team_details[team["id"]]["number"] for team in parsed.teams]
    prefix = "P" if parsed.individual else "T"
    found = [re.fullmatch(prefix + r"([1-9][0-9]{0,8})", team["id"]) for team in parsed.teams]
    if all(found) and len({int(m.group(1)) for m in found}) == len(found):
        return [int(m.group(1)) for m in found]
    return list(range(1, len(parsed.teams) + 1))


def _tournament_fields(parsed: ParsedFile, copy: bool, replacing: Tournament | None) -> dict[str, Any]:
    data = parsed.data
    three = any(len(side_keys(table)) == 3 for table in parsed.tables)
    # A team file without "teams_per_table" that seats three teams is a day of tables of three; an
    # individual tournament seats three pairs at a six-player board only with three_team_table.
    teams_per_table = data.get("teams_per_table") or (3 if three and not parsed.individual else 2)
    fields: dict[str, Any] = {
        "name": data["name"].strip(),
        "date": datetime.date.fromisoformat(data["date"]) if "date" in data else datetime.date.today(),
        "venue": data.get("venue", ""), "scoring_system": parsed.setup.system,
        "deals": data.get("deals", 16), "game_rules": dict(parsed.setup.rules),
        "absent_pawns": parsed.setup.absent_pawns,
        "rounds": data.get("rounds", 3), "round_minutes": data.get("round_minutes", 45),
        "teams_per_table": teams_per_table,
        "entry": Entry.INDIVIDUAL if parsed.individual else Entry.TEAMS,
    }
    if parsed.individual:
        fields["three_team_table"] = three  # version 2 gives the setting itself (below)
    if "seed" in data:
        fields["seed"] = data["seed"]
    if "points" in data:
        fields["pawn_points"] = data["points"]
    section = parsed.tournament
    if section:
        fields.update({key: section[key] for key in (
            "status", "hidden", "archived", "public_names", "three_team_table", "avoid_same_club",
            "entry_grace_minutes", "confirmed_counts")})
        if three and parsed.individual:  # a table of three pairs is there: the setting that allows it stays on
            fields["three_team_table"] = True
        fields["language"] = section.get("language", Language.DUTCH)
        if "draw_mode" in section:
            fields["draw_mode"] = section["draw_mode"]
        if "missed_rounds" in section:  # optional: a file without it ranks them as the default does
            fields["missed_rounds"] = section["missed_rounds"]
        fields["created_at"] = moment(section["created_at"])
        fields["frozen_standings"] = section.get("frozen_standings")
    if copy:
        room = NAME_MAX_LENGTH - len(_("%(name)s (copy)") % {"name": ""})
        fields["name"] = _("%(name)s (copy)") % {"name": fields["name"][:room].rstrip()}
        fields["hidden"] = True
    # The backup folder (services/backups.py) stays the tournament's: a restore keeps the key of the one
    # it replaces, or takes the file's; a copy (or a practice run) gets a key of its own (the default).
    if replacing is not None:
        fields["backup_key"] = replacing.backup_key
    elif section and not copy and section.get("backup_key"):
        fields["backup_key"] = section["backup_key"]
    if replacing is not None:
        fields["slug"] = replacing.slug
    elif section and not copy and not Tournament.objects.filter(slug=section["slug"]).exists():
        fields["slug"] = section["slug"]
    else:
        fields["slug"] = Tournament.objects.free_slug(slugify(fields["name"])[:50] or "tournament")
    return fields


def _users(parsed: ParsedFile) -> dict[str, Any]:
    """The accounts named in the sheets' history and the rulings; missing ones are made as inactive
    accounts without a password (so the history still says who), never able to log in."""
    names = {entry["by"] for details in parsed.table_details.values()
             for entry in (*details["sheets"], *details["events"]) if entry.get("by")}
    names |= {ruling["by"] for ruling in parsed.rulings if ruling.get("by")}
    for section in keyed():
        if section.users is not None and section.key in parsed.sections:
            names |= set(section.users(parsed.sections[section.key]))
    if not names:
        return {}
    User = get_user_model()
    field = User.USERNAME_FIELD
    found = {user.get_username(): user for user in User.objects.filter(**{f"{field}__in": names})}
    missing = []
    for name in sorted(names - set(found)):
        user = User(**{field: name}, is_active=False)
        user.set_unusable_password()
        missing.append(user)
    if missing:
        User.objects.bulk_create(missing)
        found.update({user.get_username(): user for user in User.objects.filter(**{f"{field}__in": names})})
    return found


@transaction.atomic
def _write(parsed: ParsedFile, *, copy: bool = False, replacing: Tournament | None = None) -> Tournament:
    if parsed.version >= 2 and not copy:
        _refuse_taken_links(parsed, replacing)  # a link opens one table, of one tournament
    kept: list[tuple[Any, Any]] = []
    if replacing is not None:  # what sections keep of it that the file does not hold (a competition's evenings)
        kept = [(section, section.keep(replacing)) for section in sections()
                if section.keep is not None and section.restore is not None]
        replacing.delete()  # one cascade, as lifecycle.delete_tournament (the file's backup is written)
    tournament = Tournament.objects.create(**_tournament_fields(parsed, copy, replacing))
    links = NEW if copy else KEEP
    # register_teams gives every team a new pass (the column's default); _write_team_details puts back the
    # file's when the links are kept.
    players = [players_of(t, parsed.individual) for t in parsed.teams]
    refs = player_ref()  # who of the club's register a player is, when an app keeps one
    named = {ref: name for team in players for name, ref in team if ref is not None}
    person_of = refs.resolve(named) if refs is not None and named else {}
    created = register_teams(tournament, [
        TeamData(name=t["name"].strip(), club=t.get("club", ""), number=number,
                 players=tuple(name for name, _ref in team), people=tuple(person_of.get(ref) for _name, ref in team))
        for t, number, team in zip(parsed.teams, _team_numbers(parsed), players)
    ])
    team_of = {t["id"]: team for t, team in zip(parsed.teams, created)}
    if parsed.version >= 2:
        _write_team_details(parsed, team_of, keep_passes=links == KEEP)
        _write_club_towns(parsed)
    rounds = _write_rounds(parsed, tournament)
    tables = sorted(parsed.tables, key=lambda e: (e["round"], e["table"]))
    users = _users(parsed)
    game = parsed.setup.game
    with whole_batches():
        table_objects = Table.objects.bulk_create([
            Table(round=rounds[entry["round"]], number=entry["table"],
                  token=_detail(parsed, entry).get("token") if links == KEEP and parsed.version >= 2 else new_table_token())
            for entry in tables
        ])
        TableSeat.objects.bulk_create([
            TableSeat(table=table, round=rounds[entry["round"]], team=team_of[team_id], position=position, member=member,
                      code=_detail(parsed, entry)["codes"][team_id] if links == KEEP and parsed.version >= 2
                      else new_team_code())
            for entry, table in zip(tables, table_objects)
            for position, member, team_id in seated(entry)
        ])
        if parsed.version >= 2:
            _write_sheets(parsed, tables, table_objects, users)
        else:
            Result.objects.bulk_create([
                Result(table=table, version=1, source=ResultSource.IMPORT, sheet=stored_sheet(entry, entry, game))
                for entry, table in zip(tables, table_objects)
                if game.written(entry)
            ])
        Bye.objects.bulk_create([Bye(round=rounds[entry["round"]], team=team_of[entry["bye"]]) for entry in parsed.byes])
        table_at = {(entry["round"], entry["table"]): table for entry, table in zip(tables, table_objects)}
        Ruling.objects.bulk_create([
            Ruling(tournament=tournament, table=table_at.get((ruling.get("round"), ruling.get("table"))),
                   position=ruling["position"], code=ruling["code"], seat=ruling["seat"], card=ruling["card"],
                   claim=ruling["claim"], verdict=ruling["verdict"], note=ruling["note"],
                   created_at=moment(ruling["at"]), created_by=users.get(ruling.get("by")))
            for ruling in parsed.rulings
        ])
    context = WriteContext(tournament=tournament, individual=parsed.individual, team_of=team_of, users=users)
    for section in keyed():
        if section.write is not None and section.key in parsed.sections:
            section.write(parsed.sections[section.key], context)
    for section, rows in kept:
        section.restore(tournament, rows)
    # bulk_create sends no post_save: raise the results version as tournaments/signals.py would.
    bump(pk=tournament.pk)
    if not parsed.tournament:  # a file without the day's status (version 1): derive it from its rounds and sheets
        from tournaments.services.lifecycle import update_status  # lifecycle → backups → this module

        update_status(tournament)
    tournament.refresh_from_db()
    return tournament



def _detail(parsed: ParsedFile, entry: dict) -> dict:
    return parsed.table_details[(entry["round"], entry["table"])]


def _write_team_details(parsed: ParsedFile, team_of: dict[str, Team], keep_passes: bool) -> None:
    """Each team's check-in, withdrawal and registration as the file has them; with ``keep_passes`` (a
    restore, not a copy) its pass too, so the phones' pass links keep working. A team the file gives no
    pass (a file of before the pass) keeps the new one it was registered with.

    The file's passes are all different (:mod:`.day_checks`) and none is held here by another tournament
    (:func:`_refuse_taken_links`; the tournament replaced is gone by now), and the new passes the teams
    hold until this update are random 128-bit ones: no two teams hold one pass at any moment of it."""
    fields = ["checked_in", "checked_in_at", "withdrawn", "registered_at"]
    kept = False
    for team_id, team in team_of.items():
        details = parsed.team_details[team_id]
        team.checked_in = details["checked_in"]
        team.checked_in_at = moment(details.get("checked_in_at"))
        team.withdrawn = details["withdrawn"]
        team.registered_at = moment(details["registered_at"])
        if keep_passes and "pass" in details:
            team.pass_token = details["pass"]
            kept = True
    with whole_batches():
        Team.objects.bulk_update(list(team_of.values()), [*fields, "pass_token"] if kept else fields, batch_size=500)


def _write_club_towns(parsed: ParsedFile) -> None:
    """A club new here gets the town the file gives it; a club that was here keeps its own."""
    towns = {club["name"].strip().casefold(): club["town"] for club in parsed.clubs if club.get("town")}
    if towns:
        for key, club in clubs_by_name(club["name"] for club in parsed.clubs).items():
            if not club.town and towns.get(key):
                Club.objects.filter(pk=club.pk).update(town=towns[key])


def _write_rounds(parsed: ParsedFile, tournament: Tournament) -> dict[int, Round]:
    if parsed.version >= 2:
        objects = [Round(tournament=tournament, number=entry["round"], status=entry["status"], minutes=entry["minutes"],
                         started_at=moment(entry.get("started_at")), clock_ends_at=moment(entry.get("clock_ends_at")),
                         clock_paused_left=entry.get("clock_paused_left"))
                   for entry in sorted(parsed.round_details, key=lambda e: e["round"])]
    else:
        # A round is finished when every table of it has a sheet (or it has only byes), else published.
        game = parsed.setup.game
        unplayed = {entry["round"] for entry in parsed.tables if not game.written(entry)}
        numbers = sorted({entry["round"] for entry in parsed.tables} | {entry["round"] for entry in parsed.byes})
        objects = [Round(tournament=tournament, number=number, minutes=tournament.round_minutes,
                         status=RoundStatus.PUBLISHED if number in unplayed else RoundStatus.FINISHED)
                   for number in numbers]
    with whole_batches():
        return {round_.number: round_ for round_ in Round.objects.bulk_create(objects)}


def _places(entry: dict) -> dict:
    """The place on the sheet (1, 2, 3) of each side as the file names it (a team id or a pair index)."""
    return {side: position for position, side in enumerate(side_refs(entry), start=1)}


def _write_sheets(parsed: ParsedFile, tables: list[dict], table_objects: list[Table], users: dict) -> None:
    results, events = [], []
    game = parsed.setup.game
    for entry, table in zip(tables, table_objects):
        details = _detail(parsed, entry)
        place = _places(entry)
        for sheet in details["sheets"]:
            results.append(Result(
                table=table, version=sheet["version"], sheet=stored_sheet(entry, sheet, game), source=sheet["source"],
                reason=sheet.get("reason", ""), state=sheet["state"], submitted_by=place.get(sheet.get("submitted_by")),
                confirmed_by=place.get(sheet.get("confirmed_by")), created_at=moment(sheet["at"]),
                created_by=users.get(sheet.get("by")),
            ))
    created = Result.objects.bulk_create(results)
    result_at = {(result.table_id, result.version): result for result in created}
    for entry, table in zip(tables, table_objects):
        place = _places(entry)
        for event in _detail(parsed, entry)["events"]:
            events.append(ResultEvent(
                table=table, result=result_at.get((table.pk, event.get("version"))), kind=event["kind"],
                source=event["source"], seat=place.get(event.get("team")), user=users.get(event.get("by")),
                note=event.get("note", ""), created_at=moment(event["at"]),
            ))
    ResultEvent.objects.bulk_create(events)

