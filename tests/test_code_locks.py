"""Wrong team codes lock the phone that typed them, not the table: the team with the right code
still confirms; past a table-wide limit the table waits until the desk lifts the lock. Under any
number of parallel guesses no more codes are compared than the limit allows.

Why: one player guessing the opponents' code must not be able to stop the opponents confirming,
and at a venue every phone shares one mobile address, so an address is no way to tell phones apart.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client

from tournaments.models import Result, ResultEvent, ResultState, Round
from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.views.table_entry import PHONE_COOKIE

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def running(tournament, published_round) -> Round:
    round_ = published_round(tournament, 8)
    clock_services.start(round_)
    return round_


def phone(name: str) -> Client:
    """A phone: its own cookie, the same address as every other phone (the test client's)."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[PHONE_COOKIE] = (name * 22)[:22]
    return client


def link(table) -> str:
    return f"/s/{table.token}/"


def wrong(table) -> str:
    right = {seat.code for seat in table.seats.all()}
    return next(code for code in ("000000", "111111", "222222") if code not in right)


def submitted(running) -> tuple:
    table = running.tables.order_by("number").first()
    assert phone("s").post(link(table), {"action": "submit", "team": "1", "arrivals": "AAB", "unfinished_ok": "1"}).status_code == 302
    return table, {seat.position: seat.code for seat in table.seats.all()}


def test_a_phone_gets_its_cookie_on_the_table_page(running):
    table = running.tables.first()
    response = Client().get(link(table))
    cookie = response.cookies[PHONE_COOKIE]
    assert len(cookie.value) == 22 and cookie["httponly"] and cookie["samesite"] == "Lax"
    assert PHONE_COOKIE not in phone("a").get(link(table)).cookies  # kept, not renewed


def test_a_guesser_cannot_stop_the_opponents_confirming(running):
    table, codes = submitted(running)
    guesser = phone("g")
    for _ in range(entry.CODE_TRIES):
        assert guesser.post(link(table), {"action": "confirm", "code": wrong(table)}).status_code == 400
    locked = guesser.post(link(table), {"action": "confirm", "code": codes[2]})
    assert locked.status_code == 429 and "Too many wrong team codes" in locked.content.decode()
    assert Result.objects.get(table=table).state == ResultState.SUBMITTED
    # The opponents, on their own phone behind the same address, confirm with their code.
    assert phone("o").post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 302
    assert Result.objects.get(table=table).state == ResultState.CONFIRMED


def test_a_client_without_cookies_is_counted_by_its_address(running):
    table, codes = submitted(running)
    for _ in range(entry.CODE_TRIES):
        Client().post(link(table), {"action": "confirm", "code": wrong(table)})
    assert Client().post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 429
    assert phone("o").post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 302


def test_past_the_table_limit_everyone_waits_until_the_desk_lifts_it(running, director_client, tournament):
    table, codes = submitted(running)
    guesses = 0
    for n in range(entry.TABLE_CODE_TRIES // entry.CODE_TRIES):  # a guesser with a fresh cookie each time
        for _ in range(entry.CODE_TRIES):
            guesses += 1
            assert phone(f"{n}").post(link(table), {"action": "confirm", "code": wrong(table)}).status_code == 400
    assert guesses == entry.TABLE_CODE_TRIES
    opponents = phone("o")
    assert opponents.post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 429

    results = f"/director/t/{tournament.slug}/rounds/{running.number}/results/"
    overview = director_client.get(results, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'data-wrong-codes="{entry.TABLE_CODE_TRIES}"' in overview and "the table is locked" in overview
    lift = director_client.post(f"/director/t/{tournament.slug}/rounds/{running.number}/tables/{table.number}/unlock/")
    assert lift.status_code == 302
    assert "data-wrong-codes" not in director_client.get(results).content.decode()
    assert ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.UNLOCKED).count() == 1

    assert opponents.post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 302
    assert Result.objects.get(table=table).state == ResultState.CONFIRMED


def test_only_a_director_lifts_a_lock(running, client, tournament):
    table = running.tables.first()
    response = client.post(f"/director/t/{tournament.slug}/rounds/{running.number}/tables/{table.number}/unlock/")
    assert response.status_code == 302 and "/login/" in response["Location"]


@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="the in-memory SQLite test database refuses concurrent writers instead of queueing them; "
                           "CI runs this on PostgreSQL")
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("phones", [1, 100], ids=["one phone", "a phone each"])
def test_a_hundred_parallel_guesses_never_check_more_than_the_limit(tournament, make_teams, phones):
    from tournaments.services.draft import publish
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import add_round

    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    table = round_.tables.first()
    assert phone("s").post(link(table), {"action": "submit", "team": "1", "arrivals": "AAB", "unfinished_ok": "1"}).status_code == 302
    barrier, answers = threading.Barrier(100), []

    def guess(n: int) -> None:
        try:
            barrier.wait(timeout=30)
            response = phone(f"p{n % phones}").post(link(table), {"action": "confirm", "code": wrong(table)})
            answers.append(response.status_code)
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            answers.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(100)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    limit = entry.CODE_TRIES if phones == 1 else entry.TABLE_CODE_TRIES
    assert sorted(set(map(str, answers))) == ["400", "429"], answers
    assert answers.count(400) == limit
    assert ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.REFUSED_CODE).count() == limit
