"""The tournament file of an individual tournament (issue 17): players instead of teams, tables of
pairs with results as lists in pair order, several byes a round. A day built in the app survives
export → import → export byte for byte with the same standings, a hand-written file comes in, and
every file that seats players impossibly is refused naming the place, with nothing written."""

from __future__ import annotations

import copy
import datetime
import json

import pytest
from django.core.management import CommandError

from tests.test_tournament_file import FILE, run, write
from tests.test_tournament_file_hostile import enough, try_every_place
from tournaments.models import Bye, Player, Result, ResultState, Ruling, Table, TableSeat, Team, Tournament
from tournaments.services import table_entry
from tournaments.services.draft import publish
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table
from tournaments.services.standings import set_frozen, standings_json
from tournaments.services.teams import TeamData, register_teams, set_checked_in, set_withdrawn
from tournaments.services.tournament_file import InvalidTournamentFile, dumps, export_file, import_file, restore_file

pytestmark = pytest.mark.usefixtures("english")

SHEETS = {  # system → (the six-player table's sheet, a four-player table's sheet)
    "pawn-order": ({"arrivals": [0, 1, 2, 0, 2]}, {"arrivals": [1, 0, 1, 1]}),
    "pawns-2pt": ({"pawns_home": [3, 8, 6]}, {"pawns_home": [8, 5]}),
    "individual-11": ({"home": [[[4], []], [[4, 3, 2, 1], [4, 3, 2, 1]], [[2], [1]]]},
                      {"home": [[[4, 3, 2, 1], [4, 3, 2, 1]], [[4, 3], [4]]]}),
}


def same_day(data: dict) -> str:
    """The file's text without the moment it was written: what a round trip must keep byte for byte."""
    return dumps({key: value for key, value in data.items() if key != "exported_at"})


def code(table: Table, position: int, member: int) -> str:
    return table.seats.get(position=position, member=member).code


def individual_day(system: str, director) -> Tournament:
    """Ten players, two rounds: a six-player table of three pairs and a four-player table, then two
    tables and two byes; sheets entered at the desk, confirmed with a partner's code, disputed and
    corrected, a forfeit; check-ins, a withdrawal, frozen standings, a ruling."""
    tournament = Tournament.objects.create(
        name="Solo Cup", slug="solo-cup", date=datetime.date(2026, 11, 21), scoring_system=system, rounds=2,
        entry="individual", draw_mode="standings", three_team_table=True, seed=17)
    players = register_teams(tournament, [
        TeamData(name=f"Speler {n}", players=(f"Speler {n}",), club=f"Club {n % 2}" if n < 9 else "")
        for n in range(1, 11)
    ])
    six, four = SHEETS[system]
    first = add_round(tournament)
    big = add_table(first, players[:6])
    small = add_table(first, players[6:])
    publish(first)
    record_result(big, six, user=director)
    table_entry.submit(small, 1, four)
    table_entry.confirm(small, code(small, 2, 2))  # the second player of the other pair confirms
    second = add_round(tournament)
    one = add_table(second, [players[0], players[4], players[1], players[5]])
    two = add_table(second, [players[2], players[6], players[3], players[7]])
    Bye.objects.bulk_create([Bye(round=second, team=players[8]), Bye(round=second, team=players[9])])
    publish(second)
    table_entry.submit(one, 2, four)
    table_entry.dispute(one, code(one, 1, 2), note="we counted differently")
    record_result(one, {**four, "stopped_by_clock": True}, user=director, reason="recounted with both pairs")
    record_result(two, {"forfeit": 1}, user=director)
    for player in players[:4]:
        set_checked_in(player, True)
    set_withdrawn(players[9], True)
    set_frozen(tournament, True)
    Ruling.objects.create(tournament=tournament, table=one, position={"a": 1}, code="x1", seat=0, card="7",
                          claim="", verdict={"legal": True}, note="fine", created_by=director)
    tournament.refresh_from_db()
    return tournament


def seating(tournament: Tournament) -> list[tuple]:
    return list(TableSeat.objects.filter(round__tournament=tournament).order_by(
        "round__number", "table__number", "position", "member").values_list(
        "round__number", "table__number", "position", "member", "team__number"))


def sheets(tournament: Tournament) -> list[tuple]:
    return list(Result.objects.filter(table__round__tournament=tournament).order_by(
        "table__round__number", "table__number", "version").values_list(
        "table__round__number", "table__number", "version", "state", "sheet", "submitted_by", "confirmed_by"))


@pytest.mark.parametrize("system", list(SHEETS))
def test_export_import_export_is_the_same_file_and_the_same_standings(db, director, system):
    day = individual_day(system, director)
    before, seats, versions = standings_json(day), seating(day), sheets(day)
    first = export_file(day)
    six, four = SHEETS[system]
    assert first["entry"] == "individual" and "teams" not in first
    assert first["players"][0] == {"id": "P1", "name": "Speler 1", "club": "Club 1"}
    assert first["tables"][0] == {"round": 1, "table": 1, "pairs": [["P1", "P2"], ["P3", "P4"], ["P5", "P6"]], **six}
    assert first["tables"][1] == {"round": 1, "table": 2, "pairs": [["P7", "P8"], ["P9", "P10"]], **four}
    assert {"round": 2, "bye": "P9"} in first["tables"] and {"round": 2, "bye": "P10"} in first["tables"]
    details = first["table_details"]
    assert sorted(details[1]["codes"]) == ["P10", "P7", "P8", "P9"]
    assert details[1]["sheets"][0]["submitted_by"] == 0 and details[1]["sheets"][0]["confirmed_by"] == 1
    assert [event.get("team") for event in details[2]["events"]] == [1, 0, None]
    assert first["tournament"]["draw_mode"] == "standings"
    assert first["tournament"]["frozen_standings"]["standings"][0]["id"].startswith("P")

    copied = import_file(json.loads(dumps(first)))  # beside the original: a copy with the same standings
    assert copied.slug != day.slug and copied.individual
    assert standings_json(copied)["standings"] == before["standings"]
    copied.delete()
    day.delete()  # an empty database, as on another laptop
    restored = import_file(json.loads(dumps(first)))
    assert restored.slug == "solo-cup" and restored.individual and restored.draw_mode == "standings"
    assert standings_json(restored) == before
    assert seating(restored) == seats and sheets(restored) == versions
    assert same_day(export_file(restored)) == same_day(first)
    assert all(names == ["Speler %d" % number] for number, names in (
        (team.number, [player.name for player in team.players.all()]) for team in restored.teams.all()))
    assert list(restored.teams.filter(withdrawn=True).values_list("number", flat=True)) == [10]


def test_version_1_of_an_individual_day_reads_back_to_the_same_standings(db, director):
    day = individual_day("pawns-2pt", director)
    before = standings_json(day)
    data = export_file(day, version=1)
    assert data["version"] == 1 and "table_details" not in data and data["entry"] == "individual"
    day.delete()
    assert standings_json(import_file(data))["standings"] == before["standings"]


MINIMAL = {
    "format": "keezen-tournament", "version": 1, "entry": "individual", "name": "Solo 2026", "scoring": "pawn-order",
    "rounds": 2,
    "players": [{"id": "P1", "name": "Anna de Vries", "club": "KC Noord"}, {"id": "P2", "name": "Bram Jansen"},
                {"id": "P3", "name": "Carla Smit"}, {"id": "P4", "name": "Dirk Bos"}, {"id": "P5", "name": "Eva Mol"}],
    "tables": [
        {"round": 1, "table": 1, "pairs": [["P1", "P5"], ["P2", "P4"]], "arrivals": [0, 1, 0]},
        {"round": 1, "bye": "P3"},
        {"round": 2, "table": 1, "pairs": [["P3", "P2"], ["P1", "P4"]]},
    ],
}


def test_a_hand_written_individual_file_comes_in(db, tmp_path):
    slug = run("import_tournament", write(tmp_path, MINIMAL)).strip()
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.individual and tournament.teams_per_table == 2
    assert list(tournament.teams.order_by("number").values_list("number", "name", "club__name")) == [
        (1, "Anna de Vries", "KC Noord"), (2, "Bram Jansen", None), (3, "Carla Smit", None), (4, "Dirk Bos", None),
        (5, "Eva Mol", None)]
    assert Player.objects.filter(team__tournament=tournament).count() == 5
    assert seating(tournament) == [(1, 1, 1, 1, 1), (1, 1, 1, 2, 5), (1, 1, 2, 1, 2), (1, 1, 2, 2, 4),
                                   (2, 1, 1, 1, 3), (2, 1, 1, 2, 2), (2, 1, 2, 1, 1), (2, 1, 2, 2, 4)]
    assert Result.objects.get(table__round__tournament=tournament).sheet == {"arrivals": [0, 1, 0]}
    assert Bye.objects.get(round__tournament=tournament).team.number == 3
    rows = json.loads(run("standings", slug, "--format", "json"))["standings"]
    assert {row["id"]: row["points"] for row in rows} == {"P1": 280, "P5": 280, "P2": 140, "P4": 140, "P3": 0}
    assert same_day(export_file(tournament))  # and it writes its file


def individual(**changes) -> dict:
    data = copy.deepcopy(MINIMAL)
    data.update(changes)
    return data


def tables(*entries) -> list[dict]:
    return [{"round": 1, "table": number, "pairs": pairs} for number, pairs in entries]


PLAYERS_9 = [{"id": f"P{n}", "name": f"Speler {n}"} for n in range(1, 10)]
BAD = {
    "a player in two pairs of a round": (
        individual(players=PLAYERS_9, tables=tables((1, [["P1", "P2"], ["P3", "P4"]]), (2, [["P5", "P1"], ["P6", "P7"]]))),
        ["round 1, table 2, pair P5 & P1: player P1 is already at table 1 in this round"]),
    "a player in two pairs of one table": (
        individual(tables=tables((1, [["P1", "P2"], ["P3", "P1"]]))),
        ["round 1, table 1, pair P3 & P1: player P1 is already at table 1 in this round"]),
    "a player twice in one pair": (
        individual(tables=tables((1, [["P1", "P1"], ["P3", "P4"]]))),
        ["round 1, table 1, pair P1 & P1: a pair is two different players, not P1 twice"]),
    "a bye and a table in one round": (
        individual(tables=[*tables((1, [["P1", "P2"], ["P3", "P4"]])), {"round": 1, "bye": "P4"}]),
        ["round 1, bye: player P4 also sits at table 1"]),
    "a table after the bye": (
        individual(tables=[{"round": 1, "bye": "P4"}, *tables((1, [["P1", "P2"], ["P3", "P4"]]))]),
        ["round 1, table 1, pair P3 & P4: player P4 is already at a bye in this round"]),
    "two byes of one player": (
        individual(tables=[{"round": 1, "bye": "P4"}, {"round": 2, "bye": "P4"}]),
        ["round 2, bye: player P4 already has a bye in round 1; a player gets at most one"]),
    "a pair at two tables of a round": (
        individual(players=PLAYERS_9, tables=tables((1, [["P1", "P2"], ["P3", "P4"]]), (2, [["P2", "P1"], ["P5", "P6"]]))),
        ["round 1, table 2, pair P2 & P1: this pair also sits at table 1 in this round"]),
    "a pair of three": (
        individual(tables=tables((1, [["P1", "P2", "P5"], ["P3", "P4"]]))),
        ["tables[0].pairs[0] must hold 2 entries, not 3"]),
    "a pair of one": (
        individual(tables=tables((1, [["P1"], ["P3", "P4"]]))), ["tables[0].pairs[0] must hold 2 entries, not 1"]),
    "an unknown player": (
        individual(tables=tables((1, [["P1", "P2"], ["P3", "P99"]]))),
        ["round 1, table 1, pair P3 & P99: player P99 is not in the list of players"]),
    "an unknown player's bye": (
        individual(tables=[{"round": 1, "bye": "P7"}]), ["round 1, bye: player P7 is not in the list of players"]),
    "a table of one pair": (
        individual(tables=tables((1, [["P1", "P2"]]))), ['tables[0]: "pairs" must hold 2 to 3 entries, not 1']),
    "a table of four pairs": (
        individual(players=PLAYERS_9, tables=tables((1, [["P1", "P2"], ["P3", "P4"], ["P5", "P6"], ["P7", "P8"]]))),
        ['tables[0]: "pairs" must hold 2 to 3 entries, not 4']),
    "pawns_home for three pairs at a table of two": (
        individual(scoring="pawns-2pt", tables=[{"round": 1, "table": 1, "pairs": [["P1", "P2"], ["P3", "P4"]],
                                                 "pawns_home": [8, 5, 3]}]),
        ['round 1, table 1: "pawns_home" must hold one entry per pair (2), not 3']),
    "home for one pair at a table of three": (
        individual(players=PLAYERS_9, scoring="individual-11",
                   tables=[{"round": 1, "table": 1, "pairs": [["P1", "P2"], ["P3", "P4"], ["P5", "P6"]],
                            "home": [[[4, 3, 2, 1], [4, 3, 2, 1]]]}]),
        ['round 1, table 1: "home" must hold one entry per pair (3), not 1']),
    "an arrival of a pair that is not there": (
        individual(tables=[{"round": 1, "table": 1, "pairs": [["P1", "P2"], ["P3", "P4"]], "arrivals": [0, 2]}]),
        ["round 1, table 1: team 2 is not seated at this table (P1 & P2, P3 & P4)"]),
    "an arrival that is a player": (
        individual(tables=[{"round": 1, "table": 1, "pairs": [["P1", "P2"], ["P3", "P4"]], "arrivals": ["P1"]}]),
        ["tables[0].arrivals[0] must be a whole number from 0 to 2"]),
    "a forfeit by a player id": (
        individual(tables=[{"round": 1, "table": 1, "pairs": [["P1", "P2"], ["P3", "P4"]], "forfeit": "P3"}]),
        ['tables[0]: "forfeit" must be a whole number from 0 to 2']),
    "nine pawns of a pair": (
        individual(tables=[{"round": 1, "table": 1, "pairs": [["P1", "P2"], ["P3", "P4"]], "arrivals": [1] * 9}]),
        ["round 1, table 1: team P3 & P4 has 9 pawns home"]),
    "a player id that is not P and a number": (
        individual(players=[*MINIMAL["players"], {"id": "X6", "name": "Fleur"}]),
        ['players[5]: "id" must be a player id: P and the player\'s number']),
    "two players of one name": (
        individual(players=[*MINIMAL["players"], {"id": "P6", "name": "anna de vries "}]),
        ["player P6: the name “anna de vries ” is also the name of player P1"]),
    "teams tables in an individual file": (
        individual(tables=[{"round": 1, "table": 1, "teams": ["P1", "P2"]}]),
        ['tables[0]: a table of "teams" belongs to a team tournament; the tables of an individual file seat '
         '"pairs" of players']),
    "teams in an individual file": (
        individual(teams=FILE["teams"]), ['"teams": an individual file lists its "players" instead']),
    "pairs in a team file": (
        {**FILE, "tables": [*FILE["tables"], {"round": 2, "table": 2, "pairs": [["T2", "T4"], ["T5", "T3"]]}]},
        ['tables[4]: "pairs" belong to an individual tournament, and this file has no "entry": "individual"']),
    "pairs in a file of entry teams": (
        {**FILE, "entry": "teams", "tables": [{"round": 1, "table": 1, "pairs": [["T1", "T2"], ["T3", "T4"]]}]},
        ['tables[0]: "pairs" belong to an individual tournament']),
    "an entry that does not exist": (
        individual(entry="solo"), ['"entry" must be one of teams, individual, not "solo"']),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_file_that_seats_players_impossibly_is_refused_naming_the_place(db, tmp_path, case):
    data, messages = BAD[case]
    with pytest.raises(InvalidTournamentFile) as refused:
        import_file(data)
    text = "\n".join(refused.value.errors)
    assert all(message in text for message in messages), text
    with pytest.raises(CommandError, match="nothing was imported"):
        run("import_tournament", write(tmp_path, data))
    assert not Tournament.objects.exists() and not Team.objects.exists() and not TableSeat.objects.exists()


def test_the_day_s_sections_of_an_individual_file_are_checked_too(db, director):
    data = export_file(individual_day("pawn-order", director))
    Tournament.objects.all().delete()

    def refused(edit) -> str:
        edited = copy.deepcopy(data)
        edit(edited)
        with pytest.raises(InvalidTournamentFile) as raised:
            import_file(edited)
        assert not Tournament.objects.exists()
        return "\n".join(raised.value.errors)

    sheet = ("table_details", 1, "sheets", 0)

    def put(path, value):
        def edit(edited):
            node = edited
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = value
        return edit

    assert ('round 1, table 2, version 1: "submitted_by" must be the index of a pair of this table, 0 to 1, not 2'
            in refused(put((*sheet, "submitted_by"), 2)))
    assert 'table_details[1].sheets[0]: "confirmed_by" must be a whole number from 0 to 2, not "P7"' in refused(
        put((*sheet, "confirmed_by"), "P7"))
    assert "round 1, table 2, version 1: team 2 is not seated at this table" in refused(put((*sheet, "arrivals"), [0, 2]))
    assert 'round 2, table 1, log entry 1: "team" must be the index of a pair of this table, 0 to 1, not 2' in refused(
        put(("table_details", 2, "events", 0, "team"), 2))
    codes = dict(data["table_details"][0]["codes"])
    codes.pop("P6")
    assert 'round 1, table 1: "codes" must give each seated player their six-digit code' in refused(
        put(("table_details", 0, "codes"), codes))
    assert "player P2: its number must be 2, the number of its id" in refused(put(("team_details", 1, "number"), 12))
    assert 'tournament.frozen_standings.standings[0]: "id" is missing' in refused(
        put(("tournament", "frozen_standings", "standings", 0), {"rank": 1, "team": "P1", "points": 0, "rounds": [],
                                                                "lot": False}))


def test_every_place_of_an_individual_file_refuses_hostile_values_or_reads_them(db, director, settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    data = export_file(individual_day("individual-11", director))
    # As a copy beside the original (import_file of a tournament that is here), and restored over it.
    seen = try_every_place(data, (import_file, restore_file))
    assert enough(seen, refused=1000, read=50, written=10), seen


def test_a_correction_s_states_survive(db, director):
    day = individual_day("pawn-order", director)
    data = export_file(day)
    day.delete()
    restored = import_file(data)
    one = restored.round_set.get(number=2).tables.get(number=1)
    assert [(r.version, r.state) for r in one.results.order_by("version")] == [
        (1, ResultState.DISPUTED), (2, ResultState.ENTERED)]
    assert one.results.get(version=2).sheet["stopped_by_clock"] is True
