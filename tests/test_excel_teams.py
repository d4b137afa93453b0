"""Teams in Excel: template, export, and upload → preview → confirm.

Every bad sheet is refused whole: the message names the row and the problem, and the database
is untouched (Team, Player and Club counts identical), whether ``read_teams`` is called directly
or the file goes through the upload and confirm pages. Workbooks are built in memory with
openpyxl; everything runs against the real database and nothing of our own is mocked.
"""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from openpyxl import Workbook, load_workbook

from tournaments.excel.teams import COLUMNS, MAX_ROWS, export_xlsx, read_teams, template_xlsx
from tournaments.models import Club, Player, Team, Tournament
from tournaments.services.teams import TeamData, register_teams

HEADINGS = ["Team number", "Team name", "Player 1", "Player 2", "Club"]
KEYS = ["number", "name", "player_1", "player_2", "club"]
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

GOOD_ROWS = [
    [1, "De Kezers", "Anna de Vries", "Bram Jansen", "KC Noord"],
    [None, "Pionnen", "Carla Smit", "Dirk Bos", None],
    [7, "Aas in de Mouw", "Eva Visser", "Frank de Boer", "kc noord"],
]


# --- helpers -------------------------------------------------------------------------------


def xlsx_bytes(rows, headings=HEADINGS) -> bytes:
    """A workbook whose first sheet holds the headings (unless None) and then the rows."""
    workbook = Workbook()
    sheet = workbook.active
    if headings is not None:
        sheet.append(headings)
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def sheet_upload(rows, headings=HEADINGS, name="teams.xlsx") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, xlsx_bytes(rows, headings))


def counts() -> tuple[int, int, int]:
    return Team.objects.count(), Player.objects.count(), Club.objects.count()


def url(name: str, tournament: Tournament) -> str:
    return reverse(f"director:{name}", args=[tournament.slug])


def post_upload(client, tournament, upload):
    return client.post(url("team_import", tournament), {"file": upload}, HTTP_ACCEPT_LANGUAGE="en")


def post_confirm(client, tournament, **kwargs):
    return client.post(url("team_import_confirm", tournament), HTTP_ACCEPT_LANGUAGE="en", **kwargs)


def message_texts(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def snapshot(tournament: Tournament) -> list[tuple]:
    """Number, name, players in seat order and club of every team, by number."""
    return [
        (team.number, team.name, team.player_names, team.club.name if team.club else None)
        for team in tournament.teams.with_people().order_by("number")
    ]


def session_key(tournament: Tournament) -> str:
    return f"team-import:{tournament.pk}"


def replace_in_zip(content: bytes, member: str, data: bytes) -> bytes:
    """The same xlsx with one part replaced (to make a damaged workbook)."""
    source = zipfile.ZipFile(io.BytesIO(content))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for info in source.infolist():
            target.writestr(info, data if info.filename == member else source.read(info.filename))
    return buffer.getvalue()


pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def registered(tournament, make_teams):
    """The tournament with "Team 1" (number 1, club "Club 1") and "Team 2" already registered."""
    make_teams(tournament, 2)
    return tournament


NO_PREVIEW = "There is no previewed import to confirm; upload the file again."


def assert_refused(client, tournament, upload_factory, expected: list[str], status: int = 422):
    """``read_teams`` and the upload page both give exactly ``expected``, the page with ``status``
    (422: refused for what the file holds); confirm then answers 410 and imports nothing. Both read
    the same file, made once."""
    made = upload_factory()
    content = made.read()

    def upload() -> SimpleUploadedFile:
        return SimpleUploadedFile(made.name, content, made.content_type)

    before = counts()
    result = read_teams(upload(), tournament)
    assert result.errors == expected
    assert not result.ok
    assert counts() == before

    response = post_upload(client, tournament, upload())
    assert response.status_code == status
    assert response.context["result"].errors == expected
    page = response.content.decode()
    for message in expected:
        assert escape(message) in page
    assert 'id="import-preview"' not in page
    assert session_key(tournament) not in client.session

    confirm = post_confirm(client, tournament)
    assert confirm.status_code == 410
    assert escape(NO_PREVIEW) in confirm.content.decode()
    assert counts() == before


# --- rows that are refused -----------------------------------------------------------------

BAD_ROWS = {
    "empty team name": (
        [[3, "Goed", "A", "B"], [4, "", "Anna", "Bram"]],
        ["Row 3: the team name is empty."],
    ),
    "team name of spaces only": (
        [[3, "Goed", "A", "B"], [4, "   ", "Anna", "Bram"]],
        ["Row 3: the team name is empty."],
    ),
    "both player names empty": (
        [[3, "Goed", "A", "B"], [4, "Leeg", "", None, "KC Noord"]],
        ["Row 3: team “Leeg” has no players; a team has exactly two."],
    ),
    "only player 1": (
        [[3, "Goed", "A", "B"], [4, "Solo", "Anna", ""]],
        ["Row 3: team “Solo” has only one player; a team has exactly two."],
    ),
    "only player 2": (
        [[3, "Goed", "A", "B"], [4, "Solo", None, "Bram"]],
        ["Row 3: team “Solo” has only one player; a team has exactly two."],
    ),
    "duplicate name in the file, other case": (
        [[3, "De Kezers", "A", "B"], [4, "DE  kezers ", "C", "D"]],
        ["Row 3: the team name “DE kezers” also appears in row 2."],
    ),
    "name already registered, other case": (
        [[3, "Goed", "A", "B"], [4, "team 1", "C", "D"]],
        ["Row 3: a team named “team 1” is already registered (number 1)."],
    ),
    "duplicate number in the file": (
        [[4, "X", "A", "B"], [4, "Y", "C", "D"]],
        ["Row 3: team number 4 also appears in row 2."],
    ),
    "number already registered": (
        [[3, "X", "A", "B"], [2, "Y", "C", "D"]],
        ["Row 3: team number 2 is already taken in this tournament."],
    ),
    "formula as team name": (
        [[3, "Goed", "A", "B"], [4, "=A1&B1", "Anna", "Bram"]],
        ["Row 3: “Team name” holds a formula (=A1&B1); type the name itself."],
    ),
    "formula as player name": (
        [[3, "Goed", "A", "B"], [4, "X", "Anna", '=UPPER("bram")']],
        ["Row 3: “Player 2” holds a formula (=UPPER(\"bram\")); type the name itself."],
    ),
    "formula as club": (
        [[3, "Goed", "A", "B"], [4, "X", "Anna", "Bram", "=C3"]],
        ["Row 3: “Club” holds a formula (=C3); type the name itself."],
    ),
    "formula as number": (
        [[3, "Goed", "A", "B"], ["=1+3", "X", "Anna", "Bram"]],
        ["Row 3: “Team number” holds a formula (=1+3); type the name itself."],
    ),
    "name too long": (
        [[3, "X" * 101, "A", "B"]],
        ["Row 2: “Team name” is longer than 100 characters."],
    ),
    "value in a column without heading": (
        [[3, "X", "A", "B", "Club", "stray"]],
        ["Row 2: column F has a value but no heading."],
    ),
}

BAD_NUMBERS = ["een", "3a", "-1", "1.5", 2.5, 0, -4, True, "²", "١٢٣x", 10**12]


@pytest.mark.parametrize("case", BAD_ROWS, ids=list(BAD_ROWS))
def test_bad_row_is_named_and_nothing_is_written(registered, director_client, case):
    rows, expected = BAD_ROWS[case]
    assert_refused(director_client, registered, lambda: sheet_upload(rows), expected)


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=[repr(value) for value in BAD_NUMBERS])
def test_team_number_that_is_not_a_usable_whole_number(registered, director_client, value):
    """Text, fractions, zero, negatives, booleans, odd digits and huge numbers: one error for the row."""
    content = xlsx_bytes([[3, "Goed", "A", "B"], [value, "X", "Anna", "Bram"]])
    result = read_teams(SimpleUploadedFile("teams.xlsx", content), registered)
    assert len(result.errors) == 1, result.errors
    assert result.errors[0].startswith("Row 3: team number")
    before = counts()
    response = post_upload(director_client, registered, SimpleUploadedFile("teams.xlsx", content))
    assert response.context["result"].errors == result.errors
    post_confirm(director_client, registered)
    assert counts() == before


def test_every_problem_is_reported_at_once_in_row_order(registered):
    rows = [
        [None, "", "A", "B"],
        [None, "Solo", "Anna", None],
        [None, "=1+1", "A", "B"],
        ["x", "Y", "A", "B"],
        [None, "team 2", "C", "D"],
    ]
    result = read_teams(sheet_upload(rows), registered)
    assert [error.split(":")[0] for error in result.errors] == ["Row 2", "Row 3", "Row 4", "Row 5", "Row 6"]
    assert not result.ok


def test_problems_with_other_rows_come_in_row_order_too(tournament):
    """Issue 16, item 11: a name taken twice (row 3) is reported before an empty name in row 4."""
    rows = [[1, "De Kezers", "A", "B"], [1, "De Kezers", "C", "D"], [None, "", "E", "F"]]
    result = read_teams(sheet_upload(rows), tournament)
    assert [error.split(":")[0] for error in result.errors] == ["Row 3", "Row 3", "Row 4"]


def test_the_same_team_name_in_two_clubs_says_how_to_tell_them_apart(registered):
    rows = [[None, "Team 1", "A", "B", "KC Zuid"], [None, "Pionnen", "C", "D", "Zevens"],
            [None, "Pionnen", "E", "F", "Achten"], [None, "Team 2", "G", "H", "club 2"]]
    with translation.override("en"):
        errors = read_teams(sheet_upload(rows), registered).errors
    assert errors[0] == ("Row 2: a team named “Team 1” is already registered (number 1). Team names differ within "
                         "a tournament: add the club, for example “Team 1 (KC Zuid)”.")
    assert errors[1] == ("Row 4: the team name “Pionnen” also appears in row 3. Team names differ within a "
                         "tournament: add the club, for example “Pionnen (Achten)”.")
    assert errors[2] == "Row 5: a team named “Team 2” is already registered (number 2)."  # the same club: no hint


def test_a_player_named_twice_is_flagged_but_may_be_imported(registered, director_client):
    rows = [[None, "Nieuw", "Zoë Özdemir", "zoe ozdemir"], [None, "Ander", "Speler 1a", "Gert"],
            [None, "Derde", "Gert", "Hans"]]
    with translation.override("en"):
        result = read_teams(sheet_upload(rows), registered)
    assert result.ok and result.warnings == [
        "Row 2: both players of “Nieuw” are called “zoe ozdemir”.",
        "Row 3: “Speler 1a” also plays in team “Team 1” (number 1). A person plays in one team; if these "
        "are two people, tell them apart (an initial, a second name).",
        "Row 4: “Gert” also plays in team “Ander” (row 3). A person plays in one team; if these are two people, "
        "tell them apart (an initial, a second name).",
    ]
    page = post_upload(director_client, registered, sheet_upload(rows))
    assert page.status_code == 200 and 'id="import-warnings"' in page.content.decode()
    assert post_confirm(director_client, registered).status_code == 302
    assert registered.teams.filter(name="Derde").exists()


def test_one_bad_row_among_good_ones_refuses_the_whole_file(tournament, director_client):
    rows = GOOD_ROWS[:2] + [[8, "Halve", "Eva", ""]] + [[9, "Nog een", "G", "H"]]
    assert_refused(
        director_client, tournament, lambda: sheet_upload(rows),
        ["Row 4: team “Halve” has only one player; a team has exactly two."],
    )


def test_blank_rows_are_skipped_but_rows_keep_their_sheet_number(tournament):
    rows = [[1, "A", "a1", "a2"], [None, None, None], ["", "  ", ""], [2, "", "b1", "b2"]]
    result = read_teams(sheet_upload(rows), tournament)
    assert result.errors == ["Row 5: the team name is empty."]


def test_too_many_rows(tournament):
    rows = [[None, f"Team {n}", "A", "B"] for n in range(MAX_ROWS + 1)]
    result = read_teams(sheet_upload(rows), tournament)
    assert result.errors == [f"The sheet has more than {MAX_ROWS} rows of teams."]


@pytest.mark.parametrize("rows, headings, expected", [
    ([], None, ["The first sheet is empty: it has no headings and no teams."]),
    ([], HEADINGS, ["The sheet has headings but no teams."]),
    ([[None, None, None], ["", " ", ""]], HEADINGS, ["The sheet has headings but no teams."]),
], ids=["empty sheet", "headings only", "headings and blank rows"])
def test_sheet_without_teams(tournament, director_client, rows, headings, expected):
    assert_refused(director_client, tournament, lambda: sheet_upload(rows, headings), expected)


# --- headings ------------------------------------------------------------------------------

ALLOWED = "The columns are: Team number, Team name, Player 1, Player 2, Club."


@pytest.mark.parametrize("headings, row, expected", [
    (HEADINGS + ["Shirt size"], [1, "X", "A", "B", "", "L"],
     [f"Row 1: unknown column “Shirt size” in column F. {ALLOWED}"]),
    (["Team name", "Player 1", "Player 2", "Email"], ["X", "A", "B", "x@example.org"],
     [f"Row 1: unknown column “Email” in column D. {ALLOWED}"]),
    (["Team number", "Player 1", "Player 2", "Club"], [1, "A", "B", ""],
     ["Row 1: the column “Team name” is missing."]),
    (["Team number", "Team name", "Player 2", "Club"], [1, "X", "B", ""],
     ["Row 1: the column “Player 1” is missing."]),
    (["Team number", "Team name", "Player 1", "Club"], [1, "X", "A", ""],
     ["Row 1: the column “Player 2” is missing."]),
    (["Team name", "Player 1", "Player 2", "team NAME"], ["X", "A", "B", "Y"],
     ["Row 1: the column “team NAME” appears twice."]),
], ids=["unknown column", "unknown column instead of club", "missing team name", "missing player 1",
        "missing player 2", "column twice"])
def test_bad_headings(tournament, director_client, headings, row, expected):
    assert_refused(director_client, tournament, lambda: sheet_upload([row], headings), expected)


def test_optional_columns_may_be_left_out_and_reordered(tournament):
    result = read_teams(sheet_upload([["Anna", "X", "Bram"]], headings=["Player 1", "Team name", "Player 2"]),
                        tournament)
    assert result.ok, result.errors
    assert result.teams == [TeamData(name="X", players=("Anna", "Bram"), club="", number=None)]


def test_dutch_headings_as_translated(tournament):
    """Whatever the Dutch catalogue says the headings are, a sheet with them imports."""
    with translation.override("nl"):
        dutch = [str(COLUMNS[key]) for key in KEYS]
    result = read_teams(sheet_upload([[3, "De Kezers", "Anna", "Bram", "KC Noord"]], headings=dutch), tournament)
    assert result.ok, result.errors
    assert result.teams == [TeamData(name="De Kezers", players=("Anna", "Bram"), club="KC Noord", number=3)]


def test_literal_dutch_headings(tournament):
    """The headings a Dutch director types: Teamnummer, Teamnaam, Speler 1, Speler 2, Club."""
    with translation.override("nl"):
        if str(COLUMNS["name"]) == "Team name":
            pytest.skip("the Dutch catalogue is not compiled yet")
    headings = ["Teamnummer", " teamnaam ", "SPELER 1", "Speler 2", "Club"]
    result = read_teams(sheet_upload([[3, "De Kezers", "Anna", "Bram", ""]], headings=headings), tournament)
    assert result.ok, result.errors
    assert result.teams[0].players == ("Anna", "Bram") and result.teams[0].number == 3


def test_column_keys_are_accepted_as_headings(tournament):
    headings = ["number", "Name", "player 1", "PLAYER 2", "club"]
    result = read_teams(sheet_upload([[3, "De Kezers", "Anna", "Bram", ""]], headings=headings), tournament)
    assert result.ok, result.errors


# --- files that are not a readable xlsx ----------------------------------------------------


def damaged(member: str, data: bytes) -> bytes:
    return replace_in_zip(xlsx_bytes(GOOD_ROWS), member, data)


def plain_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("teams.txt", "De Kezers;Anna;Bram")
    return buffer.getvalue()


NOT_EXCEL = "“{}” is not an Excel file (.xlsx). Save the sheet as an Excel workbook and try again."
UNREADABLE = "“{}” could not be read as an Excel workbook (.xlsx)."

BAD_FILES = {
    "csv": ("teams.csv", lambda: b"Team name,Player 1,Player 2\nX,A,B\n", NOT_EXCEL),
    "xls name": ("teams.xls", lambda: b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 500, NOT_EXCEL),
    "xlsx content under an xls name": ("teams.xls", lambda: xlsx_bytes(GOOD_ROWS), NOT_EXCEL),
    "no extension": ("teams", lambda: xlsx_bytes(GOOD_ROWS), NOT_EXCEL),
    "xlsx name, text content": ("teams.xlsx", lambda: b"Team name,Player 1\nX,A\n", UNREADABLE),
    "xlsx name, old xls content": ("teams.xlsx", lambda: b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 500,
                                   UNREADABLE),
    "xlsx name, zip of something else": ("teams.xlsx", plain_zip, UNREADABLE),
    "xlsx name, truncated workbook": ("teams.xlsx", lambda: xlsx_bytes(GOOD_ROWS)[:400], UNREADABLE),
    "damaged workbook part": ("teams.xlsx", lambda: damaged("xl/workbook.xml", b"<workbook"), UNREADABLE),
    "damaged sheet part": ("teams.xlsx", lambda: damaged("xl/worksheets/sheet1.xml", b"<worksheet><row"),
                           UNREADABLE),
}


@pytest.mark.parametrize("case", BAD_FILES, ids=list(BAD_FILES))
def test_file_that_is_not_a_readable_xlsx(tournament, director_client, case):
    name, content, message = BAD_FILES[case]
    assert_refused(director_client, tournament, lambda: SimpleUploadedFile(name, content()),
                   [message.format(name)])


def test_file_over_5_mb_is_refused_before_it_is_read(tournament, director_client):
    limit = settings.TEAM_IMPORT_MAX_BYTES
    assert limit == 5 * 1024 * 1024
    assert_refused(
        director_client, tournament,
        lambda: SimpleUploadedFile("teams.xlsx", b"PK\x03\x04" + b"\0" * (limit - 3)),
        ["The file is 5.0 MB; the limit is 5 MB."], status=413,
    )


def test_file_of_exactly_5_mb_is_not_refused_for_its_size(tournament):
    upload = SimpleUploadedFile("teams.xlsx", b"\0" * settings.TEAM_IMPORT_MAX_BYTES)
    assert read_teams(upload, tournament).errors == [UNREADABLE.format("teams.xlsx")]


def test_upload_without_a_file_shows_the_form_error(tournament, director_client):
    response = director_client.post(url("team_import", tournament), {"csrfmiddlewaretoken": "x"},
                                    HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.context["form"].errors
    assert "result" not in response.context
    assert counts() == (0, 0, 0)


# --- a valid file --------------------------------------------------------------------------


def test_valid_file_reads_into_teams(tournament):
    rows = [[" 4 ", "  De   Kezers ", " Anna  de Vries", "Bram Jansen ", " KC  Noord "], [5.0, "B", "C", "D", None]]
    result = read_teams(sheet_upload(rows, name="Teams.XLSX"), tournament)
    assert result.ok, result.errors
    assert result.teams == [
        TeamData(name="De Kezers", players=("Anna de Vries", "Bram Jansen"), club="KC Noord", number=4),
        TeamData(name="B", players=("C", "D"), club="", number=5),
    ]
    assert counts() == (0, 0, 0)


def test_only_the_first_sheet_is_read(tournament):
    workbook = Workbook()
    workbook.active.append(HEADINGS)
    workbook.active.append([1, "A", "B", "C"])
    workbook.create_sheet("Notes").append(["Anything", "=1+1", "here"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    result = read_teams(SimpleUploadedFile("teams.xlsx", buffer.getvalue()), tournament)
    assert result.ok and len(result.teams) == 1


def test_preview_then_confirm_imports_every_team(tournament, director_client):
    Club.objects.create(name="KC Noord")
    before = counts()
    preview = post_upload(director_client, tournament, sheet_upload(GOOD_ROWS))
    assert preview.status_code == 200
    assert preview.context["result"].ok
    page = preview.content.decode()
    assert 'id="import-preview"' in page
    for name in ("De Kezers", "Pionnen", "Aas in de Mouw", "Anna de Vries", "Frank de Boer"):
        assert name in page
    assert counts() == before, "the preview writes nothing"
    assert len(director_client.session[session_key(tournament)]) == 3

    confirm = post_confirm(director_client, tournament)
    assert confirm.status_code == 302 and confirm["Location"] == url("team_list", tournament)
    assert message_texts(confirm) == ["3 teams imported."]
    assert session_key(tournament) not in director_client.session
    club = Club.objects.get()
    assert snapshot(tournament) == [
        (1, "De Kezers", ["Anna de Vries", "Bram Jansen"], "KC Noord"),
        (2, "Pionnen", ["Carla Smit", "Dirk Bos"], None),
        (7, "Aas in de Mouw", ["Eva Visser", "Frank de Boer"], "KC Noord"),
    ]
    assert set(Team.objects.values_list("club", flat=True)) == {club.pk, None}
    assert counts() == (3, 6, 1)

    again = post_confirm(director_client, tournament)
    assert again.status_code == 410 and escape(NO_PREVIEW) in again.content.decode()
    assert counts() == (3, 6, 1)


def test_confirm_writes_in_one_transaction(tournament, director_client):
    """Every insert of the import happens inside one atomic block (a savepoint within the test)."""
    post_upload(director_client, tournament, sheet_upload(GOOD_ROWS))
    with CaptureQueriesContext(connection) as captured:
        post_confirm(director_client, tournament)
    sql = [query["sql"].upper() for query in captured.captured_queries]
    inserts = [i for i, statement in enumerate(sql) if statement.startswith("INSERT") and "SESSION" not in statement]
    assert inserts, sql
    opened = [i for i, statement in enumerate(sql[: inserts[0]]) if statement.startswith("SAVEPOINT")]
    assert opened, "the inserts are not inside an atomic block"
    savepoint = sql[opened[-1]].split()[-1]
    released = [i for i, statement in enumerate(sql) if statement.startswith("RELEASE SAVEPOINT")
                and statement.split()[-1] == savepoint]
    assert released and released[0] > inserts[-1], "the atomic block closed before the last insert"
    assert Team.objects.count() == 3


def test_unnumbered_rows_do_not_take_a_number_given_later_in_the_file(registered, director_client):
    """Rows without a number get the next free ones, skipping numbers the file gives other teams."""
    rows = [[None, "Zonder", "A", "B"], [3, "Drie", "C", "D"], [None, "Ook zonder", "E", "F"], [5, "Vijf", "G", "H"]]
    post_upload(director_client, registered, sheet_upload(rows))
    confirm = post_confirm(director_client, registered)
    assert message_texts(confirm) == ["4 teams imported."]
    assert [(number, name) for number, name, _players, _club in snapshot(registered)] == [
        (1, "Team 1"), (2, "Team 2"), (3, "Drie"), (4, "Zonder"), (5, "Vijf"), (6, "Ook zonder"),
    ]


def test_a_new_upload_replaces_the_preview_and_a_bad_one_clears_it(tournament, director_client):
    post_upload(director_client, tournament, sheet_upload(GOOD_ROWS))
    post_upload(director_client, tournament, sheet_upload([[1, "", "A", "B"]]))
    assert session_key(tournament) not in director_client.session
    post_confirm(director_client, tournament)
    assert counts() == (0, 0, 0)

    post_upload(director_client, tournament, sheet_upload(GOOD_ROWS))
    post_upload(director_client, tournament, sheet_upload([[9, "Alleen", "A", "B"]]))
    post_confirm(director_client, tournament)
    assert snapshot(tournament) == [(9, "Alleen", ["A", "B"], None)]


def test_preview_belongs_to_its_tournament(tournament, director_client):
    other = Tournament.objects.create(name="Other", slug="other", date=datetime.date(2026, 12, 5))
    post_upload(director_client, tournament, sheet_upload(GOOD_ROWS))
    post_confirm(director_client, other)
    assert other.teams.count() == 0 and counts() == (0, 0, 0)


def test_confirm_only_accepts_post(tournament, director_client):
    post_upload(director_client, tournament, sheet_upload(GOOD_ROWS))
    assert director_client.get(url("team_import_confirm", tournament)).status_code == 405
    assert counts() == (0, 0, 0)


# --- confirm checks the database again -----------------------------------------------------

RACES = {
    "same name": (TeamData(name="PIONNEN", players=("X", "Y"), number=30),
                  "Row 3: a team named “Pionnen” is already registered (number 30)."),
    "same number": (TeamData(name="Laatkomers", players=("X", "Y"), number=7),
                    "Row 5: team number 7 is already taken in this tournament."),
}


@pytest.mark.parametrize("case", RACES, ids=list(RACES))
def test_confirm_refuses_when_a_conflicting_team_came_in_meanwhile(tournament, director_client, case):
    team, expected = RACES[case]
    rows = [GOOD_ROWS[0], GOOD_ROWS[1], [None, None], GOOD_ROWS[2]]  # a blank row: the rows keep their number
    preview = post_upload(director_client, tournament, sheet_upload(rows))
    assert preview.context["result"].ok
    register_teams(tournament, [team])
    before = counts()

    confirm = post_confirm(director_client, tournament)
    assert confirm.status_code == 409
    assert [str(message) for message in confirm.context["messages"]] == [
        expected, "Nothing was imported. Upload the file again."]
    page = confirm.content.decode()
    assert escape(expected) in page and 'id="import-preview"' not in page
    assert counts() == before
    assert session_key(tournament) not in director_client.session


# --- template and export -------------------------------------------------------------------


def first_sheet(content: bytes):
    return load_workbook(io.BytesIO(content)).worksheets[0]


def heading_row(sheet) -> list:
    return [cell.value for cell in sheet[1]]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_template_and_export_have_the_same_headings(registered, language):
    with translation.override(language):
        template = first_sheet(template_xlsx())
        export = first_sheet(export_xlsx(registered))
        expected = [str(COLUMNS[key]) for key in KEYS]
    assert heading_row(template) == heading_row(export) == expected
    assert [cell.value for cell in export[2]] == [1, "Team 1", "Speler 1a", "Speler 1b", "Club 1"]


def test_template_download_opens_and_imports(tournament, director_client):
    response = director_client.get(url("team_template", tournament), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_TYPE
    assert response["Content-Disposition"].startswith("attachment;")
    assert response["Content-Disposition"].endswith('.xlsx"')
    workbook = load_workbook(io.BytesIO(response.content))
    assert heading_row(workbook.worksheets[0]) == HEADINGS
    assert len(workbook.worksheets) == 2, "a second sheet explains the columns"
    result = read_teams(SimpleUploadedFile("template.xlsx", response.content), tournament)
    assert [team.name for team in result.teams] == [], "its example row is skipped (tests/test_excel_template_row.py)"
    assert result.errors == ["The sheet holds only the template's example row; replace it with your own teams."]


def test_export_download_opens_with_every_team(registered, director_client):
    response = director_client.get(url("team_export", registered), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_TYPE
    assert response["Content-Disposition"] == f'attachment; filename="{registered.slug}-teams.xlsx"'
    sheet = first_sheet(response.content)
    assert heading_row(sheet) == HEADINGS
    assert [[cell.value for cell in row] for row in sheet.iter_rows(min_row=2)] == [
        [1, "Team 1", "Speler 1a", "Speler 1b", "Club 1"],
        [2, "Team 2", "Speler 2a", "Speler 2b", "Club 2"],
    ]


def test_export_of_a_tournament_without_teams_has_only_headings(tournament):
    sheet = first_sheet(export_xlsx(tournament))
    assert sheet.max_row == 1 and heading_row(sheet) == HEADINGS


def test_export_keeps_names_starting_with_equals_as_text(tournament):
    register_teams(tournament, [
        TeamData(name='=HYPERLINK("http://example.org","klik")', players=("=1+1", "+31 6"), club="=A1", number=1),
        TeamData(name="@SUM(A1)", players=("-2+3", "Bram"), number=2),
    ])
    content = export_xlsx(tournament)
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        assert b"<f>" not in archive.read("xl/worksheets/sheet1.xml"), "the export holds a formula"
    sheet = first_sheet(content)
    for cell in ("B2", "C2", "D2", "E2", "B3", "C3"):
        assert sheet[cell].data_type == "s", cell
    assert [cell.value for cell in sheet[2]] == [
        1, '=HYPERLINK("http://example.org","klik")', "=1+1", "+31 6", "=A1"]


@pytest.mark.parametrize("export_language", ["en", "nl"])
def test_import_export_import_gives_the_same_teams(tournament, director_client, export_language):
    rows = GOOD_ROWS + [[12, "Één & Twee", "Zoë", "Ångström", "Club 'O Neill"]]
    post_upload(director_client, tournament, sheet_upload(rows))
    post_confirm(director_client, tournament)
    assert len(snapshot(tournament)) == 4

    exported = director_client.get(url("team_export", tournament), HTTP_ACCEPT_LANGUAGE=export_language)
    copy = Tournament.objects.create(name="Kopie", slug="kopie", date=datetime.date(2026, 12, 5))
    preview = post_upload(director_client, copy, SimpleUploadedFile("export.xlsx", exported.content))
    assert preview.context["result"].ok, preview.context["result"].errors
    post_confirm(director_client, copy)

    assert snapshot(copy) == snapshot(tournament)
    assert Club.objects.count() == 2, "the clubs are shared, not copied"


def test_export_imported_again_into_the_same_tournament_is_refused_row_by_row(registered):
    result = read_teams(SimpleUploadedFile("export.xlsx", export_xlsx(registered)), registered)
    assert result.errors == [
        "Row 2: a team named “Team 1” is already registered (number 1).",
        "Row 2: team number 1 is already taken in this tournament.",
        "Row 3: a team named “Team 2” is already registered (number 2).",
        "Row 3: team number 2 is already taken in this tournament.",
    ]


# --- who may use it ------------------------------------------------------------------------

PAGES = ["team_template", "team_export", "team_import", "team_import_confirm"]


@pytest.mark.parametrize("page", PAGES)
def test_non_directors_are_refused(tournament, client, player_user, page):
    response = client.post(url(page, tournament), {"file": sheet_upload(GOOD_ROWS)})
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    client.force_login(player_user)
    response = client.post(url(page, tournament), {"file": sheet_upload(GOOD_ROWS)})
    assert response.status_code == 403
    assert counts() == (0, 0, 0)


def test_unknown_tournament_is_404(db, director_client):
    for page in PAGES:
        response = director_client.post(reverse(f"director:{page}", args=["bestaat-niet"]))
        assert response.status_code == 404, page
