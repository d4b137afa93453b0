"""One definition of an open table (sheet_states): a table whose sheet waits for confirmation, is
disputed, or waits for the director's approval is as open as a missing one — on the desk, the
round's overview, the round page, the round list, the missing-results PDF, the draw of the next
round and the tournament's status. Never "every table has a result" while one is disputed."""

from __future__ import annotations

import datetime
import json

import pytest
from django.utils import timezone

from tournaments.exporters.round_pdfs import missing_results_html
from tournaments.models import Result, Round, Tournament, TournamentStatus
from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.services.results import record_result
from tournaments.services.rounds import rounds_with_counts
from tournaments.services.sheet_states import is_open, open_tables
from tournaments.services.tournament_file import import_file

pytestmark = pytest.mark.usefixtures("english")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
WIN = {"arrivals": [0] * 8}


def codes(table) -> dict[int, str]:
    return {seat.position: seat.code for seat in table.seats.all()}


@pytest.fixture
def day(tournament, published_round) -> Round:
    """Round 1 of eight teams, the clock running: table 1 disputed, table 2 waiting for the other
    team's code, tables 3 and 4 entered at the desk."""
    round_ = published_round(tournament, 8)
    clock_services.start(round_)
    one, two, three, four = round_.tables.order_by("number")
    entry.submit(one, 1, WIN)
    entry.dispute(one, codes(one)[2], "We had 7 pawns home, not 8")
    entry.submit(two, 1, WIN)
    record_result(three, WIN)
    record_result(four, WIN)
    return round_


def test_the_desk_lists_disputed_and_unconfirmed_tables_as_open(director_client, tournament, day):
    page = director_client.get(f"/director/t/{tournament.slug}/desk/1/", **EN).content.decode()
    assert "Every table has a result." not in page
    side = page.split('id="missing"', 1)[1].split("</div>", 1)[0]
    assert 'data-table="1" data-status="disputed"' in side and 'data-table="2" data-status="submitted"' in side
    assert 'data-table="3"' not in side and 'data-table="4"' not in side
    assert "disputed" in side and "waiting for confirmation" in side


def test_once_every_sheet_counts_the_desk_says_so(director_client, tournament, day):
    one, two = day.tables.order_by("number")[:2]
    entry.confirm(two, codes(two)[2])
    page = director_client.get(f"/director/t/{tournament.slug}/desk/1/", **EN).content.decode()
    assert "Every table has a result." not in page  # table 1 is still disputed
    record_result(one, {"arrivals": [0] * 7 + [1]}, reason="settled at the desk")
    page = director_client.get(f"/director/t/{tournament.slug}/desk/1/", **EN).content.decode()
    assert "Every table has a result." in page


def test_a_confirmed_sheet_waiting_for_approval_is_open(director_client, tournament, day):
    Tournament.objects.filter(pk=tournament.pk).update(confirmed_counts=False)
    two = day.tables.get(number=2)
    entry.confirm(two, codes(two)[2])
    page = director_client.get(f"/director/t/{tournament.slug}/desk/1/", **EN).content.decode()
    side = page.split('id="missing"', 1)[1].split("</div>", 1)[0]
    assert 'data-table="2" data-status="confirmed"' in side and "confirmed, waiting for approval" in side
    tournament.refresh_from_db()
    assert is_open(two.current_sheet, tournament.confirmed_counts)
    entry.approve(two, None)
    page = director_client.get(f"/director/t/{tournament.slug}/desk/1/", **EN).content.decode()
    assert 'data-table="2"' not in page.split('id="missing"', 1)[1].split("</div>", 1)[0]


def test_overview_round_page_and_round_list_count_them_open(director_client, tournament, day):
    overview = director_client.get(f"/director/t/{tournament.slug}/rounds/1/results/", **EN).content.decode()
    assert '<span class="badge text-bg-danger" data-count="open">2 tables open</span>' in overview
    page = director_client.get(f"/director/t/{tournament.slug}/rounds/1/", **EN).content.decode()
    first = page.split('id="table-1"', 1)[1].split("</tr>", 1)[0]
    third = page.split('id="table-3"', 1)[1].split("</tr>", 1)[0]
    assert 'data-status="disputed" data-open' in first and "✔" not in first and "disputed" in first
    assert "data-open" not in third.split(">", 1)[0] and "✔" in third
    assert "2 tables open" in page
    listing = director_client.get(f"/director/t/{tournament.slug}/rounds/", **EN).content.decode()
    assert "2 sheets waiting or disputed" in listing and "result missing" not in listing
    counted = rounds_with_counts(tournament).get(number=1)
    assert (counted.table_count, counted.missing_count, counted.open_count, counted.unsettled_count) == (4, 0, 2, 2)


def test_the_missing_results_list_holds_the_open_tables(tournament, day):
    html = missing_results_html(day)
    assert "2 of 4 tables have no result yet." in html
    listed = html.split("<tbody>", 1)[1]
    numbers = [cell.split("<", 1)[0] for cell in listed.split('class="table-no">')[1:]]
    assert numbers == ["1", "2"]


def test_the_next_round_is_not_drawn_while_one_is_open(director_client, tournament, day):
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/add/", follow=True, **EN)
    assert "round 1 table 1, round 1 table 2" in response.content.decode()
    assert not Round.objects.get(tournament=tournament, number=2).tables.exists()


def test_the_tournament_is_not_finished_while_a_table_is_open(tournament, day):
    Tournament.objects.filter(pk=tournament.pk).update(rounds=1)
    one, two = day.tables.order_by("number")[:2]
    entry.confirm(two, codes(two)[2])
    assert Tournament.objects.get(pk=tournament.pk).status == TournamentStatus.RUNNING  # table 1 disputed
    record_result(one, WIN, reason="settled")
    assert Tournament.objects.get(pk=tournament.pk).status == TournamentStatus.FINISHED
    assert not open_tables(day.tables.all(), True).exists()


def test_a_version_1_file_with_rounds_played_is_not_planned(db):
    teams = [{"id": f"T{n}", "name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, 5)]
    played = {"format": "keezen-tournament", "version": 1, "name": "Oud", "date": "2026-11-21",
              "scoring": "pawn-order", "rounds": 2, "teams": teams, "tables": [
                  {"round": 1, "table": 1, "teams": ["T1", "T2"], "arrivals": ["T1"] * 8},
                  {"round": 1, "table": 2, "teams": ["T3", "T4"], "arrivals": ["T4"] * 8},
                  {"round": 2, "table": 1, "teams": ["T1", "T4"]},
                  {"round": 2, "table": 2, "teams": ["T2", "T3"]},
              ]}
    assert import_file(json.loads(json.dumps(played))).status == TournamentStatus.RUNNING
    for table in played["tables"][2:]:
        table["arrivals"] = [table["teams"][0]] * 8
    played["name"] = "Oud 2"
    assert import_file(played).status == TournamentStatus.FINISHED


def test_the_round_page_offers_no_return_to_draft_once_the_clock_runs(director_client, tournament, published_round):
    round_ = published_round(tournament, 4)
    url = f"/director/t/{tournament.slug}/rounds/1/"
    waiting = director_client.get(url, **EN).content.decode()
    assert "Back to draft" in waiting and "return it to draft (possible until the clock starts)" in waiting
    clock_services.start(round_)
    running = director_client.get(url, **EN).content.decode()
    assert "Back to draft" not in running and "return it to draft" not in running
    assert "its tables can no longer change" in running
    round_.clock_ends_at = timezone.now() - datetime.timedelta(minutes=1)
    round_.save()
    assert "return it to draft" not in director_client.get(url, **EN).content.decode()


def test_a_sheet_in_before_the_clock_starts_also_ends_the_return_to_draft(director_client, tournament, published_round):
    round_ = published_round(tournament, 4)
    record_result(round_.tables.first(), WIN)
    page = director_client.get(f"/director/t/{tournament.slug}/rounds/1/", **EN).content.decode()
    assert "Back to draft" not in page and "return it to draft" not in page
    assert Result.objects.count() == 1


def test_the_public_table_page_links_a_result_only_once_it_counts(client, tournament, day):
    disputed = client.get(f"/t/{tournament.slug}/rounds/1/tables/1/", **EN).content.decode()
    entered = client.get(f"/t/{tournament.slug}/rounds/1/tables/3/", **EN).content.decode()
    assert "Result entered" not in disputed and "Result entered" in entered
