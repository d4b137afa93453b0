"""Excel import and export of teams: every bad file is refused whole, with the row and the problem.

Workbooks are built in memory with openpyxl; the import runs against the real database, both
directly (``read_teams``) and through the upload → preview → confirm pages.
"""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from openpyxl import Workbook, load_workbook

from tournaments.excel.teams import export_xlsx, read_teams, template_xlsx
from tournaments.models import Club, Player, Team, Tournament

HEADINGS = ["Team number", "Team name", "Player 1", "Player 2", "Club"]


def xlsx(rows, headings=HEADINGS, name="teams.xlsx") -> SimpleUploadedFile:
    workbook = Workbook()
    sheet = workbook.active
    if headings:
        sheet.append(headings)
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile(name, buffer.getvalue())


def counts():
    return Team.objects.count(), Player.objects.count(), Club.objects.count()


GOOD = [
    [1, "De Kezers", "Anna de Vries", "Bram Jansen", "KC Noord"],
    [None, "Pionnen", "Carla Smit", "Dirk Bos", None],
    [7, "Aas in de Mouw", "Eva Visser", "Frank de Boer", "kc noord"],
]

BAD_CASES = {
    "empty team name": ([[1, "", "Anna", "Bram", ""]], "Row 2: the team name is empty."),
    "empty player names": ([[1, "De Kezers", "", None, ""]], "Row 2: team “De Kezers” has no players"),
    "only one player": ([[1, "A", "Anna", "Bram"], [2, "De Kezers", "Anna", "", ""]],
                        "Row 3: team “De Kezers” has only one player"),
    "duplicate name in file": ([[1, "De Kezers", "A", "B"], [2, "de kezers", "C", "D"]],
                               "Row 3: the team name “de kezers” also appears in row 2."),
    "duplicate name registered": ([[5, "TEAM 1", "A", "B"]],
                                  "Row 2: a team named “TEAM 1” is already registered (number 1)."),
    "duplicate number in file": ([[4, "X", "A", "B"], [4, "Y", "C", "D"]],
                                 "Row 3: team number 4 also appears in row 2."),
    "number already taken": ([[1, "X", "A", "B"]], "Row 2: team number 1 is already taken in this tournament."),
    "number not a number": ([["een", "X", "A", "B"]], "Row 2: team number “een” is not a whole number"),
    "formula in a name": ([[1, "=A1&B1", "A", "B"]], "Row 2: “Team name” holds a formula (=A1&B1)"),
    "formula in a player": ([[1, "X", "=UPPER(\"anna\")", "B"]], "Row 2: “Player 1” holds a formula"),
    "name too long": ([[1, "X" * 101, "A", "B"]], "Row 2: “Team name” is longer than 100 characters."),
    "value without heading": ([[1, "X", "A", "B", "C", "stray"]], "Row 2: column F has a value but no heading."),
}


@pytest.fixture
def registered(tournament, make_teams):
    make_teams(tournament, 1)
    return tournament


@pytest.mark.parametrize("case", BAD_CASES, ids=list(BAD_CASES))
def test_bad_rows_are_named_and_nothing_is_written(registered, director_client, case):
    rows, message = BAD_CASES[case]
    before = counts()
    with translation.override("en"):
        result = read_teams(xlsx(rows), registered)
    assert not result.ok
    assert any(error.startswith(message) for error in result.errors), result.errors

    response = director_client.post(f"/director/t/{registered.slug}/teams/import/", {"file": xlsx(rows)},
                                    HTTP_ACCEPT_LANGUAGE="en")
    assert message.replace("“", "&ldquo;")[:20] in response.content.decode() or message[:20] in response.content.decode()
    confirm = director_client.post(f"/director/t/{registered.slug}/teams/import/confirm/", HTTP_ACCEPT_LANGUAGE="en")
    assert confirm.status_code == 302
    assert counts() == before


@pytest.mark.parametrize("headings, message", [
    (["Team name", "Player 1", "Player 2", "Shirt size"], "Row 1: unknown column “Shirt size” in column D."),
    (["Team name", "Player 1"], "Row 1: the column “Player 2” is missing."),
    (["Team name", "Player 1", "Player 2", "Team name"], "Row 1: the column “Team name” appears twice."),
])
def test_bad_headings(tournament, headings, message):
    with translation.override("en"):
        result = read_teams(xlsx([["X", "A", "B", ""]], headings=headings), tournament)
    assert any(error.startswith(message) for error in result.errors), result.errors
    assert counts() == (0, 0, 0)


def test_all_errors_are_reported_at_once(tournament):
    with translation.override("en"):
        result = read_teams(xlsx([[1, "", "A", "B"], [2, "Y", "A", ""], [3, "=1+1", "A", "B"]]), tournament)
    assert [error[:6] for error in result.errors] == ["Row 2:", "Row 3:", "Row 4:"]


@pytest.mark.parametrize("name, content, message", [
    ("teams.csv", b"Team name,Player 1,Player 2\nX,A,B\n", "“teams.csv” is not an Excel file (.xlsx)."),
    ("teams.xls", b"\xd0\xcf\x11\xe0 old excel", "“teams.xls” is not an Excel file (.xlsx)."),
    ("teams.xlsx", b"this is not a zip file", "“teams.xlsx” could not be read as an Excel workbook (.xlsx)."),
])
def test_files_that_are_not_xlsx(tournament, director_client, name, content, message):
    with translation.override("en"):
        result = read_teams(SimpleUploadedFile(name, content), tournament)
    assert len(result.errors) == 1 and result.errors[0].startswith(message)
    response = director_client.post(f"/director/t/{tournament.slug}/teams/import/",
                                    {"file": SimpleUploadedFile(name, content)}, HTTP_ACCEPT_LANGUAGE="en")
    assert "is not an Excel file" in response.content.decode() or "could not be read" in response.content.decode()
    assert counts() == (0, 0, 0)


def test_file_over_5_mb_is_refused_before_reading(tournament):
    big = SimpleUploadedFile("teams.xlsx", b"PK" + b"\0" * (5 * 1024 * 1024 + 10))
    with translation.override("en"):
        result = read_teams(big, tournament)
    assert result.errors == ["The file is 5.0 MB; the limit is 5 MB."]


def test_empty_sheets(tournament):
    with translation.override("en"):
        assert read_teams(xlsx([], headings=None), tournament).errors == [
            "The first sheet is empty: it has no headings and no teams."]
        assert read_teams(xlsx([[None, None], ["", " "]]), tournament).errors == ["The sheet has headings but no teams."]


def test_valid_file_preview_then_confirm_imports_all_in_one_go(tournament, director_client):
    response = director_client.post(f"/director/t/{tournament.slug}/teams/import/", {"file": xlsx(GOOD)})
    assert response.status_code == 200
    assert response.context["result"].ok and len(response.context["result"].teams) == 3
    assert counts() == (0, 0, 0), "the preview writes nothing"

    response = director_client.post(f"/director/t/{tournament.slug}/teams/import/confirm/")
    assert response.status_code == 302
    teams = {t.name: t for t in tournament.teams.with_people()}
    assert set(teams) == {"De Kezers", "Pionnen", "Aas in de Mouw"}
    assert teams["De Kezers"].number == 1 and teams["Aas in de Mouw"].number == 7
    assert teams["Pionnen"].number == 2 and teams["Pionnen"].club is None
    assert teams["Aas in de Mouw"].club == teams["De Kezers"].club  # "kc noord" is "KC Noord"
    assert teams["De Kezers"].player_names == ["Anna de Vries", "Bram Jansen"]
    assert Club.objects.count() == 1
    # The preview is used up: confirming again imports nothing more.
    director_client.post(f"/director/t/{tournament.slug}/teams/import/confirm/")
    assert Team.objects.count() == 3


def test_confirm_checks_the_database_again(tournament, director_client, make_teams):
    director_client.post(f"/director/t/{tournament.slug}/teams/import/", {"file": xlsx(GOOD)})
    director_client.post(f"/director/t/{tournament.slug}/teams/add/",
                         {"name": "Pionnen", "player_1": "X", "player_2": "Y", "number": "30"})
    before = counts()
    response = director_client.post(f"/director/t/{tournament.slug}/teams/import/confirm/",
                                    HTTP_ACCEPT_LANGUAGE="en", follow=True)
    page = response.content.decode()
    assert "already registered" in page and "Nothing was imported" in page
    assert counts() == before


def test_dutch_headings_are_accepted(tournament):
    with translation.override("en"):
        result = read_teams(xlsx([[3, "De Kezers", "Anna", "Bram", "KC Noord"]],
                                 headings=["Teamnummer", "Teamnaam", "Speler 1", "Speler 2", "Club"]), tournament)
    assert result.ok, result.errors
    assert result.teams[0].players == ("Anna", "Bram") and result.teams[0].number == 3


def test_export_then_import_gives_the_same_teams(tournament, director_client):
    director_client.post(f"/director/t/{tournament.slug}/teams/import/", {"file": xlsx(GOOD)})
    director_client.post(f"/director/t/{tournament.slug}/teams/import/confirm/")
    exported = director_client.get(f"/director/t/{tournament.slug}/teams/export.xlsx")
    assert exported["Content-Type"].startswith("application/vnd.openxmlformats")

    copy = Tournament.objects.create(name="Copy", slug="copy", date=datetime.date(2026, 12, 1))
    director_client.post("/director/t/copy/teams/import/",
                         {"file": SimpleUploadedFile("export.xlsx", exported.content)})
    director_client.post("/director/t/copy/teams/import/confirm/")

    def snapshot(t):
        return [(team.number, team.name, team.player_names, team.club.name if team.club else None)
                for team in t.teams.with_people().order_by("number")]

    assert snapshot(copy) == snapshot(tournament)
    assert len(snapshot(copy)) == 3


def test_template_and_export_share_the_layout(tournament, make_teams):
    make_teams(tournament, 2)
    with translation.override("en"):
        template = load_workbook(io.BytesIO(template_xlsx())).worksheets[0]
        export = load_workbook(io.BytesIO(export_xlsx(tournament))).worksheets[0]
    heading = [cell.value for cell in template[1]]
    assert heading == HEADINGS == [cell.value for cell in export[1]]
    assert [cell.value for cell in export[2]] == [1, "Team 1", "Speler 1a", "Speler 1b", "Club 1"]


def test_export_keeps_text_that_looks_like_a_formula(tournament):
    Team.objects.create(tournament=tournament, number=1, name="=SUM(1,2)")
    sheet = load_workbook(io.BytesIO(export_xlsx(tournament))).worksheets[0]
    assert sheet["B2"].data_type == "s" and sheet["B2"].value == "=SUM(1,2)"


def test_template_download(director_client, tournament):
    response = director_client.get(f"/director/t/{tournament.slug}/teams/template.xlsx", HTTP_ACCEPT_LANGUAGE="nl")
    assert "attachment" in response["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(response.content)).worksheets[0]
    assert [cell.value for cell in sheet[1]] == ["Teamnummer", "Teamnaam", "Speler 1", "Speler 2", "Club"]
