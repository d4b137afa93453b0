"""Wrong team codes lock the phone that typed them, not the table: the team with the right code
still confirms. A phone is known by a cookie the server signs for the table's link; a phone without
one (or with a made-up one) is counted by its address, with fewer tries, so making up cookies buys
nothing. Past a table-wide limit the table is locked until the desk lifts it, for every phone but
the few in good standing (their own cookie, no wrong code here). Under any number of parallel
guesses no more codes are compared than the limit allows.

Why: one player guessing the opponents' code must not be able to stop the opponents confirming,
and at a venue every phone may share one address, so an address alone cannot tell phones apart.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client

from tests.conftest import connection_pool
from tournaments.models import Result, ResultEvent, ResultState, Round
from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.views.table_entry import PHONE_COOKIE
from tests.conftest import concurrent_writers

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def running(tournament, published_round) -> Round:
    round_ = published_round(tournament, 8)
    clock_services.start(round_)
    return round_


def phone(table, address: str = "127.0.0.1") -> Client:
    """A phone that opens the table's link: its own signed cookie; the same address as every other
    phone (the test client's) unless one is given."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=address)
    client.get(link(table))
    assert PHONE_COOKIE in client.cookies
    return client


def link(table) -> str:
    return f"/s/{table.token}/"


def wrong(table) -> str:
    right = {seat.code for seat in table.seats.all()}
    return next(code for code in ("000000", "111111", "222222") if code not in right)


def submitted(running) -> tuple:
    table = running.tables.order_by("number").first()
    codes = {seat.position: seat.code for seat in table.seats.all()}
    submit = {"action": "submit", "code": codes[1], "arrivals": "AAB", "unfinished_ok": "1"}
    assert phone(table).post(link(table), submit).status_code == 302
    return table, codes


def test_a_phone_gets_its_signed_cookie_on_the_table_page(running):
    table = running.tables.first()
    response = Client().get(link(table))
    cookie = response.cookies[PHONE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == link(table)
    assert ":" in cookie.value  # signed: the server knows it gave it
    assert PHONE_COOKIE not in phone(table).get(link(table)).cookies  # kept, not renewed


def test_a_guesser_cannot_stop_the_opponents_confirming(running):
    table, codes = submitted(running)
    opponents = phone(table)
    guesser = phone(table)
    for _ in range(entry.CODE_TRIES):
        assert guesser.post(link(table), {"action": "confirm", "code": wrong(table)}).status_code == 400
    locked = guesser.post(link(table), {"action": "confirm", "code": codes[2]})
    assert locked.status_code == 429 and "Too many wrong team codes" in locked.content.decode()
    assert Result.objects.get(table=table).state == ResultState.SUBMITTED
    # The opponents, on their own phone behind the same address, confirm with their code.
    assert opponents.post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 302
    assert Result.objects.get(table=table).state == ResultState.CONFIRMED


def test_a_client_without_a_valid_cookie_is_counted_by_its_address(running):
    table, codes = submitted(running)
    for n in range(entry.ADDRESS_CODE_TRIES):
        made_up = Client()
        made_up.cookies[PHONE_COOKIE] = f"made-up-{n}" * 3
        assert made_up.post(link(table), {"action": "confirm", "code": wrong(table)}).status_code == 400
    assert Client().post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 429
    assert phone(table).post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 302


def test_past_the_table_limit_the_table_waits_for_the_desk_but_the_opponents_do_not(running, director_client,
                                                                                      tournament):
    table, codes = submitted(running)
    opponents = phone(table)
    guessers = [phone(table, "10.0.0.66") for _ in range(entry.TABLE_CODE_TRIES // entry.CODE_TRIES)]
    for guesser in guessers:  # a guesser with a fresh cookie each time
        for _ in range(entry.CODE_TRIES):
            assert guesser.post(link(table), {"action": "confirm", "code": wrong(table)}).status_code == 400

    results = f"/director/t/{tournament.slug}/rounds/{running.number}/results/"
    overview = director_client.get(results, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'data-wrong-codes="{entry.TABLE_CODE_TRIES}"' in overview and "the table is locked" in overview
    assert guessers[0].post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 429
    lift = director_client.post(f"/director/t/{tournament.slug}/rounds/{running.number}/tables/{table.number}/unlock/")
    assert lift.status_code == 302
    assert "data-wrong-codes" not in director_client.get(results).content.decode()
    assert ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.UNLOCKED).count() == 1
    assert 'id="code-form"' in guessers[0].get(link(table)).content.decode()  # lifted for every phone

    assert opponents.post(link(table), {"action": "confirm", "code": codes[2]}).status_code == 302
    assert Result.objects.get(table=table).state == ResultState.CONFIRMED


def test_only_a_director_lifts_a_lock(running, client, tournament):
    table = running.tables.first()
    response = client.post(f"/director/t/{tournament.slug}/rounds/{running.number}/tables/{table.number}/unlock/")
    assert response.status_code == 302 and "/login/" in response["Location"]


GUESSES = 25
"""Parallel guesses: five times the phone's limit, eight times the address's. Each compares its code
under the table's row lock (``table_entry._with_code``); a count read outside it would let every
guess in flight past the limit at once, and all of these are in flight together (each thread holds
its own connection before the barrier opens). A hundred threads on a pool that grew a connection
at a time overlapped no more, and took four times as long."""


@pytest.fixture
def pool_for_every_thread():
    """Django's connection pool holds a connection for each server thread (settings.py); here
    :data:`GUESSES` threads post at once, so the pool is widened to a connection each for the test,
    opened before they start."""
    with connection_pool(min_size=GUESSES + 1, max_size=GUESSES + 10) as pool:
        pool.open(wait=True, timeout=60)
        yield


@concurrent_writers
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("pool_for_every_thread")
@pytest.mark.parametrize("made_up", [False, True], ids=["one phone", "a made-up cookie each"])
def test_parallel_guesses_never_check_more_than_the_limit(tournament, make_teams, made_up):
    from tournaments.services.draft import publish
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import add_round

    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    table = round_.tables.first()
    code = table.seats.get(position=1).code
    assert phone(table).post(link(table), {"action": "submit", "code": code, "arrivals": "AAB",
                                           "unfinished_ok": "1"}).status_code == 302
    one = phone(table).cookies[PHONE_COOKIE].value  # one phone's signed cookie, on every thread's client
    barrier, answers = threading.Barrier(GUESSES), []

    def guess(n: int) -> None:
        try:
            guesser = Client()
            guesser.cookies[PHONE_COOKIE] = f"made-up-{n:03d}" * 2 if made_up else one
            connection.ensure_connection()  # the thread's connection, taken before the barrier opens
            barrier.wait(timeout=30)
            response = guesser.post(link(table), {"action": "confirm", "code": wrong(table)})
            answers.append(response.status_code)
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            answers.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(GUESSES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    limit = entry.ADDRESS_CODE_TRIES if made_up else entry.CODE_TRIES
    assert sorted(set(map(str, answers))) == ["400", "429"], answers
    assert answers.count(400) == limit
    assert ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.REFUSED_CODE).count() == limit
