"""The Excel import and the template's own example row, and the numbers the preview promises (issue 34,
item 6: a new director filled the template, left its example row in and got a team "Example: De
Kezers"; and could not see which number each team would get).

The example row is recognised exactly as the template writes it, in whichever language the template was
made, and skipped, with a note in the preview; a real team in its place (other values) is a team. The
preview shows each team's number as the registration will give it, after the teams already registered,
and the import gives exactly those. Workbooks are the downloaded template, filled in with openpyxl; real
database, nothing of our own mocked.
"""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from django.utils.html import escape
from openpyxl import load_workbook

from tests.test_excel_teams import (
    GOOD_ROWS, counts, post_confirm, post_upload, session_key, sheet_upload, snapshot, url,
)
from tournaments.excel.teams import read_teams, template_xlsx
from tournaments.models import Entry, Tournament
from tournaments.services.teams import TeamData, register_teams

pytestmark = pytest.mark.usefixtures("english")

SKIPPED = "Row 2: the template's example row is skipped."


def filled_template(tournament: Tournament, rows: list[list], language: str = "en") -> SimpleUploadedFile:
    """The template as a director downloads it in ``language``, with ``rows`` added under its example row."""
    with translation.override(language):
        content = template_xlsx(tournament)
    workbook = load_workbook(io.BytesIO(content))
    for row in rows:
        workbook.worksheets[0].append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile("teams.xlsx", buffer.getvalue())


def preview_numbers(response) -> list[tuple[int, str]]:
    return [(line.number, line.team.name) for line in response.context["lines"]]


# --- the example row ----------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_example_row_left_in_is_skipped_and_the_preview_says_so(tournament, director_client, language):
    upload = filled_template(tournament, [[None, "Pionnen", "Carla Smit", "Dirk Bos", "KC Noord"],
                                          [None, "Aas in de Mouw", "Eva Visser", "Frank de Boer", None]], language)
    preview = post_upload(director_client, tournament, upload)
    assert preview.status_code == 200
    assert preview.context["result"].notes == [SKIPPED]
    assert preview.context["result"].warnings == []
    page = preview.content.decode()
    assert 'id="import-notes"' in page and escape(SKIPPED) in page
    assert "Example" not in page and "Voorbeeld" not in page
    assert preview_numbers(preview) == [(1, "Pionnen"), (2, "Aas in de Mouw")]

    assert post_confirm(director_client, tournament).status_code == 302
    assert [(number, name) for number, name, _players, _club in snapshot(tournament)] == [
        (1, "Pionnen"), (2, "Aas in de Mouw")]


def test_the_downloaded_template_with_its_example_alone_is_refused_with_the_reason(tournament, director_client):
    template = director_client.get(url("team_template", tournament), HTTP_ACCEPT_LANGUAGE="en")
    response = post_upload(director_client, tournament, SimpleUploadedFile("teams.xlsx", template.content))
    assert response.status_code == 422
    assert response.context["result"].errors == [
        "The sheet holds only the template's example row; replace it with your own teams."]
    assert session_key(tournament) not in director_client.session and counts() == (0, 0, 0)


def test_the_example_row_of_a_template_of_the_other_language_is_skipped_too(tournament):
    """A club's template made in Dutch, imported on an English page (or the other way round)."""
    for made, read in (("nl", "en"), ("en", "nl")):
        upload = filled_template(tournament, [[None, "Pionnen", "Carla Smit", "Dirk Bos"]], made)
        with translation.override(read):
            result = read_teams(upload, tournament)
        assert [team.name for team in result.teams] == ["Pionnen"] and len(result.notes) == 1


@pytest.mark.parametrize("row", [
    GOOD_ROWS[0],  # the example's players, club and number, but a team of its own name
    [1, "Example: De Kezers", "Anna de Vries", "Bram Jansen", "KC Zuid"],
    [2, "Example: De Kezers", "Anna de Vries", "Bram Jansen", "KC Noord"],
    [1, "Example: De Kezers", "Anna de Vries", "Carla Smit", "KC Noord"],
], ids=["other name", "other club", "other number", "other player"])
def test_a_team_with_other_values_in_the_examples_place_is_a_team(tournament, row):
    result = read_teams(sheet_upload([row]), tournament)
    assert result.ok and result.notes == []
    assert [(team.number, team.name) for team in result.teams] == [(row[0], row[1])]


def test_the_example_is_recognised_in_reordered_columns_but_not_with_a_member_number(tournament):
    headings = ["Club", "Player 2", "Player 1", "Team name", "Member number 1"]
    result = read_teams(sheet_upload([["KC Noord", "Bram Jansen", "Anna de Vries", "Example: De Kezers", None],
                                      ["KC Noord", "Dirk", "Carla", "Pionnen", None]], headings), tournament)
    assert [team.name for team in result.teams] == ["Pionnen"] and result.notes == [SKIPPED]
    with_member = read_teams(sheet_upload([["KC Noord", "Bram Jansen", "Anna de Vries", "Example: De Kezers", 77]],
                                          headings), tournament)
    assert [team.name for team in with_member.teams] == ["Example: De Kezers"] and with_member.notes == []


def test_an_individual_tournaments_example_row_is_skipped(db, director_client):
    solo = Tournament.objects.create(name="Solo", slug="solo", date="2026-05-01", entry=Entry.INDIVIDUAL)
    register_teams(solo, [TeamData(name="Zoë", players=("Zoë",))])
    preview = post_upload(director_client, solo, filled_template(solo, [[None, "Anna de Vries", "KC Noord"]], "nl"))
    assert preview.status_code == 200 and preview.context["result"].notes == [SKIPPED]
    assert preview_numbers(preview) == [(2, "Anna de Vries")]
    post_confirm(director_client, solo)
    assert list(solo.teams.order_by("number").values_list("number", "name")) == [(1, "Zoë"), (2, "Anna de Vries")]


# --- the numbers the teams will get ---------------------------------------------------------


def test_the_preview_shows_the_numbers_the_import_gives(tournament, director_client, make_teams):
    """After eleven teams, the sheet's unnumbered teams get 12, 14 and 15 (13 is asked for by a row
    further down): the preview says so, and the import does so."""
    make_teams(tournament, 11)
    rows = [[None, "De Kezers", "Anna de Vries", "Bram Jansen", "KC Noord"],
            [None, "Pionnen", "Carla Smit", "Dirk Bos"],
            [13, "Dertien", "Eva Visser", "Frank de Boer"],
            [None, "Aas in de Mouw", "Gijs", "Hanna"]]
    preview = post_upload(director_client, tournament, sheet_upload(rows))
    shown = preview_numbers(preview)
    assert shown == [(12, "De Kezers"), (14, "Pionnen"), (13, "Dertien"), (15, "Aas in de Mouw")]
    page = preview.content.decode()
    assert '<tr data-number="12"><td>12</td>' in page and "De Kezers" in page

    assert post_confirm(director_client, tournament).status_code == 302
    imported = {name: number for number, name, _players, _club in snapshot(tournament)}
    assert [(imported[name], name) for _number, name in shown] == shown


def test_a_team_registered_between_preview_and_import_shows_the_new_numbers_first(tournament, director_client,
                                                                                  make_teams):
    make_teams(tournament, 3)
    preview = post_upload(director_client, tournament, sheet_upload(GOOD_ROWS[1:2] + [[None, "Zes", "A", "B"]]))
    assert preview_numbers(preview) == [(4, "Pionnen"), (5, "Zes")]
    register_teams(tournament, [TeamData(name="Laatkomers", players=("X", "Y"))])  # takes number 4
    before = counts()

    again = post_confirm(director_client, tournament)
    assert again.status_code == 409 and counts() == before
    assert again.context["problems"] == ["Teams were registered since the preview, so the numbers changed: check "
                                         "the numbers below and import again."]
    assert preview_numbers(again) == [(5, "Pionnen"), (6, "Zes")]

    assert post_confirm(director_client, tournament).status_code == 302
    assert [(number, name) for number, name, _players, _club in snapshot(tournament)][-2:] == [
        (5, "Pionnen"), (6, "Zes")]


def test_without_a_register_the_preview_still_numbers_every_team(tournament, director_client, monkeypatch,
                                                                 make_teams):
    from tournaments import club_register

    monkeypatch.setattr(club_register, "_register", None)
    make_teams(tournament, 2)
    preview = post_upload(director_client, tournament, sheet_upload(GOOD_ROWS[1:2]))
    assert preview.context["preview"] is None
    assert preview_numbers(preview) == [(3, "Pionnen")]
    assert [line.players for line in preview.context["lines"]] == [("Carla Smit", "Dirk Bos")]


def test_numbers_after_the_highest_registered_as_the_registration_gives_them(tournament, make_teams):
    """A team given number 14 at the door: the next ones follow on after it, in the preview as in the
    registration (one rule: ``team_numbers``)."""
    from tournaments.services.teams import next_numbers

    make_teams(tournament, 11)
    register_teams(tournament, [TeamData(name="Laat", players=("X", "Y"), number=14)])
    teams = [TeamData(name="A", players=("A1", "A2")), TeamData(name="B", players=("B1", "B2"), number=16),
             TeamData(name="C", players=("C1", "C2"))]
    promised = next_numbers(tournament, teams)
    assert promised == [15, 16, 17]
    assert [team.number for team in register_teams(tournament, teams)] == promised
