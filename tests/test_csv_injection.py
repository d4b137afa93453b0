"""No formula runs from a CSV the product writes (issue 31): a text that a spreadsheet would run
(``=``, ``+``, ``-``, ``@``, a tab or a carriage return first) gets a single quote in front, as OWASP
recommends; numbers stay numbers, and the JSON is unchanged."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest

from tests.test_competition_file import SEASON
from tests.test_tournament_file import FILE, run, write
from tournaments.management.command_io import csv_cell

pytestmark = pytest.mark.usefixtures("english")

LINK = '=HYPERLINK("http://x/","y")'


@pytest.mark.parametrize(("value", "written"), [
    (LINK, "'" + LINK), ("+31 6 1234", "'+31 6 1234"), ("-x", "'-x"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("-", "'-"),
    (-5, -5), (-2.5, -2.5), ("-5", "-5"), ("+7", "+7"), ("-1.5e3", "-1.5e3"), (0, 0), ("", ""),
    ("De Kezers", "De Kezers"), ("1:26 2:8e", "1:26 2:8e"), ("lot", "lot"), (None, None),
])
def test_a_cell_that_would_run_is_text_and_a_number_stays_a_number(value, written):
    assert csv_cell(value) == written


def test_a_team_named_like_a_formula_is_text_in_the_standings_csv(db, tmp_path):
    data = copy.deepcopy(FILE)
    data["teams"][0]["name"] = LINK
    slug = run("import_tournament", write(tmp_path, data)).strip()
    table = list(csv.reader(io.StringIO(run("standings", slug, "--format", "csv"))))
    row = next(line for line in table if line[1] == data["teams"][0]["id"])
    assert row[2] == "'" + LINK
    assert not any(cell.startswith(("=", "+", "@")) for line in table for cell in line)
    named = next(entry for entry in json.loads(run("standings", slug, "--format", "json"))["standings"]
                 if entry["team"] == data["teams"][0]["id"])
    assert named["name"] == LINK  # the JSON contract: the name as it is


def test_a_person_named_like_a_formula_is_text_in_the_competition_csv(db, tmp_path):
    season = copy.deepcopy(SEASON)
    season["tournaments"][0]["teams"][1]["players"][0] = "@cmd|' /C calc'!A0"
    slug = run("import_competition", write(tmp_path, season)).strip()
    table = list(csv.reader(io.StringIO(run("competition_standings", slug, "--format", "csv"))))
    assert table[0] == ["rank", "person", "name", "points", "evenings", "counted", "dropped", "lot"]
    names = [line[2] for line in table[1:]]
    assert "'@cmd|' /C calc'!A0" in names and not any(name.startswith("@") for name in names)
