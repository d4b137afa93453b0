"""The director approves what the page shows: the round page and "sheets from the tables" show each
table's points per side (Keezen and Klaverjassen alike); Approve is offered only on a confirmed
sheet that counts once approved, with the sheet as written and its points beside it; approving any
other sheet, or another version than the one shown, is refused (409) and changes nothing."""

from __future__ import annotations

import datetime
import re

import pytest

from tournaments.models import Result, ResultEvent, ResultState, Round, Tournament
from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.services.results import record_result

pytestmark = pytest.mark.usefixtures("english")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
OVERVIEW_QUERIES = 11  # session, user, permission, round, tables, seats, players, sheets, disputes, wrong team codes (2)
SHEET = {"arrivals": [0, 0, 1]}  # three pawns home: A 290, B 130 (the desk's browser test reads the same)


def codes(table) -> dict[int, str]:
    return {seat.position: seat.code for seat in table.seats.all()}


def row(page: str, number: int) -> str:
    return page.split(f'id="table-{number}"', 1)[1].split("</tr>", 1)[0]


def points(html: str) -> dict[str, str]:
    """The points per side of a table's row, by the side's letter."""
    return dict(re.findall(r'data-points="([A-C])"><span[^>]*>[A-C]</span> <strong>(\d+)</strong>', html))


def approve_line(row_html: str) -> str:
    """What the row's Approve shows: the sheet as written and its points (the round pages' partial)."""
    return row_html.split('data-testid="approve-sheet">', 1)[1].split("<form", 1)[0]


@pytest.fixture
def day(tournament, published_round) -> Round:
    """Round 1 of ten teams, approval asked (confirmed sheets count once approved): table 1 waits for
    the other team's code, table 2 is confirmed and waits for approval, table 3 is disputed, table 4
    was entered at the desk, table 5 has no sheet."""
    Tournament.objects.filter(pk=tournament.pk).update(confirmed_counts=False)
    round_ = published_round(tournament, 10)
    clock_services.start(round_)
    one, two, three, four, _five = round_.tables.order_by("number")
    for table in (one, two, three):
        entry.submit(table, 1, SHEET)
    entry.confirm(two, codes(two)[2])
    entry.dispute(three, codes(three)[2], "B had four pawns home")
    record_result(four, {"arrivals": [1] * 8})
    return round_


def overview(client, tournament) -> str:
    return client.get(f"/director/t/{tournament.slug}/rounds/1/results/", **EN).content.decode()


def test_both_pages_show_each_tables_points_per_side(director_client, tournament, day):
    for url in (f"/director/t/{tournament.slug}/rounds/1/results/", f"/director/t/{tournament.slug}/rounds/1/"):
        page = director_client.get(url, **EN).content.decode()
        for number in (1, 2, 3):  # counting or not, the director sees what the sheet says
            assert points(row(page, number)) == {"A": "290", "B": "130"}, url
        assert points(row(page, 4)) == {"A": "0", "B": "1120"}, url
        assert points(row(page, 5)) == {}, url


def test_approve_is_offered_only_on_a_sheet_waiting_for_it(director_client, tournament, day):
    page = overview(director_client, tournament)
    waiting = row(page, 2)
    assert 'data-approve="2"' in waiting and 'name="version" value="1"' in waiting
    shown = approve_line(waiting)
    assert "A A B" in shown and points(shown) == {"A": "290", "B": "130"}
    for number in (1, 3, 4, 5):  # unconfirmed, disputed, counting, missing
        assert "data-approve" not in row(page, number) and "approve-sheet" not in row(page, number)
    Tournament.objects.filter(pk=tournament.pk).update(confirmed_counts=True)  # now it counts already
    assert "data-approve" not in overview(director_client, tournament)


def test_approving_the_sheet_shown_counts_it(director_client, tournament, day):
    two = day.tables.get(number=2)
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/1/tables/2/approve/", {"version": "1"}, **EN)
    assert response.status_code == 302
    assert Result.objects.get(table=two).state == ResultState.APPROVED
    assert "data-approve" not in overview(director_client, tournament)


@pytest.mark.parametrize(("number", "says"), [
    (1, "is not confirmed by the other team yet"),
    (3, "is disputed: settle it at the results desk"),
    (4, "already counts"),
    (5, "has no sheet to approve"),
])
def test_approving_a_sheet_that_does_not_wait_is_refused(director_client, tournament, day, number, says):
    before = list(Result.objects.order_by("pk").values_list("pk", "state")), ResultEvent.objects.count()
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/1/tables/{number}/approve/", **EN)
    assert response.status_code == 409 and says in response.content.decode()
    assert (list(Result.objects.order_by("pk").values_list("pk", "state")), ResultEvent.objects.count()) == before


def test_a_sheet_that_counts_at_once_is_not_approved_again(director_client, tournament, day):
    Tournament.objects.filter(pk=tournament.pk).update(confirmed_counts=True)
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/1/tables/2/approve/", {"version": "1"}, **EN)
    assert response.status_code == 409 and "already counts" in response.content.decode()
    assert Result.objects.get(table__round=day, table__number=2).state == ResultState.CONFIRMED


@pytest.mark.parametrize(("shown", "status", "said"), [("2", 409, "changed since you saw it"),
                                                       ("x", 400, "no sheet version"), ("", 400, "no sheet version"),
                                                       ("0", 400, "no sheet version")])
def test_only_the_version_shown_is_approved(director_client, tournament, day, shown, status, said):
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/1/tables/2/approve/", {"version": shown}, **EN)
    assert response.status_code == status and said in response.content.decode()
    assert Result.objects.get(table__round=day, table__number=2).state == ResultState.CONFIRMED


def test_the_overview_with_points_costs_a_fixed_number_of_queries(director_client, tournament, day,
                                                                  django_assert_num_queries):
    url = f"/director/t/{tournament.slug}/rounds/1/results/"
    director_client.get(url, HTTP_HX_REQUEST="true")  # sessions and caches warm
    with django_assert_num_queries(OVERVIEW_QUERIES):
        page = director_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert points(row(page, 2)) == {"A": "290", "B": "130"}
    record_result(day.tables.get(number=5), {"arrivals": [0] * 8})
    entry.confirm(day.tables.get(number=1), codes(day.tables.get(number=1))[2])
    with django_assert_num_queries(OVERVIEW_QUERIES):
        page = director_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'data-approve="1"' in page and points(row(page, 5))["A"] == "1120"


def test_the_round_page_with_points_costs_no_query_more_per_sheet(director_client, tournament, day):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = f"/director/t/{tournament.slug}/rounds/1/"
    director_client.get(url)
    with CaptureQueriesContext(connection) as before:
        director_client.get(url)
    record_result(day.tables.get(number=5), {"arrivals": [0] * 8})
    with CaptureQueriesContext(connection) as after:
        page = director_client.get(url, **EN).content.decode()
    assert points(row(page, 5)) == {"A": "1120", "B": "0"}
    assert len(after.captured_queries) == len(before.captured_queries)


def test_klaverjassen_tables_show_the_cards_points(director_client, published_round):
    drive = Tournament.objects.create(name="Klaverjasdrive", slug="drive", date=datetime.date(2026, 11, 27),
                                      scoring_system="klaverjas", deals=16, seed=7, confirmed_counts=False)
    round_ = published_round(drive, 4)
    one, two = round_.tables.order_by("number")
    card = {"deals": [{"playing": 0, "points": [90, 72], "roem": [20, 0], "pit": None}]}
    entry.submit(one, 1, card)
    entry.confirm(one, codes(one)[2])
    record_result(two, {"totals": [1520, 1130]})
    for url in ("/director/t/drive/rounds/1/results/", "/director/t/drive/rounds/1/"):
        page = director_client.get(url, **EN).content.decode()
        assert points(row(page, 1)) == {"A": "110", "B": "72"}, url
        assert points(row(page, 2)) == {"A": "1520", "B": "1130"}, url
    shown = approve_line(row(overview(director_client, drive), 1))
    assert "1 deal, 0 nat, 0 pits; roem A: 20, B: 0" in shown and points(shown) == {"A": "110", "B": "72"}
    response = director_client.post("/director/t/drive/rounds/1/tables/1/approve/", {"version": "1"}, **EN)
    assert response.status_code == 302 and Result.objects.get(table=one).state == ResultState.APPROVED
