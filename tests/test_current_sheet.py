"""The one way to read a table with its sheet: ``Table.objects.with_sheets()`` and
``table.current_sheet`` (the latest version), used by every page, file and command."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Table
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table


def test_current_sheet_is_the_latest_version_in_a_fixed_number_of_queries(tournament, make_teams):
    teams = make_teams(tournament, 8)
    round_ = add_round(tournament)
    tables = [add_table(round_, teams[i:i + 2]) for i in range(0, 8, 2)]
    record_result(tables[0], {"arrivals": [0]})
    record_result(tables[0], {"arrivals": [1]}, reason="wrong team")
    record_result(tables[1], {"forfeit": 1})
    with CaptureQueriesContext(connection) as few:
        found = list(Table.objects.filter(round=round_).order_by("number").with_sheets())
        current = [table.current_sheet for table in found]
        history = [[result.version for result in table.sheet_versions] for table in found]
        names = [[seat.team.player_names for seat in table.seats.all()] for table in found]
    assert [result.sheet if result else None for result in current] == [{"arrivals": [1]}, {"forfeit": 1}, None, None]
    assert history == [[2, 1], [1], [], []]
    assert names[0] == [["Speler 1a", "Speler 1b"], ["Speler 2a", "Speler 2b"]]
    more = make_teams(tournament, 20, start=9)
    for i in range(0, 20, 2):
        record_result(add_table(round_, more[i:i + 2]), {"arrivals": [0, 1]})
    with CaptureQueriesContext(connection) as many:
        for table in Table.objects.filter(round=round_).with_sheets():
            table.current_sheet, table.sheet_versions, [seat.team.player_names for seat in table.seats.all()]
    assert len(many.captured_queries) == len(few.captured_queries)


def test_without_prefetch_a_fresh_table_reads_what_is_in_the_database(tournament, make_teams):
    round_ = add_round(tournament)
    table = add_table(round_, make_teams(tournament, 2))
    assert table.current_sheet is None
    record_result(table, {"arrivals": [0]})
    record_result(table, {"arrivals": [0, 0]}, reason="one more")
    assert Table.objects.get(pk=table.pk).current_sheet.version == 2
    assert list(Table.objects.without_sheet().filter(round=round_)) == []
