"""One-time keys of a table link's actions (services/sent_actions.py): a sheet, confirmation or
dispute sent twice with its key is done once and answered as the first time; other content under a
used key, a key of another table, a forged or an old key are refused (422) with nothing changed; a
form to mend or a phone that waits leaves the key unused; without a key, nothing changes."""

from __future__ import annotations

import re
import threading

import pytest
from django.core import signing
from django.db import connection
from django.test import Client

from tournaments.models import Result, ResultEvent, ResultState, SentAction
from tournaments.services import clock as clock_services
from tournaments.services import sent_actions
from tournaments.services import table_entry as entry
from tests.test_table_entry import codes, link, post
from tests.conftest import concurrent_writers

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def running(tournament, published_round):
    round_ = published_round(tournament, 12)
    clock_services.start(round_)
    return round_


def page_key(client, table) -> str:
    """The key the table's page put in its form."""
    html = client.get(link(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    return re.search(r'name="action_key" value="([^"]+)"', html).group(1)


def test_a_sheet_sent_twice_with_its_key_is_one_sheet_and_the_same_answer(client, running):
    table = running.tables.get(number=1)
    key = page_key(client, table)
    sheet = {"action": "submit", "code": codes(table)[1], "arrivals": "AAAAAAAA", "action_key": key}
    first = post(client, table, **sheet)
    again = post(client, table, **sheet)  # the answer was lost: the phone sends it again
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"] == link(table)
    assert Result.objects.filter(table=table).count() == 1
    assert not ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.CONFLICT).exists()
    assert again.cookies["keezen_side"]  # the phone is the side that submitted, as after the first answer
    page = client.get(link(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-status="submitted"' in page and "already in" not in page

    # Another phone (or this one with a new page) still meets the table's refusal.
    other = Client()
    refused = post(other, table, action="submit", code=codes(table)[2], arrivals="BBBBBBBB",
                   action_key=page_key(other, table))
    assert refused.status_code == 409 and "already in" in refused.content.decode()


def test_the_same_key_with_other_content_is_refused_and_changes_nothing(client, running):
    table = running.tables.get(number=1)
    key = page_key(client, table)
    post(client, table, action="submit", code=codes(table)[1], arrivals="AAAAAAAA", action_key=key)
    other = post(client, table, action="submit", code=codes(table)[1], arrivals="ABABABAB", action_key=key)
    assert other.status_code == 422
    assert "sent already with other content" in other.content.decode()
    result = Result.objects.get(table=table)
    assert result.version == 1 and result.sheet == Result.objects.get(table=table).sheet
    assert SentAction.objects.count() == 1


def test_confirm_and_dispute_sent_twice_are_done_once(client, running):
    table = running.tables.get(number=1)
    post(client, table, action="submit", code=codes(table)[1], arrivals="AAAAAAAA")
    phone = Client()
    key = page_key(phone, table)
    confirm = {"action": "confirm", "code": codes(table)[2], "action_key": key}
    assert post(phone, table, **confirm).status_code == 302
    assert post(phone, table, **confirm).status_code == 302  # not "no submitted sheet waiting"
    assert Result.objects.get(table=table).state == ResultState.CONFIRMED
    assert ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.CONFIRMED).count() == 1
    # The same page's key says "confirm": a dispute under it is other content.
    assert post(phone, table, action="dispute", code=codes(table)[2], note="x", action_key=key).status_code == 422

    second = running.tables.get(number=2)
    post(client, second, action="submit", code=codes(second)[1], arrivals="AAAAAAAA")
    key = page_key(phone, second)
    dispute = {"action": "dispute", "code": codes(second)[2], "note": "we had 7 home", "action_key": key}
    assert post(phone, second, **dispute).status_code == 302
    assert post(phone, second, **dispute).status_code == 302
    assert ResultEvent.objects.filter(table=second, kind=ResultEvent.Kind.DISPUTED).count() == 1


def test_a_refusal_sent_twice_is_counted_once(client, running):
    """A wrong code whose answer was lost: the second sending gets the same refusal, and the phone's
    tries are counted once."""
    table = running.tables.get(number=1)
    key = page_key(client, table)
    wrong = {"action": "submit", "code": "000000" if "000000" not in codes(table).values() else "999999",
             "arrivals": "AAAAAAAA", "action_key": key}
    first, again = post(client, table, **wrong), post(client, table, **wrong)
    assert first.status_code == again.status_code == 400
    assert "4 tries left" in first.content.decode() and "4 tries left" in again.content.decode()
    assert ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.REFUSED_CODE).count() == 1
    # The refused page has a fresh key: the code typed again goes through.
    fresh = re.search(r'name="action_key" value="([^"]+)"', first.content.decode()).group(1)
    assert fresh != key
    assert post(client, table, **{**wrong, "code": codes(table)[1], "action_key": fresh}).status_code == 302


def test_a_form_to_mend_leaves_the_key_unused(client, running):
    """The question whether the game is over, or a sheet that cannot be, is answered with the same
    page's key: it was not used."""
    table = running.tables.get(number=1)
    key = page_key(client, table)
    asked = post(client, table, action="submit", code=codes(table)[1], arrivals="A", action_key=key)
    assert asked.status_code == 400 and 'data-testid="unfinished-question"' in asked.content.decode()
    assert not SentAction.objects.exists()
    done = post(client, table, action="submit", code=codes(table)[1], arrivals="A", unfinished_ok="1", action_key=key)
    assert done.status_code == 302 and Result.objects.filter(table=table).count() == 1


def test_a_phone_that_must_wait_may_send_the_same_key_after_the_wait(client, running, monkeypatch):
    table = running.tables.get(number=1)
    key = page_key(client, table)
    monkeypatch.setattr(entry, "code_lock", lambda *args, **kwargs: entry.CodeLocked("wait", 60))
    waits = post(client, table, action="submit", code=codes(table)[1], arrivals="AAAAAAAA", action_key=key)
    assert waits.status_code == 429 and not SentAction.objects.exists()
    monkeypatch.undo()
    assert post(client, table, action="submit", code=codes(table)[1], arrivals="AAAAAAAA",
                action_key=key).status_code == 302


def forged(key: str) -> str:
    """``key`` with its signature's last letter changed."""
    return key[:-1] + ("B" if key[-1] == "A" else "A")


@pytest.mark.parametrize("make_key, says", [
    (lambda tables: page_key(Client(), tables[1]), "another page"),
    (lambda tables: "1.abc:forged:signature", "not made by this server"),
    (lambda tables: forged(signing.TimestampSigner(salt="table-action").sign(f"{tables[0].pk}.link.x")),
     "not made by this server"),
])
def test_a_key_of_another_table_or_a_forged_one_is_refused(client, running, make_key, says):
    tables = list(running.tables.order_by("number")[:2])
    response = post(client, tables[0], action="submit", code=codes(tables[0])[1], arrivals="AAAAAAAA",
                    action_key=make_key(tables))
    assert response.status_code == 422 and says in response.content.decode()
    assert not Result.objects.exists() and not SentAction.objects.exists()


def test_a_key_of_an_earlier_day_is_refused(client, running, monkeypatch):
    table = running.tables.get(number=1)
    key = page_key(client, table)
    monkeypatch.setattr(sent_actions, "KEY_HOURS", 0)
    response = post(client, table, action="submit", code=codes(table)[1], arrivals="AAAAAAAA", action_key=key)
    assert response.status_code == 422 and "earlier day" in response.content.decode()
    assert not Result.objects.exists()


def test_without_a_key_the_link_works_as_before(client, running):
    table = running.tables.get(number=1)
    sheet = {"action": "submit", "code": codes(table)[1], "arrivals": "AAAAAAAA"}
    assert post(client, table, **sheet).status_code == 302
    assert post(client, table, **sheet).status_code == 409  # no key: a second sending is a second sheet, refused
    assert not SentAction.objects.exists()


def test_a_dispute_without_the_code_keeps_the_complaint(client, running):
    table = running.tables.get(number=1)
    post(client, table, action="submit", code=codes(table)[1], arrivals="AAAAAAAA")
    refused = post(Client(), table, action="dispute", code="", note="We had seven pawns home")
    html = refused.content.decode()
    assert refused.status_code == 400 and 'value="We had seven pawns home"' in html
    assert "A dispute needs your team code too" in html


@concurrent_writers
@pytest.mark.django_db(transaction=True)
def test_two_sendings_at_once_are_one_sheet(tournament, published_round):
    """A double tap: two requests with one key at the same moment (on PostgreSQL the second insert
    waits for the first's transaction)."""
    round_ = published_round(tournament, 4)
    clock_services.start(round_)
    table = round_.tables.get(number=1)
    key = page_key(Client(), table)
    sheet = {"action": "submit", "code": codes(table)[1], "arrivals": "AAAAAAAA", "action_key": key}
    answers, barrier = [], threading.Barrier(2)

    def send():
        barrier.wait()
        try:
            answers.append(post(Client(), table, **sheet).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [302, 302]
    assert Result.objects.filter(table=table).count() == 1


def test_the_sheet_page_follows_its_sheet(client, running, django_assert_num_queries):
    """The page polls ``?state`` (static/js/sheet_follow.js): one query, 304 while nothing changed."""
    table = running.tables.get(number=1)
    with django_assert_num_queries(1):
        first = client.get(link(table) + "?state")
    assert first.json() == {"state": "missing", "version": 0} and first["ETag"]
    assert client.get(link(table) + "?state", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    post(client, table, action="submit", code=codes(table)[1], arrivals="AAAAAAAA")
    post(Client(), table, action="confirm", code=codes(table)[2])
    assert client.get(link(table) + "?state").json() == {"state": "confirmed", "version": 1}
    page = client.get(link(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-sheet-state="confirmed" data-sheet-version="1"' in page
    assert Client().get("/s/unknown-link/?state").json() == {"state": "missing", "version": 0}


def test_the_question_whether_the_game_is_over_keeps_the_sheet_and_its_points(client, running):
    table = running.tables.get(number=1)
    asked = post(client, table, action="submit", code=codes(table)[1], arrivals="AAB")
    html = asked.content.decode()
    assert asked.status_code == 400 and 'data-testid="unfinished-question"' in html
    assert 'value="AAB"' in html and f'value="{codes(table)[1]}"' in html  # what was typed
    assert 'data-testid="points-A"' in html  # and the live points, as before the question


def test_a_pass_pages_key_does_nothing_on_the_table_link(client, running):
    """A key is of the page it was made for: a pass's key replayed on the table link (or on another
    team's pass) is refused, so nobody acts as a team with its pass's request."""
    table = running.tables.get(number=1)
    first, second = [seat.team for seat in table.seats.order_by("position")]
    pass_page = Client().get(f"/p/{second.pass_token}/sheet/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    key = re.search(r'name="action_key" value="([^"]+)"', pass_page).group(1)
    on_link = post(client, table, action="submit", arrivals="AAAAAAAA", action_key=key)
    assert on_link.status_code == 422 and "another page" in on_link.content.decode()
    on_other_pass = client.post(f"/p/{first.pass_token}/sheet/", {"action": "submit", "arrivals": "AAAAAAAA",
                                                                 "action_key": key}, HTTP_ACCEPT_LANGUAGE="en")
    assert on_other_pass.status_code == 422
    assert not Result.objects.filter(table=table).exists()
