"""The results desk: typing sheets under each system, previews, corrections with a reason."""

from __future__ import annotations

import pytest

from tournaments.models import Result
from tournaments.services.rounds import add_round, add_table


@pytest.fixture
def table(tournament, make_teams):
    a, b = make_teams(tournament, 2)
    return add_table(add_round(tournament), [a, b])


def desk_url(tournament, suffix=""):
    return f"/director/t/{tournament.slug}/desk/1/{suffix}"


def test_desk_start_opens_the_latest_round(director_client, table):
    response = director_client.get(f"/director/t/{table.round.tournament.slug}/desk/")
    assert response.status_code == 302 and response["Location"].endswith("/desk/1/")


def test_pawn_order_one_key_per_pawn(director_client, table):
    tournament = table.round.tournament
    preview = director_client.post(desk_url(tournament, "preview/"), {"table": 1, "arrivals": "aab abb aaa ba"})
    html = preview.content.decode()
    assert 'data-testid="points-A">700<' in html and 'data-testid="points-B">400<' in html
    response = director_client.post(desk_url(tournament), {"table": 1, "arrivals": "AABABBAAABA", "unfinished_ok": "1"},
                                    HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    result = Result.objects.get(table=table)
    assert result.sheet == {"arrivals": [0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0]} and result.version == 1
    assert result.source == "desk" and result.created_by.username == "director"
    page = director_client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Table 1 saved: A 700, B 400." in page and "Every table has a result." in page


@pytest.mark.parametrize("typed, message", [
    ("AAXB", "“X” is not a team"),
    ("A" * 9, "more than 8 pawns home"),
])
def test_bad_sheets_are_named_and_not_saved(director_client, table, typed, message):
    tournament = table.round.tournament
    response = director_client.post(desk_url(tournament), {"table": 1, "arrivals": typed}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and message in response.content.decode()
    assert not Result.objects.exists()


def test_forfeit(director_client, table):
    tournament = table.round.tournament
    director_client.post(desk_url(tournament), {"table": 1, "forfeit": "2"})
    assert Result.objects.get().sheet == {"forfeit": 1}


def test_correction_needs_a_reason_and_keeps_history(director_client, table):
    tournament = table.round.tournament
    director_client.post(desk_url(tournament), {"table": 1, "arrivals": "AB", "unfinished_ok": "1"})
    refused = director_client.post(desk_url(tournament), {"table": 1, "arrivals": "BA", "unfinished_ok": "1"},
                                   HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 422 and "needs a reason" in refused.content.decode()
    director_client.post(desk_url(tournament), {"table": 1, "arrivals": "BA", "reason": "typo", "unfinished_ok": "1"})
    versions = list(Result.objects.order_by("version").values_list("version", "sheet", "reason"))
    assert versions == [(1, {"arrivals": [0, 1]}, ""), (2, {"arrivals": [1, 0]}, "typo")]
    page = director_client.get(desk_url(tournament) + "?table=1").content.decode()
    assert "“typo”" in page


def test_pawns_2pt_and_individual_11(director_client, tournament, make_teams):
    tournament.scoring_system = "pawns-2pt"
    tournament.save()
    a, b, c, d = make_teams(tournament, 4)
    round_ = add_round(tournament)
    add_table(round_, [a, b])
    add_table(round_, [c, d])
    director_client.post(desk_url(tournament), {"table": 1, "pawns_0": "8", "pawns_1": "6"})  # a finished game
    assert Result.objects.get(table__number=1).sheet == {"pawns_home": [8, 6]}
    tournament.scoring_system = "individual-11"
    tournament.save()
    preview = director_client.post(desk_url(tournament, "preview/"), {
        "table": 2, "home_0_0": "4321", "home_0_1": "4321", "home_1_0": "43", "home_1_1": "4"})
    assert 'data-testid="points-A">22<' in preview.content.decode()
    director_client.post(desk_url(tournament), {
        "table": 2, "home_0_0": "4321", "home_0_1": "4321", "home_1_0": "43", "home_1_1": "4"})
    assert Result.objects.get(table__number=2).sheet == {"home": [[[4, 3, 2, 1], [4, 3, 2, 1]], [[4, 3], [4]]]}


def test_unknown_table(director_client, table):
    page = director_client.get(desk_url(table.round.tournament) + "?table=9", HTTP_ACCEPT_LANGUAGE="en")
    assert "There is no table 9 in round 1." in page.content.decode()


def test_a_sheet_without_a_table_number_is_refused(director_client, table):
    response = director_client.post(desk_url(table.round.tournament), {"table": "", "arrivals": "AAB"},
                                    HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and "Type the number of the table" in response.content.decode()
    assert not Result.objects.exists()


def test_sheet_problems_are_named_in_dutch(director_client, table):
    response = director_client.post(desk_url(table.round.tournament), {"table": 1, "arrivals": "A" * 9},
                                    HTTP_ACCEPT_LANGUAGE="nl")
    assert "heeft meer dan 8 pionnen thuis" in response.content.decode()
    assert not Result.objects.exists()
