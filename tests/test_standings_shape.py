"""The one standings shape (``services.standings.Standings``): what the pages, the files and
``manage.py standings`` read, built in three queries whatever the size."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Table, Tournament
from tournaments.services.results import record_result
from tournaments.services.standings import from_json, public_standings, set_frozen, standings
from tournaments.services.tournament_file import import_file


def cup_file(system: str = "pawn-order") -> dict:
    names = {"T1": "De Kezers", "T2": "Pionnen", "T3": "Harten Vrouw", "T4": "Boeren", "T5": "Zeven Splitters"}
    if system == "pawn-order":
        sheets = [{"arrivals": ["T1", "T2", "T1"]}, {"arrivals": ["T4", "T3", "T3"]}]
    else:
        sheets = [{"home": {"T1": [[4, 3], [1]], "T2": [[2], []]}}, {"home": {"T3": [[], []], "T4": [[4], [3]]}}]
    return {
        "format": "keezen-tournament", "version": 1, "name": "Cup", "date": "2026-11-21", "scoring": system,
        "rounds": 2, "seed": 7,
        "teams": [{"id": key, "name": name, "players": [f"{name} A", f"{name} B"]} for key, name in names.items()],
        "tables": [{"round": 1, "table": 1, "teams": ["T1", "T2"], **sheets[0]},
                   {"round": 1, "table": 2, "teams": ["T3", "T4"], **sheets[1]},
                   {"round": 1, "bye": "T5"}],
    }


def test_rows_hold_everything_the_pages_and_files_show(db):
    tournament = import_file(cup_file())
    record_result(Table.objects.get(round__tournament=tournament, number=1), {"arrivals": [0, 0, 1]}, reason="typo")
    with CaptureQueriesContext(connection) as queries:
        found = standings(tournament)
    assert len(queries.captured_queries) == 3
    assert found.after_round == 1 and not found.per_player and not found.frozen
    first = found.rows[0]
    assert (first.rank, first.key, first.name, first.points, first.rounds) == (1, "T1", "De Kezers", 290, (290,))
    assert first.players == ["De Kezers A", "De Kezers B"] and first.corrected == (1,)
    bye = next(row for row in found.rows if row.key == "T5")
    assert bye.bye_round == 1 and bye.cells == [{"round": 1, "points": 0, "bye": True}]
    assert found.as_json() == {"tournament": tournament.slug, "after_round": 1, "standings": [
        {"rank": row.rank, "team": row.key, "name": row.team.name, "points": row.points,
         "rounds": list(row.rounds), "lot": row.lot} for row in found.rows]}


def test_per_player_rows_and_the_frozen_snapshot_read_back(db):
    tournament = import_file(cup_file("individual-11"))
    found = standings(tournament)
    assert found.per_player and len(found.rows) == 10
    best = found.rows[0]
    assert (best.key, best.player, best.team.key, best.points) == ("T1/1", "De Kezers A", "T1", 7)
    assert found.as_json()["standings"][0] == {"rank": 1, "player": "De Kezers A", "team": "T1", "points": 7,
                                               "rounds": [7], "lot": False}
    assert standings(tournament, per_player=False).rows[0].key == "T1"  # the draw ranks teams
    set_frozen(tournament, True)
    tournament.refresh_from_db()
    frozen = public_standings(tournament)
    assert frozen.frozen and frozen.as_json() == found.as_json()
    assert from_json(tournament, found.as_json()).rows[0].team.players == ("De Kezers A", "De Kezers B")


def test_the_frozen_snapshot_keeps_its_names_after_a_rename(db):
    tournament = import_file(cup_file())
    set_frozen(tournament, True)
    tournament.refresh_from_db()
    snapshot = tournament.frozen_standings
    tournament.teams.filter(number=1).update(name="Renamed after the freeze")
    frozen = public_standings(tournament)
    marks = ("bye_round", "corrected", "missed")  # kept beside each row of the snapshot, not in the contract's JSON
    contract = {key: value for key, value in snapshot.items() if key != "sheets"}  # the tables, for the round pages
    assert frozen.as_json() == {**contract, "standings": [{key: value for key, value in row.items() if key not in marks}
                                                          for row in snapshot["standings"]]}
    assert frozen.rows[0].name == "De Kezers"


def test_the_frozen_snapshot_is_parsed_only_when_read(db):
    """Every public request loads its tournament's row; the snapshot in it (35 KB for 250 teams)
    is parsed on its first read, not with every load (tournaments/models/fields.py)."""
    tournament = import_file(cup_file())
    set_frozen(tournament, True)
    snapshot = public_standings(tournament).as_json()
    loaded = Tournament.objects.get(pk=tournament.pk)
    table = Table.objects.select_related("round__tournament").filter(round__tournament=tournament).first()
    for row in (loaded, table.round.tournament):
        assert type(row.__dict__["frozen_standings"]) is not dict  # not parsed by the load
        assert row.frozen_standings["standings"][0]["team"] == snapshot["standings"][0]["team"]
        assert type(row.__dict__["frozen_standings"]) is dict  # parsed once, then kept
    loaded.name = "Cup, renamed"
    loaded.save()  # a save writes the parsed value back unchanged
    assert public_standings(Tournament.objects.get(pk=tournament.pk)).as_json() == snapshot
    [(values,)] = Tournament.objects.filter(pk=tournament.pk).values_list("frozen_standings")
    stored = Tournament.objects.get(pk=tournament.pk).frozen_standings
    assert values == stored and values["standings"][0] == stored["standings"][0]  # parses itself
    set_frozen(loaded, False)
    assert Tournament.objects.get(pk=tournament.pk).frozen_standings is None
