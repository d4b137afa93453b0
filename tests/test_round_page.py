"""The director's round page: every table with its teams and whether its result is in."""

from __future__ import annotations

from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table


def test_the_round_page_marks_the_tables_with_a_result(director_client, tournament, make_teams):
    teams = make_teams(tournament, 4)
    round_ = add_round(tournament)
    record_result(add_table(round_, teams[:2]), {"arrivals": [0, 1, 0]})
    add_table(round_, teams[2:])
    page = director_client.get(f"/director/t/{tournament.slug}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    first = page.split('id="table-1"', 1)[1].split("</tr>", 1)[0]
    second = page.split('id="table-2"', 1)[1].split("</tr>", 1)[0]
    assert "✔" in first and "missing" not in first
    assert "missing" in second and "Remove" in second  # a table without a result can still go
