"""Throttled logins (issue 15): growing waits per account and per address, on /login/ and
/admin/login/ alike; only failures count, and a success clears the account.

Time moves by the ``now`` of ``limits`` or by moving the counter rows back, never by sleeping.
"""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client

from tests.conftest import PASSWORD
from tournaments.models import Attempt
from tournaments.services import limits, logins

pytestmark = pytest.mark.usefixtures("english")

VENUE = "10.0.0.7"


def log_in(client: Client, username: str, password: str, url: str = "/login/", address: str = VENUE):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address,
                       HTTP_ACCEPT_LANGUAGE="en")


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def move_back(seconds: int) -> None:
    """As if ``seconds`` had passed since every counted login failure."""
    Attempt.objects.filter(key__startswith="login-").update(
        window_started_at=F("window_started_at") - datetime.timedelta(seconds=seconds))


def assert_throttled(response, at_most: int = 15 * 60) -> int:
    assert response.status_code == 429
    wait = int(response["Retry-After"])
    assert 1 <= wait <= at_most
    html = response.content.decode()
    assert "Too many failed logins for this account or from this address. Try again in" in html
    assert 'name="password"' in html  # the same login page, its form kept
    return wait


def test_forty_wrong_passwords_then_the_right_one_is_refused_until_the_wait_passes(client, director):
    statuses = [log_in(client, "director", f"wrong-{n}").status_code for n in range(40)]
    assert statuses == [400] * 5 + [429] * 35  # refused tries are not checked, so not counted
    wait = assert_throttled(log_in(client, "director", PASSWORD), at_most=30)
    assert not logged_in(client)

    left = min(wait, 10)  # what is left of the wait: room for a slow machine between two requests
    move_back(wait - left)
    assert_throttled(log_in(client, "director", PASSWORD), at_most=left)
    move_back(left)
    response = log_in(client, "director", PASSWORD)
    assert response.status_code == 302 and logged_in(client)
    assert not Attempt.objects.filter(key=logins.account_key("director")).exists()  # a success clears it


def test_a_wrong_password_answers_400_and_an_empty_form_counts_nothing(client, director):
    response = log_in(client, "director", "wrong")
    assert response.status_code == 400
    assert "Please enter a correct username and password" in response.content.decode()
    assert client.post("/login/", {"username": "director", "password": ""}).status_code == 400
    assert client.post("/login/", {}).status_code == 400
    assert list(Attempt.objects.values_list("count", flat=True)) == [1, 1]  # account and address, once


@pytest.mark.django_db
def test_waits_double_with_each_failure_up_to_fifteen_minutes():
    policy = limits.Backoff(threshold=5)
    start = datetime.datetime(2026, 11, 21, 10, tzinfo=datetime.UTC)
    now, waits = start, []
    for _failure in range(5):
        assert limits.take_turn({"k": policy}, now) == 0
    for _failure in range(8):
        wait = limits.take_turn({"k": policy}, now)
        waits.append(wait)
        assert limits.take_turn({"k": policy}, now + datetime.timedelta(seconds=wait - 1)) == 1
        now += datetime.timedelta(seconds=wait)
        assert limits.take_turn({"k": policy}, now) == 0  # the next failure
    assert waits == [30, 60, 120, 240, 480, 900, 900, 900]


@pytest.mark.django_db
def test_failures_are_forgotten_after_a_quiet_quarter_of_an_hour_past_the_wait():
    policy = limits.Backoff(threshold=5)
    start = datetime.datetime(2026, 11, 21, 10, tzinfo=datetime.UTC)
    for _failure in range(5):
        limits.take_turn({"k": policy}, start)
    quiet = start + datetime.timedelta(seconds=30 + 15 * 60)
    assert limits.take_turn({"k": policy}, quiet - datetime.timedelta(seconds=1)) == 0  # wait over: 6th failure
    assert Attempt.objects.get(key="k").count == 6
    later = quiet + datetime.timedelta(hours=1)
    assert limits.take_turn({"k": policy}, later) == 0
    assert Attempt.objects.get(key="k").count == 1  # forgotten: this is the first again


@pytest.mark.django_db
def test_many_tries_at_the_same_moment_get_no_more_checks_than_the_limit():
    policy = limits.Backoff(threshold=5)
    now = datetime.datetime(2026, 11, 21, 10, tzinfo=datetime.UTC)
    allowed = [limits.take_turn({"k": policy}, now) == 0 for _try in range(100)]
    assert sum(allowed) == 5  # a try counts the moment it is let through, before its outcome


@pytest.mark.django_db(transaction=True)
def test_parallel_wrong_passwords_get_no_more_checks_than_the_limit():
    if connection.vendor != "postgresql":
        pytest.skip("parallel transactions with row locks: PostgreSQL (SQLite writes one at a time anyway)")
    checks, refused = [], []

    def guess(n: int) -> None:
        def check():
            checks.append(n)
            raise ValueError("wrong password")
        try:
            logins.checked("director", VENUE, check)
        except logins.Throttled:
            refused.append(n)
        except ValueError:
            pass
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(checks) == logins.ACCOUNT.threshold and len(refused) == 40 - logins.ACCOUNT.threshold


def test_an_address_waits_after_twenty_failures_on_any_accounts(client, director):
    for n in range(logins.ADDRESS.threshold):
        assert log_in(client, f"guess-{n}", "wrong").status_code == 400
    assert_throttled(log_in(client, "director", PASSWORD), at_most=30)
    other = Client()
    assert log_in(other, "director", PASSWORD, address="10.0.0.8").status_code == 302  # another address


def test_the_account_waits_from_every_address(client, director):
    for n in range(logins.ACCOUNT.threshold):
        log_in(Client(), "director", "wrong", address=f"10.0.1.{n}")
    assert_throttled(log_in(client, "director", PASSWORD, address="10.0.2.1"), at_most=30)


def test_an_unknown_name_is_throttled_the_same(client, db):
    for _n in range(logins.ACCOUNT.threshold):
        assert log_in(client, "nobody", "wrong").status_code == 400
    assert_throttled(log_in(client, "nobody", "wrong"), at_most=30)


def test_a_success_clears_the_account_and_successes_never_count(client, director):
    for _round in range(3):
        for _n in range(logins.ACCOUNT.threshold - 1):
            assert log_in(client, "director", "wrong").status_code == 400
        assert log_in(client, "director", PASSWORD).status_code == 302
        client.logout()
    assert not Attempt.objects.filter(key=logins.account_key("director")).exists()
    for _n in range(logins.ADDRESS.threshold + 5):  # more successes than the address allows failures
        assert log_in(client, "director", PASSWORD).status_code == 302
        client.logout()
    address = Attempt.objects.get(key=logins.address_key(VENUE))
    assert address.count == 3 * (logins.ACCOUNT.threshold - 1)  # the failures only


def test_a_success_after_the_address_wait_does_not_start_a_new_one(client, director):
    for n in range(logins.ADDRESS.threshold):
        log_in(client, f"guess-{n}", "wrong")
    move_back(31)
    assert log_in(client, "director", PASSWORD).status_code == 302
    client.logout()
    assert log_in(client, "director", PASSWORD).status_code == 302


def test_the_admin_login_is_throttled_the_same(client, director):
    for n in range(40):
        log_in(client, "director", f"wrong-{n}", url="/admin/login/")
    assert_throttled(log_in(client, "director", PASSWORD, url="/admin/login/"), at_most=30)
    assert_throttled(log_in(client, "director", PASSWORD), at_most=30)  # one count for both pages
    assert not logged_in(client)
    move_back(31)
    response = client.post("/admin/login/?next=/admin/", {"username": "director", "password": PASSWORD,
                                                          "next": "/admin/"}, REMOTE_ADDR=VENUE)
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_the_typed_name_is_not_stored_readable(client, db):
    log_in(client, "my-secret-password-typed-as-name", "wrong")
    assert not Attempt.objects.filter(key__contains="secret").exists()
    assert Attempt.objects.filter(key__startswith="login-account:").count() == 1


def test_the_wait_is_said_in_seconds_or_whole_minutes():
    assert logins.wait_message(1).endswith("Try again in 1 second.")
    assert logins.wait_message(30).endswith("Try again in 30 seconds.")
    assert logins.wait_message(61).endswith("Try again in 2 minutes.")
    assert logins.wait_message(900).endswith("Try again in 15 minutes.")
