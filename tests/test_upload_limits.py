"""Uploads that cannot exhaust the laptop, and refused uploads that answer 4xx (issue 15).

A 4 MB Excel file once took 8.2 GB of memory and 40 s: a compressed bomb under the 5 MB upload
limit. Every hostile file is built in ``devtools/upload_files.py`` (shared with
``manage.py bench_uploads``) or here: a valid workbook whose sheet or shared
strings unpack to hundreds of MB, a zip of thousands of parts, markup dense enough to cost
openpyxl hundreds of bytes per tag, entity declarations, a sheet that claims a million rows. Each
is refused quickly with a message that names the limit (tournaments/excel/limits.py), the page
answers 422 (413 for a file over the size limit, 400 without a file, 410 for a confirm whose upload
is gone, 409 for a confirm that clashes with teams registered meanwhile), and nothing is written.

Memory is measured in a separate Python process (the same code the views call, on the file from
disk; ``measure`` of ``manage.py bench_uploads``): the process's peak resident size (``VmHWM``),
which counts what lxml, expat and zlib allocate in C — ``tracemalloc`` would miss those.
"""

from __future__ import annotations

import io
import time
import zipfile

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils.html import escape

from tournaments.excel import limits
from tournaments.excel.teams import read_teams
from devtools import upload_files
from devtools.management.commands.bench_uploads import measure
from devtools.upload_files import (
    HEADING_ROW,
    MAIN,
    MB,
    SHEET,
    bare_styles,
    cells,
    densest_file,
    excel_like,
    inline_row,
    markup,
    random_names,
    rezip,
    sheet_xml,
    with_shared_strings,
    workbook,
)
from tournaments.models import Club, Player, Team, Tournament
from tournaments.services.tournament_file import dumps, export_file
from tournaments.views import restore as restore_view

pytestmark = pytest.mark.usefixtures("english")

UNREADABLE = "“{}” could not be read as an Excel workbook (.xlsx)."
PEAK_MB = 200


# --- building files (devtools/upload_files.py) -------------------------------


@pytest.fixture(scope="module")
def sheet_bomb() -> bytes:
    """A valid workbook whose sheet unpacks to 300 MB of rows of repeated cells (about 2 MB packed)."""
    return upload_files.sheet_bomb(300)


@pytest.fixture(scope="module")
def strings_bomb() -> bytes:
    """A valid workbook whose shared strings unpack to 300 MB."""
    return upload_files.strings_bomb(300)


@pytest.fixture(scope="module")
def many_parts() -> bytes:
    """A valid workbook with 5,000 tiny parts more."""
    return upload_files.many_parts(5000)


def counts() -> tuple[int, ...]:
    return (Tournament.objects.count(), Team.objects.count(), Player.objects.count(), Club.objects.count())


def import_url(tournament: Tournament, page: str = "team_import") -> str:
    return reverse(f"director:{page}", args=[tournament.slug])


def post_import(client, tournament, content: bytes, name: str = "teams.xlsx"):
    return client.post(import_url(tournament), {"file": SimpleUploadedFile(name, content)},
                       HTTP_ACCEPT_LANGUAGE="en")


def upload(content: bytes, name: str = "teams.xlsx") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content)


# --- measured in a process of its own ------------------------------------------------------


def measured(kind: str, content: bytes, name: str = "teams.xlsx") -> dict:
    """Read ``content`` as the views do (``read_teams``, or ``loads`` of a tournament file) in a new
    process, as ``manage.py bench_uploads`` does: its messages, seconds, and peak memory (MB: the
    whole process, Django included, and the part the reading added)."""
    return measure("decode" if kind == "file" else kind, content, name)


# --- compressed bombs: refused quickly, with little memory ---------------------------------

TOO_BIG_UNPACKED = ("The file unpacks to {size} MB, more than the limit of 10 MB; a sheet of teams is far smaller. "
                    "Save only the sheet of teams and try again.")
TOO_MANY_PARTS = ("“teams.xlsx” holds 5009 parts; an Excel workbook may hold at most 200. "
                  "Save only the sheet of teams and try again.")


@pytest.mark.parametrize("bomb, unpacked", [("sheet_bomb", True), ("strings_bomb", True), ("many_parts", False)])
def test_compressed_bombs_are_refused_quickly_with_little_memory(request, bomb, unpacked):
    content = request.getfixturevalue(bomb)
    assert len(content) < settings.TEAM_IMPORT_MAX_BYTES, "under the upload limit, as the attack was"
    expected = TOO_MANY_PARTS
    if unpacked:
        size = sum(info.file_size for info in zipfile.ZipFile(io.BytesIO(content)).infolist())
        assert size > 250 * MB
        expected = TOO_BIG_UNPACKED.format(size=f"{size / MB:.1f}")
    outcome = measured("teams", content)
    assert outcome["errors"] == [expected]
    assert outcome["seconds"] < 2, outcome
    assert outcome["extra_mb"] < 30 and outcome["peak_mb"] < PEAK_MB, outcome


@pytest.mark.parametrize("bomb", ["sheet_bomb", "strings_bomb", "many_parts"])
def test_a_bomb_upload_answers_422_and_changes_nothing(request, tournament, director_client, bomb):
    content = request.getfixturevalue(bomb)
    before = counts()
    started = time.perf_counter()
    response = post_import(director_client, tournament, content)
    assert time.perf_counter() - started < 3
    assert response.status_code == 422
    assert 'id="import-errors"' in response.content.decode() and 'id="import-preview"' not in response.content.decode()
    assert f"team-import:{tournament.pk}" not in director_client.session
    assert counts() == before


def test_a_bomb_under_the_unpacked_limit_is_refused_for_its_ratio(tournament):
    cells = b'<c t="inlineStr"><is><t>Keezen</t></is></c>' * 100
    content = rezip(workbook(), streamed={SHEET: (b"<worksheet " + MAIN + b"><sheetData>" + HEADING_ROW,
                                                  b"<row>" + cells + b"</row>", 8, b"</sheetData></worksheet>")})
    info = zipfile.ZipFile(io.BytesIO(content)).getinfo(SHEET)
    ratio = info.file_size // info.compress_size
    assert ratio > limits.MAX_RATIO
    assert read_teams(upload(content), tournament).errors == [
        f"Part “{SHEET}” of the file unpacks to {ratio} times its packed size; the limit is 100 times. "
        "This is not a workbook as Excel saves it."]


def test_dense_markup_that_packs_badly_is_refused_by_its_count(tournament):
    content = rezip(workbook(), {"xl/workbook.xml": random_names(limits.MAX_MARKUP // 3)})
    info = zipfile.ZipFile(io.BytesIO(content)).getinfo("xl/workbook.xml")
    assert info.file_size < limits.MAX_UNPACKED_BYTES and info.file_size < limits.MAX_RATIO * info.compress_size
    started = time.perf_counter()
    assert read_teams(upload(content), tournament).errors == [
        "The file holds more than 200000 XML tags and attributes; a sheet of 2000 teams needs about half that. "
        "Save only the sheet of teams and try again."]
    assert time.perf_counter() - started < 2


def test_styles_beyond_their_own_limit_are_refused(tournament):
    content = rezip(workbook(), {"xl/styles.xml": bare_styles(limits.MAX_STYLES_MARKUP)})
    assert read_teams(upload(content), tournament).errors == [
        "The file's styles (xl/styles.xml) hold more than 30000 XML tags and attributes; Excel writes a few "
        "thousand. Copy the teams into a new workbook and try again."]


def test_the_costliest_file_within_every_limit_stays_under_200_mb_and_10_s():
    """As many tags and attributes as the limits let through, where they cost openpyxl most: bare
    cell formats in the styles (about 750 bytes and 75 µs each), defined names in the workbook."""
    # An unknown heading: the reading stops at the heading row, before the tournament's teams are read.
    base = workbook([], headings=["Team name", "Player 1", "Player 2", "Shirt size"])
    styles = bare_styles(limits.MAX_STYLES_MARKUP - 20)
    room = limits.MAX_MARKUP - markup(rezip(base, {"xl/styles.xml": styles, "xl/workbook.xml": random_names(0)}))
    content = rezip(base, {"xl/styles.xml": styles, "xl/workbook.xml": random_names(room // 3)})
    assert limits.MAX_MARKUP - 100 < markup(content) <= limits.MAX_MARKUP
    assert limits.archive_problem(io.BytesIO(content), "teams.xlsx") is None
    outcome = measured("teams", content)
    assert len(outcome["errors"]) == 1 and "Shirt size" in outcome["errors"][0], outcome
    assert outcome["seconds"] < 10, outcome
    assert outcome["peak_mb"] < PEAK_MB, outcome


# --- parts that are not XML as Excel writes it ---------------------------------------------

LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "Keezen"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
          b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>'
          b"<sst " + MAIN + b"><si><t>&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;</t></si></sst>")


@pytest.mark.parametrize("part, data, expected", [
    ("xl/sharedStrings.xml", LAUGHS,
     "Part “xl/sharedStrings.xml” of the file declares a document type or entities (<!DOCTYPE>), which Excel never "
     "writes; the file is refused."),
    ("xl/sharedStrings.xml", ("<sst " + MAIN.decode() + "><si><t>Keezen</t></si></sst>").encode("utf-16"),
     "Part “xl/sharedStrings.xml” of the file is XML in an encoding Excel does not write (it writes UTF-8); the "
     "file is refused."),
    ("xl/sharedStrings.xml", b'<?xml version="1.0" encoding="cp500"?><sst/>',
     "Part “xl/sharedStrings.xml” of the file is XML in an encoding Excel does not write (it writes UTF-8); the "
     "file is refused."),
], ids=["entities", "utf-16", "ebcdic"])
def test_xml_that_could_hide_markup_is_refused(tournament, part, data, expected):
    content = rezip(workbook(), with_shared_strings(workbook(), data))
    assert read_teams(upload(content), tournament).errors == [expected]


def test_packing_methods_excel_does_not_use_are_refused(tournament):
    content = rezip(workbook(), method=zipfile.ZIP_BZIP2)
    assert read_teams(upload(content), tournament).errors == [UNREADABLE.format("teams.xlsx")]


def test_a_part_longer_than_the_directory_says_is_refused(tournament):
    """The zip's directory may understate a part's size; the reader stops at the declared size, the
    checksum fails, and the file is refused as damaged."""
    content = workbook()
    info = zipfile.ZipFile(io.BytesIO(content)).getinfo(SHEET)
    entry = content.index(b"PK\x01\x02")  # walk the central directory to the sheet's entry
    while content[entry + 46:entry + 46 + len(SHEET)] != SHEET.encode():
        lengths = [int.from_bytes(content[entry + at:entry + at + 2], "little") for at in (28, 30, 32)]
        entry += 46 + sum(lengths)
    damaged = content[:entry + 24] + (info.file_size // 2).to_bytes(4, "little") + content[entry + 28:]
    assert read_teams(upload(damaged), tournament).errors == [UNREADABLE.format("teams.xlsx")]


# --- rows and columns ----------------------------------------------------------------------


def sheet_workbook(rows: bytes, dimension: bytes = b"") -> bytes:
    return rezip(workbook(), {SHEET: sheet_xml(rows, dimension)})


def test_a_declared_size_of_a_million_rows_by_16384_columns_is_not_read_as_one(tournament):
    rows = HEADING_ROW + inline_row(2, ["De Kezers", "Anna", "Bram"])
    content = sheet_workbook(rows, b'<dimension ref="A1:XFD1048576"/>')
    started = time.perf_counter()
    result = read_teams(upload(content), tournament)
    assert result.ok, result.errors
    assert [team.name for team in result.teams] == ["De Kezers"]
    assert time.perf_counter() - started < 2


@pytest.mark.parametrize("row", [2002, 1_048_576, 2_000_000_000])
def test_a_team_far_down_the_sheet_is_refused_naming_the_row_limit(tournament, row):
    rows = HEADING_ROW + inline_row(2, ["De Kezers", "Anna", "Bram"]) + inline_row(row, ["Laat", "Cor", "Dirk"])
    started = time.perf_counter()
    assert read_teams(upload(sheet_workbook(rows)), tournament).errors == [
        "The sheet has more than 2000 rows of teams."]
    assert time.perf_counter() - started < 3


def test_blank_rows_far_down_do_not_count_as_teams(tournament):
    rows = HEADING_ROW + inline_row(2, ["De Kezers", "Anna", "Bram"]) + b'<row r="5000" s="1" customFormat="1"/>'
    result = read_teams(upload(sheet_workbook(rows)), tournament)
    assert result.ok, result.errors


@pytest.mark.parametrize("column, letter", [(50, "AY"), (16383, "XFD")])
def test_a_row_beyond_the_column_limit_is_refused_naming_it(tournament, director_client, column, letter):
    rows = HEADING_ROW + inline_row(2, ["De Kezers", "Anna", "Bram"]) + inline_row(3, ["stray"], start=column)
    before = counts()
    response = post_import(director_client, tournament, sheet_workbook(rows))
    assert response.status_code == 422
    assert response.context["result"].errors == [
        f"Row 3 goes on to column {letter}; the sheet may have at most 50 columns."]
    assert counts() == before


def test_fifty_columns_are_read(tournament):
    rows = HEADING_ROW + b'<row r="2">' + cells(2, ["De Kezers", "Anna", "Bram"]) + b'<c r="AX2"/></row>'
    result = read_teams(upload(sheet_workbook(rows)), tournament)
    assert result.ok, result.errors


def test_too_many_rows_of_teams_answer_422_naming_the_limit(tournament, director_client):
    rows = [[None, f"Team {n}", "A", "B"] for n in range(limits.MAX_ROWS + 1)]
    before = counts()
    response = post_import(director_client, tournament, workbook(rows))
    assert response.status_code == 422
    assert response.context["result"].errors == ["The sheet has more than 2000 rows of teams."]
    assert counts() == before


@pytest.mark.parametrize("writer", ["openpyxl", "excel"])
def test_the_largest_tournament_imports_within_the_limits(tournament, writer):
    """2,000 teams with clubs, as the export or as Excel writes them: well inside every limit."""
    if writer == "excel":
        content = excel_like(limits.MAX_ROWS)
    else:
        content = workbook([[n, f"Team {n}", f"Speler {n}a met een lange naam", f"Speler {n}b", f"Club {n % 40}"]
                            for n in range(1, limits.MAX_ROWS + 1)])
    assert limits.archive_problem(io.BytesIO(content), "teams.xlsx") is None
    assert markup(content) < limits.MAX_MARKUP * 0.7, markup(content)
    started = time.perf_counter()
    result = read_teams(upload(content), tournament)
    assert result.ok and len(result.teams) == limits.MAX_ROWS, result.errors[:3]
    assert time.perf_counter() - started < 5


# --- refused uploads answer 4xx and change nothing: the team import ------------------------


@pytest.mark.parametrize("name, content, status", [
    ("teams.xlsx", lambda: workbook([[1, "", "Anna", "Bram"]]), 422),
    ("teams.xlsx", lambda: b"Team name,Player 1,Player 2\nX,A,B\n", 422),
    ("teams.csv", lambda: b"Team name,Player 1,Player 2\nX,A,B\n", 422),
    ("teams.xlsx", lambda: b"PK\x03\x04" + b"\0" * settings.TEAM_IMPORT_MAX_BYTES, 413),
], ids=["bad row", "not excel", "not xlsx", "too large"])
def test_refused_team_uploads_answer_4xx_and_change_nothing(registered, director_client, name, content, status):
    before = counts()
    response = post_import(director_client, registered, content(), name)
    assert response.status_code == status
    assert 'id="import-errors"' in response.content.decode()
    assert f"team-import:{registered.pk}" not in director_client.session
    assert counts() == before


def test_an_upload_without_a_file_answers_400(tournament, director_client):
    response = director_client.post(import_url(tournament), {}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and response.context["form"].errors


def test_a_confirm_without_a_preview_answers_410(tournament, director_client):
    before = counts()
    response = director_client.post(import_url(tournament, "team_import_confirm"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 410
    assert escape("There is no previewed import to confirm; upload the file again.") in response.content.decode()
    assert counts() == before


def test_a_confirm_that_clashes_with_teams_registered_meanwhile_answers_409(tournament, director_client, make_teams):
    preview = post_import(director_client, tournament, workbook([[5, "Team 1", "A", "B"]]))
    assert preview.status_code == 200 and preview.context["result"].ok
    make_teams(tournament, 1)
    before = counts()
    response = director_client.post(import_url(tournament, "team_import_confirm"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert escape("Row 2: a team named “Team 1” is already registered (number 1).") in response.content.decode()
    assert counts() == before


@pytest.fixture
def registered(tournament, make_teams):
    make_teams(tournament, 2)
    return tournament


# --- refused uploads answer 4xx and change nothing: restore and copy -----------------------


def restore(client, content: bytes, name: str = "cup.json"):
    return client.post("/director/restore/", {"file": SimpleUploadedFile(name, content)}, HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def backup_file(registered, settings, tmp_path) -> bytes:
    settings.BACKUP_DIR = tmp_path
    return dumps(export_file(registered)).encode()


@pytest.mark.parametrize("content, status, words", [
    (lambda good: good[: len(good) // 2], 422, "cut off"),
    (lambda good: good.replace(b'"keezen-tournament"', b'"something-else"'), 422, "format"),
    (lambda good: b"\xff\xfe not text", 422, "UTF-8"),
    (lambda good: b" " * (restore_view.MAX_BYTES + 1), 413, "the limit for an upload is 3 MB"),
], ids=["cut off", "another format", "not text", "too large"])
def test_refused_restore_uploads_answer_4xx_and_change_nothing(director_client, backup_file, content, status, words):
    before = counts()
    response = restore(director_client, content(backup_file))
    assert response.status_code == status
    page = response.content.decode().replace("&quot;", '"')
    assert 'id="restore-errors"' in page and words in page
    assert counts() == before


def test_restore_without_a_file_answers_400(director_client, db):
    assert director_client.post("/director/restore/", {}, HTTP_ACCEPT_LANGUAGE="en").status_code == 400


def test_the_confirm_step_of_a_restore_answers_4xx(director_client, backup_file, tournament):
    asked = restore(director_client, backup_file)
    assert asked.status_code == 200
    pending = asked.context["pending"]
    before = counts()
    no_choice = director_client.post("/director/restore/", {"pending": pending, "choice": "both"},
                                     HTTP_ACCEPT_LANGUAGE="en")
    assert no_choice.status_code == 400 and "Choose restore or copy." in no_choice.content.decode()
    for gone in ("0" * 32, "../../etc/passwd", ""):
        response = director_client.post("/director/restore/", {"pending": gone, "choice": "copy"},
                                        HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 410 and "upload the file again" in response.content.decode()
    assert counts() == before
    done = director_client.post("/director/restore/", {"pending": pending, "choice": "copy"})
    assert done.status_code == 302 and Tournament.objects.count() == 2
    again = director_client.post("/director/restore/", {"pending": pending, "choice": "copy"},
                                 HTTP_ACCEPT_LANGUAGE="en")
    assert again.status_code == 410 and Tournament.objects.count() == 2


def test_the_densest_tournament_file_under_the_upload_limit_decodes_under_200_mb():
    """JSON of empty objects costs about 25 times its size once decoded: the upload limit keeps that in bounds."""
    content = densest_file(restore_view.MAX_BYTES)
    assert len(content) <= restore_view.MAX_BYTES
    outcome = measured("file", content, "dense.json")
    assert outcome["seconds"] < 3, outcome
    assert outcome["peak_mb"] < PEAK_MB, outcome
