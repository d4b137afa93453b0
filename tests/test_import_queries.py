"""Imports write in bulk: the number of queries does not grow with the number of teams.

A small and a large import of the same shape (the same kinds of rows: new clubs, byes, …) must
run exactly the same number of queries, on the Excel path (read, check again, register) and on
the tournament-file path. The large size is 300 teams: more than one batch of Django's default
999 parameters on SQLite, so splitting a bulk insert would show. The bulk writes must still keep
every rule of the row-by-row writes they replace (numbers, clubs matched whatever the case, the
results version raised) and still write nothing when anything fails. Real database, nothing
of our own mocked.
"""

from __future__ import annotations

import copy
import datetime
import io
import random
import sqlite3

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tournaments.excel.teams import check_against_registered, read_teams, template_xlsx
from tournaments.models import Bye, Club, Player, Result, Round, Table, TableSeat, Team, Tournament
from tournaments.services.teams import TeamData, clubs_by_name, register_team, register_teams, whole_batches
from tournaments.services.tournament_file import InvalidTournamentFile, export_file, import_file

SMALL, LARGE = 3, 300


pytestmark = pytest.mark.usefixtures("english")


def new_tournament(slug: str) -> Tournament:
    return Tournament.objects.create(name=slug, slug=slug, date=datetime.date(2026, 11, 21), seed=1)


def rows(count: int, prefix: str = "") -> list[list[object]]:
    """Template rows; every third team unnumbered, clubs new to the database, in varying case."""
    return [
        [None if n % 3 == 0 else n, f"{prefix}Team {n}", f"Player {n}a", f"Player {n}b",
         f"{prefix}Club {n % 7}".upper() if n % 2 else f"{prefix}Club {n % 7}"]
        for n in range(1, count + 1)
    ]


def workbook(rows_: list[list[object]]) -> SimpleUploadedFile:
    """The downloaded template with its example row replaced by ``rows_``."""
    book = load_workbook(io.BytesIO(template_xlsx()))
    sheet = book.worksheets[0]
    sheet.delete_rows(2, sheet.max_row - 1)
    for row in rows_:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return SimpleUploadedFile("teams.xlsx", buffer.getvalue())


def excel_import(tournament: Tournament, upload) -> tuple[int, list[Team]]:
    """Upload (read and validate), then confirm (check again, register): queries and teams."""
    with CaptureQueriesContext(connection) as queries:
        result = read_teams(upload, tournament)
        assert result.ok, result.errors
        errors: list[str] = []
        check_against_registered(tournament, list(zip(result.row_numbers, result.teams)), errors)
        assert errors == []
        created = register_teams(tournament, result.teams)
    return len(queries.captured_queries), created


def tournament_file(count: int, name: str) -> dict:
    """``count`` teams, two rounds of played tables, and a bye in each round when ``count`` is odd."""
    rng = random.Random(count)
    ids = [f"T{n}" for n in range(1, count + 1)]
    tables: list[dict] = []
    for round_no in (1, 2):
        order = ids[:]
        rng.shuffle(order)
        if len(order) % 2:
            tables.append({"round": round_no, "bye": order.pop(round_no - 1)})
        for number, start in enumerate(range(0, len(order), 2), start=1):
            first, second = order[start:start + 2]
            tables.append({"round": round_no, "table": number, "teams": [first, second],
                           "arrivals": [second] + [first] * 8})
    return {
        "format": "keezen-tournament", "version": 1, "name": name, "date": "2026-11-21",
        "scoring": "pawn-order", "rounds": 3, "seed": 7,
        "teams": [{"id": team_id, "name": f"{name} team {n}", "players": [f"P{n}a", f"P{n}b"],
                   "club": f"{name} club {n % 5}"} for n, team_id in enumerate(ids, start=1)],
        "tables": tables,
    }


def everything() -> dict[str, int]:
    return {model.__name__: model.objects.count()
            for model in (Tournament, Club, Team, Player, Round, Table, TableSeat, Result, Bye)}


# --- a fixed number of queries ------------------------------------------------------------


def test_excel_import_runs_the_same_queries_for_3_and_300_teams(db):
    small, created_small = excel_import(new_tournament("small"), workbook(rows(SMALL, "S ")))
    large, created_large = excel_import(new_tournament("large"), workbook(rows(LARGE, "L ")))
    assert len(created_small) == SMALL and len(created_large) == LARGE
    assert small == large, (small, large)


def test_excel_import_with_known_clubs_runs_the_same_queries_for_3_and_300_teams(db):
    """Every club exists already (typed in another case): they are found, not added."""
    Club.objects.bulk_create([Club(name=f"club {n}") for n in range(7)])
    small, _ = excel_import(new_tournament("small"), workbook(rows(SMALL)))
    large, _ = excel_import(new_tournament("large"), workbook(rows(LARGE)))
    assert small == large, (small, large)
    assert Club.objects.count() == 7


def test_confirm_page_runs_the_same_queries_for_3_and_300_teams(db, director_client):
    counts = []
    for count, slug in ((SMALL, "small"), (LARGE, "large")):
        tournament = new_tournament(slug)
        upload = director_client.post(reverse("director:team_import", args=[slug]),
                                      {"file": workbook(rows(count, slug))})
        assert upload.status_code == 200 and upload.context["result"].ok
        with CaptureQueriesContext(connection) as queries:
            confirm = director_client.post(reverse("director:team_import_confirm", args=[slug]))
        assert confirm.status_code == 302 and tournament.teams.count() == count
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], counts


@pytest.mark.parametrize("small, large", [(SMALL, LARGE + 1), (SMALL + 1, LARGE)], ids=["odd: byes", "even"])
def test_file_import_runs_the_same_queries_for_3_and_300_teams(db, small, large):
    counts = []
    for count in (small, large):
        with CaptureQueriesContext(connection) as queries:
            tournament = import_file(tournament_file(count, f"Cup {count}"))
        counts.append(len(queries.captured_queries))
        assert tournament.teams.count() == count
        assert Table.objects.filter(round__tournament=tournament).count() == 2 * (count // 2)
        assert Result.objects.filter(table__round__tournament=tournament).count() == 2 * (count // 2)
        assert Bye.objects.filter(round__tournament=tournament).count() == 2 * (count % 2)
    assert counts[0] == counts[1], counts


def test_whole_batches_uses_the_connection_limit_and_restores_django_s(db):
    before = connection.features.max_query_params
    with whole_batches():
        if connection.vendor == "sqlite":
            limit = connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
            assert connection.features.max_query_params == max(limit, 999)
        with whole_batches():
            pass
        inside = connection.features.max_query_params
    assert connection.features.max_query_params == before
    assert inside == (before if connection.vendor != "sqlite" else max(limit, 999))


# --- the same rules as the row-by-row writes ----------------------------------------------


def test_register_teams_keeps_the_numbering_and_returns_the_teams_in_order(tournament, make_teams):
    make_teams(tournament, 2)  # numbers 1 and 2
    created = register_teams(tournament, [
        TeamData(name="Zonder", players=("A", "B")),
        TeamData(name="Vier", players=("C", "D"), number=4),
        TeamData(name="Ook zonder", players=("E", "F")),
        TeamData(name="Drie", players=("G", "H"), number=3),
        TeamData(name="Laatste", players=("I", "J")),
    ])
    assert [(team.name, team.number) for team in created] == [
        ("Zonder", 5), ("Vier", 4), ("Ook zonder", 6), ("Drie", 3), ("Laatste", 7),
    ]
    assert all(team.pk for team in created)
    assert [Team.objects.get(pk=team.pk).name for team in created] == [team.name for team in created]
    assert [(p.seat, p.name) for p in Player.objects.filter(team=created[1]).order_by("seat")] == [(1, "C"), (2, "D")]


def test_clubs_are_matched_whatever_the_case_and_made_once(tournament):
    noord = Club.objects.create(name="KC Noord")
    created = register_teams(tournament, [
        TeamData(name="A", players=("a", "b"), club="kc noord"),
        TeamData(name="B", players=("c", "d"), club="  KC   NOORD "),
        TeamData(name="C", players=("e", "f"), club="De Pion"),
        TeamData(name="D", players=("g", "h"), club="DE PION"),
        TeamData(name="E", players=("i", "j")),
    ])
    assert [team.club_id for team in created[:2]] == [noord.pk, noord.pk]
    pion = Club.objects.get(name="De Pion")  # the first spelling
    assert [team.club_id for team in created[2:4]] == [pion.pk, pion.pk] and created[4].club is None
    assert Club.objects.count() == 2
    assert clubs_by_name(["de pion", "", "Kc Noord"]) == {"de pion": pion, "kc noord": noord}


def test_register_team_for_the_single_team_form(tournament):
    team = register_team(tournament, TeamData(name="Alleen", players=("A", "B"), club="Solo"))
    assert team.pk and team.number == 1 and team.club.name == "Solo" and team.player_names == ["A", "B"]


def test_the_results_version_rises_with_a_bulk_import(tournament):
    """bulk_create sends no post_save: the import raises the version itself (cached standings)."""
    before = Tournament.objects.get(pk=tournament.pk).results_version
    register_teams(tournament, [TeamData(name=f"T{n}", players=("a", "b")) for n in range(5)])
    assert Tournament.objects.get(pk=tournament.pk).results_version > before

    imported = import_file(tournament_file(5, "Versioned"))
    assert Tournament.objects.get(pk=imported.pk).results_version > 0


def test_the_file_import_writes_what_was_in_the_file(db):
    data = tournament_file(LARGE + 1, "Round trip")
    data["tables"].append({"round": 3, "table": 1, "teams": ["T1", "T2"]})  # drawn, not played
    tournament = import_file(copy.deepcopy(data))
    statuses = dict(Round.objects.filter(tournament=tournament).values_list("number", "status"))
    assert statuses == {1: "finished", 2: "finished", 3: "published"}
    assert export_file(tournament)["tables"] == export_file(import_file(export_file(tournament)))["tables"]
    exported = export_file(tournament)
    assert len(exported["teams"]) == LARGE + 1 and len(exported["tables"]) == len(data["tables"])


# --- nothing is written when anything fails -----------------------------------------------


def test_a_bad_row_at_the_end_of_a_large_sheet_writes_nothing(tournament):
    bad = rows(LARGE) + [[None, "Alleen", "Eén speler", None, "Nieuwe club"]]
    before = everything()
    with translation.override("en"):
        result = read_teams(workbook(bad), tournament)
    assert not result.ok
    assert result.errors == [f"Row {LARGE + 2}: team “Alleen” has only one player; a team has exactly two."]
    assert everything() == before


def test_a_bad_file_at_its_end_writes_nothing(db):
    data = tournament_file(LARGE, "Bad")
    data["tables"].append({"round": 3, "table": 1, "teams": ["T1", "T404"]})
    before = everything()
    with pytest.raises(InvalidTournamentFile) as error:
        import_file(data)
    assert error.value.errors == ["round 3, table 1, team T404: not in the list of teams"]
    assert everything() == before


def test_a_refused_bulk_write_leaves_no_club_behind(tournament, make_teams):
    """The database refuses the teams (a number taken meanwhile) after the new clubs were made:
    the whole batch is undone, the clubs with it."""
    make_teams(tournament, 1)
    before = everything()
    with pytest.raises(IntegrityError):
        register_teams(tournament, [
            TeamData(name="Nieuw", players=("a", "b"), club="Gloednieuwe club"),
            TeamData(name="Botst", players=("c", "d"), club="Nog een club", number=1),
        ])
    assert everything() == before
