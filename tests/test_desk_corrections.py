"""Corrections at the results desk: the form opens with the current sheet (every scoring system,
the forfeit and the clock's tick), the dispute's note beside it, and a history that lists the
points of every version, with what happened to it."""

from __future__ import annotations

import re

import pytest

from tournaments.models import Result
from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table
from tournaments.services.sheet_entry import evaluate, sheet_fields

pytestmark = pytest.mark.usefixtures("english")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def desk(client, tournament, table=1, **extra):
    return client.get(f"/director/t/{tournament.slug}/desk/1/?table={table}", **EN, **extra).content.decode()


def value_of(html: str, name: str) -> str | None:
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    found = re.search(r'value="([^"]*)"', tag.group(0)) if tag else None
    return found.group(1) if found else None


@pytest.fixture
def table(tournament, make_teams):
    a, b = make_teams(tournament, 2)
    return add_table(add_round(tournament), [a, b])


@pytest.mark.parametrize("system, sheet, fields", [
    ("pawn-order", {"arrivals": [0, 0, 1, 0, 1, 1, 0], "stopped_by_clock": True},
     {"arrivals": "AABABBA", "stopped_by_clock": "1"}),
    ("pawns-2pt", {"pawns_home": [8, 6]}, {"pawns_0": "8", "pawns_1": "6"}),
    ("individual-11", {"home": [[[4, 3, 2, 1], [4, 3, 2, 1]], [[4, 3], []]]},
     {"home_0_0": "4321", "home_0_1": "4321", "home_1_0": "43", "home_1_1": ""}),
    ("pawn-order", {"forfeit": 1}, {"forfeit": "2"}),
])
def test_the_correction_form_opens_with_the_current_sheet(director_client, tournament, table, system, sheet, fields):
    tournament.scoring_system = system
    tournament.save()
    record_result(table, sheet)
    html = desk(director_client, tournament)
    for name, value in fields.items():
        if name == "forfeit":
            assert f'<option value="{value}" selected>' in html
        elif name == "stopped_by_clock":
            assert re.search(r'name="stopped_by_clock"[^>]*checked', html)
        else:
            assert value_of(html, name) == value, name
    assert 'name="expected_version" value="1"' in html and "Save correction" in html
    # The prefilled form, sent back as it is, reads as the same sheet: a correction changes only what is typed.
    data, errors, _points = evaluate(table, {**sheet_fields(table, Result.objects.get().sheet), "unfinished_ok": "1"})
    assert errors == [] and {key: value for key, value in data.items() if value is not None} == sheet


def test_a_typed_correction_is_kept_when_refused(director_client, tournament, table):
    tournament.scoring_system = "pawns-2pt"
    tournament.save()
    record_result(table, {"pawns_home": [8, 6]})
    refused = director_client.post(f"/director/t/{tournament.slug}/desk/1/",
                                   {"table": 1, "pawns_0": "8", "pawns_1": "5", "expected_version": "1"}, **EN)
    html = refused.content.decode()
    assert refused.status_code == 422 and "needs a reason" in html
    assert value_of(html, "pawns_1") == "5"  # what was typed, not the stored sheet
    assert Result.objects.count() == 1


def test_the_dispute_note_and_the_points_of_every_version(director_client, tournament, published_round):
    round_ = published_round(tournament, 2)
    clock_services.start(round_)
    table = round_.tables.get()
    entry.submit(table, 1, {"arrivals": [0] * 8})
    other = next(seat.code for seat in table.seats.all() if seat.position == 2)
    entry.dispute(table, other, "We had 7 pawns home and they had 8")
    html = desk(director_client, tournament)
    current = html.split('id="current-sheet"', 1)[1].split('<form', 1)[0]
    assert 'id="current-sheet" data-status="disputed"' in html
    second = table.seats.get(position=2).team.name
    assert f"Disputed by {second} at" in current and "“We had 7 pawns home and they had 8”" in current
    assert value_of(html, "arrivals") == "AAAAAAAA"

    response = director_client.post(f"/director/t/{tournament.slug}/desk/1/", {
        "table": 1, "arrivals": "BBBBBBBAB", "reason": "B won, their sheet was right", "expected_version": "1"}, **EN)
    assert response.status_code == 302
    history = desk(director_client, tournament).split('id="history"', 1)[1].split("</ol>", 1)[0]
    versions = history.split("<li")[1:]
    assert [re.search(r'data-version="(\d+)"', v).group(1) for v in versions] == ["2", "1"]
    newest, oldest = versions
    first, second_team = (seat.team.name for seat in table.seats.all())
    assert f"{first} <strong>80</strong>" in newest and f"{second_team} <strong>1110</strong> (won)" in newest
    assert "“B won, their sheet was right”" in newest
    assert f"{first} <strong>1120</strong> (won)" in oldest and f"{second_team} <strong>0</strong>" in oldest
    assert "submitted · " + first in oldest and "disputed · " + second_team in oldest
    assert "“We had 7 pawns home and they had 8”" in oldest
