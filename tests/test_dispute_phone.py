"""The phone's confirm-or-dispute flow at a table link (issue 16, item 14): only a real guess uses up
a try. An empty code, a code that is not six digits and the submitting team's own code are refused
with what to do and counted nowhere (and the submitting team neither confirms nor disputes its own
sheet: another team does); the last wrong code says the phone now waits (never "0 tries
left"), and the page then shows the wait instead of a code form; the reason box comes before the
dispute button. The lock itself is unchanged (tests/test_code_locks.py)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tournaments.models import Attempt, ResultEvent, ResultState, Round
from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.views.table_entry import PHONE_COOKIE

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def running(tournament, published_round) -> Round:
    round_ = published_round(tournament, 8)
    clock_services.start(round_)
    return round_


@pytest.fixture
def waiting(running):
    """Table 1 with a sheet submitted by the team at place 1, waiting for the other team's code."""
    table = running.tables.get(number=1)
    entry.submit(table, 1, {"arrivals": [0, 1, 0, 0, 1, 0, 0, 0]})
    return table


def phone(table) -> Client:
    """A phone that opened the table's link: it has the cookie the server signs for it."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.get(link(table))
    assert PHONE_COOKIE in client.cookies
    return client


def link(table) -> str:
    return f"/s/{table.token}/"


def codes(table) -> dict[int, str]:
    return {seat.position: seat.code for seat in table.seats.all()}


def wrong(table) -> str:
    return next(code for code in ("000000", "111111", "222222") if code not in codes(table).values())


def errors(response) -> str:
    found = re.search(r'id="entry-errors"[^>]*>(.*?)</div>\s*</div>', response.content.decode(), re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", found[1])) if found else ""


def counted(table) -> int:
    """Wrong codes counted at ``table`` (the table's and every phone's counters)."""
    return sum(Attempt.objects.filter(key__startswith=f"team-code:{table.pk}").values_list("count", flat=True))


@pytest.mark.parametrize("action", ["confirm", "dispute"])
@pytest.mark.parametrize("code", ["", "   ", "abc", "12345", "1234567"], ids=["empty", "spaces", "letters", "five", "seven"])
def test_an_empty_or_short_code_is_refused_and_not_counted(waiting, action, code):
    guesser = phone(waiting)
    for _ in range(entry.CODE_TRIES + 1):
        response = guesser.post(link(waiting), {"action": action, "code": code})
        assert response.status_code == 400
        assert "six digits" in errors(response)
        assert "try left" not in errors(response) and "tries left" not in errors(response)
    assert counted(waiting) == 0
    assert not ResultEvent.objects.filter(table=waiting, kind=ResultEvent.Kind.REFUSED_CODE).exists()
    assert waiting.results.get().state == ResultState.SUBMITTED
    # The phone is not locked: the right code still confirms.
    assert guesser.post(link(waiting), {"action": "confirm", "code": codes(waiting)[2]}).status_code == 302


def test_the_submitting_teams_own_code_says_who_confirms_and_is_not_counted(waiting):
    submitter = phone(waiting)
    for _ in range(entry.CODE_TRIES + 2):
        response = submitter.post(link(waiting), {"action": "confirm", "code": codes(waiting)[1]})
        assert response.status_code == 400
        message = errors(response)
        assert "That code belongs to Team" in message and "the team that submitted the sheet" in message
        assert "another team confirms" in message
        assert "try left" not in message and "tries left" not in message
    assert counted(waiting) == 0
    # Logged for the desk, as a refused code of the submitting team.
    assert set(ResultEvent.objects.filter(table=waiting, kind=ResultEvent.Kind.REFUSED_CODE)
               .values_list("seat", flat=True)) == {1}
    # Neither this phone nor the table is locked: the other team confirms from the same phone.
    assert submitter.post(link(waiting), {"action": "confirm", "code": codes(waiting)[2]}).status_code == 302
    assert waiting.results.get().state == ResultState.CONFIRMED


def test_another_team_disputes_the_submitting_team_does_not(waiting):
    own = phone(waiting).post(link(waiting), {"action": "dispute", "code": codes(waiting)[1], "note": "Eén pion te veel"})
    assert own.status_code == 400 and "the team that submitted the sheet" in errors(own)
    assert waiting.results.get().state == ResultState.SUBMITTED
    response = phone(waiting).post(link(waiting), {"action": "dispute", "code": codes(waiting)[2], "note": "Eén pion te veel"})
    assert response.status_code == 302
    assert waiting.results.get().state == ResultState.DISPUTED


def test_the_count_shown_is_honest_up_to_the_lock(waiting):
    guesser = phone(waiting)
    for left in range(entry.CODE_TRIES - 1, 0, -1):
        response = guesser.post(link(waiting), {"action": "confirm", "code": wrong(waiting)})
        assert response.status_code == 400
        assert f"{left} tr" in errors(response)
        assert 'id="code-form"' in response.content.decode()  # tries left: the form is there
    last = guesser.post(link(waiting), {"action": "confirm", "code": wrong(waiting)})
    assert last.status_code == 400
    message = errors(last)
    assert "not right" in message and "Too many wrong team codes: try again in 10 minutes" in message
    assert "0 tr" not in message
    assert 'id="code-form"' not in last.content.decode()
    assert counted(waiting) == 2 * entry.CODE_TRIES  # the phone's and the table's counters, as before

    page = guesser.get(link(waiting)).content.decode()
    assert 'id="code-locked"' in page and "Too many wrong team codes: try again in 10 minutes" in page
    assert 'id="code-form"' not in page and "0 tries left" not in page
    locked = guesser.post(link(waiting), {"action": "confirm", "code": codes(waiting)[2]})
    assert locked.status_code == 429  # the lock as before: this phone waits, even with the right code

    # Another phone (the opponents') still sees the form and confirms.
    other = phone(waiting)
    assert 'id="code-form"' in other.get(link(waiting)).content.decode()
    assert other.post(link(waiting), {"action": "confirm", "code": codes(waiting)[2]}).status_code == 302


def test_the_reason_box_comes_before_the_dispute_button(waiting):
    page = phone(waiting).get(link(waiting)).content.decode()
    order = [page.index(marker) for marker in ('id="code"', 'value="confirm"', 'id="note"', 'value="dispute"')]
    assert order == sorted(order)

