"""Score entry at the table: submit, confirm with the other team's code, dispute, the director's
approval; wrong codes counted and limited; a link reaches its own table only and closes after the
round; standings count a sheet when they should and are never stale."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from tournaments.models import Attempt, Result, ResultEvent, ResultState, Round
from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round
from tournaments.services.sheet_states import status_of
from tournaments.services.standings import standings_json
from tests.conftest import concurrent_writers


pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def running(tournament, published_round) -> Round:
    round_ = published_round(tournament, 12)
    clock_services.start(round_)
    return round_


def link(table) -> str:
    return f"/s/{table.token}/"


def codes(table) -> dict[int, str]:
    return {seat.position: seat.code for seat in table.seats.all()}


def post(client, table, **data):
    return client.post(link(table), data, HTTP_ACCEPT_LANGUAGE="en")


def submit(client, table, position: int, **data):
    """The team at ``position`` submits: with its own code, the one thing that says who it is."""
    return post(client, table, action="submit", code=codes(table)[position], **data)


def total(tournament, position_team) -> int | None:
    key = f"T{position_team.number}"
    return next(row["points"] for row in standings_json(tournament)["standings"] if row["team"] == key)


def test_submit_confirm_locked(client, tournament, running):
    table = running.tables.get(number=1)
    first, second = [seat.team for seat in table.seats.all()]
    page = client.get(link(table), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and first.name in page.content.decode() and 'name="arrivals"' in page.content.decode()

    response = submit(client, table, 1, arrivals="AAAAAAAA")
    assert response.status_code == 302
    result = Result.objects.get(table=table)
    assert (result.state, result.submitted_by, result.source) == (ResultState.SUBMITTED, 1, "table")
    assert total(tournament, first) == 0  # a submitted sheet does not count yet

    own = post(client, table, action="confirm", code=codes(table)[1])
    assert own.status_code == 400 and "another team confirms" in own.content.decode()
    response = post(client, table, action="confirm", code=codes(table)[2])
    assert response.status_code == 302
    result.refresh_from_db()
    assert (result.state, result.confirmed_by) == (ResultState.CONFIRMED, 2)
    assert total(tournament, first) > total(tournament, second)

    again = submit(client, table, 2, arrivals="BBBBBBBB")
    assert again.status_code == 409 and "already in" in again.content.decode()
    assert Result.objects.filter(table=table).count() == 1
    locked = client.get(link(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The sheet is locked" in locked and 'name="arrivals"' not in locked
    kinds = list(ResultEvent.objects.filter(table=table).values_list("kind", flat=True))
    assert kinds == ["submitted", "wrong-code", "confirmed", "conflict"]


def test_submit_dispute_flagged(client, director_client, tournament, running):
    table = running.tables.get(number=2)
    submit(client, table, 2, arrivals="ABABABABABABABA")
    response = post(client, table, action="dispute", code=codes(table)[1], note="We had 3 pawns home, not 7")
    assert response.status_code == 302
    assert Result.objects.get(table=table).state == ResultState.DISPUTED
    overview = director_client.get(f"/director/t/{tournament.slug}/rounds/1/results/", HTTP_ACCEPT_LANGUAGE="en")
    html = overview.content.decode()
    assert 'id="table-2" data-status="disputed"' in html and "We had 3 pawns home" in html
    page = client.get(link(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the director has been called" in page


def test_wrong_codes_are_refused_counted_and_limited(client, running):
    table = running.tables.get(number=3)
    submit(client, table, 1, arrivals="AAB", unfinished_ok="1")
    client.get(link(table))  # the phone opens the link: its own cookie, its own count  # a game not over yet: confirmed
    for tries_left in (4, 3, 2, 1, 0):
        response = post(client, table, action="confirm", code="000000" if codes(table)[2] != "000000" else "111111")
        assert response.status_code == 400
        html = response.content.decode()
        if tries_left:
            assert f"{tries_left} tr" in html
        else:  # the last try used: the page says the phone waits, not "0 tries left"
            assert "0 tries left" not in html and "Too many wrong team codes" in html
    assert Attempt.objects.get(key=f"team-code:{table.pk}").count == 5  # the table's count
    assert ResultEvent.objects.filter(table=table, kind="wrong-code").count() == 5
    blocked = post(client, table, action="confirm", code=codes(table)[2])  # this phone waits, even with the right code
    assert blocked.status_code == 429 and "Too many wrong team codes" in blocked.content.decode()
    assert 0 < int(blocked["Retry-After"]) <= entry.CODE_WINDOW
    assert Result.objects.get(table=table).state == ResultState.SUBMITTED


def test_a_link_reaches_its_own_table_only(client, tournament, running):
    one, two = running.tables.get(number=1), running.tables.get(number=2)
    submit(client, one, 1, arrivals="AAAAAAAA")
    response = post(client, one, action="confirm", code=codes(two)[2])  # a code of another table
    assert response.status_code == 400 and Result.objects.get(table=one).state == ResultState.SUBMITTED
    page = client.get(link(two), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert not Result.objects.filter(table=two).exists() and 'name="arrivals"' in page
    for seat in one.seats.all():
        assert seat.code not in page  # a table page never shows team codes
    assert client.get("/s/not-a-real-token/").status_code == 404
    for url in (f"/director/t/{tournament.slug}/rounds/1/results/", f"/director/t/{tournament.slug}/desk/1/"):
        assert client.get(url).status_code == 302  # to the login page: a table link is no login


def test_unknown_links_are_rate_limited_but_a_known_link_always_answers(client, running):
    for _ in range(entry.LINK_TRIES):
        assert client.get("/s/guess/").status_code == 404
    refused = client.get("/s/guess/")
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= entry.LINK_WINDOW
    # The venue's phones share one address: the guesser's unknown links never block a real table link.
    assert client.get(link(running.tables.first())).status_code == 200
    assert Client().get(link(running.tables.first())).status_code == 200


def test_an_expired_link_says_so(client, tournament, running):
    table = running.tables.get(number=4)
    running.clock_ends_at = timezone.now() - datetime.timedelta(minutes=tournament.entry_grace_minutes + 1)
    running.save()
    page = client.get(link(table), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 410 and "bring the paper sheet to the desk" in page.content.decode()
    response = submit(client, table, 1, arrivals="A")
    assert response.status_code == 410 and not Result.objects.filter(table=table).exists()
    running.clock_ends_at = timezone.now() - datetime.timedelta(minutes=tournament.entry_grace_minutes - 1)
    running.save()
    assert submit(client, table, 1, arrivals="A").status_code == 302  # within the grace


def test_draft_rounds_have_no_open_links(client, tournament, make_teams):
    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    page = client.get(link(round_.tables.first()), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 410


def test_confirmed_sheets_wait_for_approval_when_the_tournament_says_so(client, director_client, tournament, running):
    tournament.confirmed_counts = False
    tournament.save()
    table = running.tables.get(number=1)
    first = table.seats.get(position=1).team
    submit(client, table, 1, arrivals="AAAAAAAA")
    post(client, table, action="confirm", code=codes(table)[2])
    assert total(tournament, first) == 0
    director_client.post(f"/director/t/{tournament.slug}/rounds/1/tables/1/approve/")
    assert Result.objects.get(table=table).state == ResultState.APPROVED
    assert total(tournament, first) > 0


def test_public_standings_are_never_stale_after_a_confirmation(client, tournament, running):
    table = running.tables.get(number=1)
    first = table.seats.get(position=1).team
    standings = f"/t/{tournament.slug}/standings/"
    before = client.get(standings, HTTP_HX_REQUEST="true").content.decode()
    assert client.get(standings, HTTP_HX_REQUEST="true").content.decode() == before  # served from the cache
    submit(client, table, 1, arrivals="AAAAAAAA")
    post(client, table, action="confirm", code=codes(table)[2])
    after = client.get(standings, HTTP_HX_REQUEST="true").content.decode()
    assert after != before and f'data-testid="total-T{first.number}">1' in after


def test_the_desk_sees_a_sheet_that_arrived_while_typing(director_client, client, tournament, running):
    table = running.tables.get(number=5)
    submit(client, table, 1, arrivals="AAAAAAAA")
    page = director_client.post(f"/director/t/{tournament.slug}/desk/1/", {
        "table": "5", "arrivals": "BBBBBBBB", "expected_version": "0", "reason": "typed at the desk",
    }, HTTP_ACCEPT_LANGUAGE="en")
    assert "got another sheet while you were typing" in page.content.decode()
    assert Result.objects.filter(table=table).count() == 1


def test_the_director_corrects_with_a_reason_and_the_history_stays(director_client, client, tournament, running):
    table = running.tables.get(number=6)
    submit(client, table, 1, arrivals="AAAAAAAA")
    post(client, table, action="confirm", code=codes(table)[2])
    record_result(table, {"arrivals": [1] * 8}, reason="teams swapped on the sheet")
    versions = list(Result.objects.filter(table=table).order_by("version").values_list("version", "state"))
    assert versions == [(1, "confirmed"), (2, "entered")]
    assert status_of(Result.objects.filter(table=table).order_by("-version").first()) == "corrected"
    overview = director_client.get(f"/director/t/{tournament.slug}/rounds/1/results/").content.decode()
    assert 'id="table-6" data-status="corrected"' in overview


@concurrent_writers
@pytest.mark.django_db(transaction=True)
def test_two_phones_submitting_at_once_never_overwrite(tournament, make_teams):
    """Exactly one submission wins; the other is told what is there. Real concurrent requests, each
    on its own database connection (PostgreSQL in CI: row locks; SQLite serialises writers)."""
    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    table = round_.tables.first()
    barrier = threading.Barrier(2)
    answers: list[int] = []

    def phone(team: int, arrivals: str) -> None:
        try:
            barrier.wait(timeout=10)
            response = Client().post(link(table), {"action": "submit", "code": codes(table)[team], "arrivals": arrivals},
                                     HTTP_ACCEPT_LANGUAGE="en")
            answers.append(response.status_code)
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            answers.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=args) for args in ((1, "AAAAAAAA"), (2, "BBBBBBBB"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(map(str, answers)) == ["302", "409"], answers
    assert Result.objects.filter(table=table).count() == 1
    assert ResultEvent.objects.filter(table=table, kind="conflict").count() == 1


def test_public_standings_mark_corrected_results(client, tournament, running):
    table = running.tables.get(number=1)
    submit(client, table, 1, arrivals="AAAAAAAA")
    post(client, table, action="confirm", code=codes(table)[2])
    standings = f"/t/{tournament.slug}/standings/"
    assert "corrected" not in client.get(standings, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    record_result(table, {"arrivals": [1] * 8}, reason="teams swapped on the sheet")
    html = client.get(standings, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.count("corrected in round 1") == 2  # both teams of the table


def test_overview_queries_do_not_grow_with_the_tables(director_client, tournament, running, make_teams):
    from django.db import connection as db
    from django.test.utils import CaptureQueriesContext

    url = f"/director/t/{tournament.slug}/rounds/1/results/"
    with CaptureQueriesContext(db) as few:
        director_client.get(url, HTTP_HX_REQUEST="true")
    for table in running.tables.all()[:4]:
        submit(Client(), table, 1, arrivals="AB", unfinished_ok="1")
    with CaptureQueriesContext(db) as more:
        director_client.get(url, HTTP_HX_REQUEST="true")
    assert len(more.captured_queries) == len(few.captured_queries)
