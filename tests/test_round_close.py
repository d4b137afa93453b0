"""Closing a round (services/rounds.py close_round): offered on the round page once every table is
in, refused before; a closed round says finished and its table links take nothing; it can be opened
again. A tournament that finishes closes its rounds with it (a finished tournament's rounds say
finished)."""

from __future__ import annotations

import pytest

from tournaments.models import RoundStatus, TournamentStatus
from tournaments.services import clock as clock_services
from tournaments.services.results import record_result
from tournaments.services.sheet_entry import evaluate

pytestmark = pytest.mark.usefixtures("english")


def play(table) -> None:
    data, errors, _points = evaluate(table, {"arrivals": "AAAAAAAA"})
    assert not errors
    record_result(table, data)


@pytest.fixture
def running(tournament, published_round):
    round_ = published_round(tournament, 4)
    clock_services.start(round_)
    return round_


def test_close_the_round_once_every_table_is_in(director_client, client, tournament, running):
    url = f"/director/t/{tournament.slug}/rounds/1/"
    first, second = running.tables.order_by("number")
    play(first)
    page = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="close-round"' not in page
    early = director_client.post(url + "close/", HTTP_ACCEPT_LANGUAGE="en")
    assert early.status_code == 409 and "still has 1 open table" in early.content.decode()
    running.refresh_from_db()
    assert running.status == RoundStatus.RUNNING

    tournament.rounds = 2  # another round to come: the tournament does not finish with this one
    tournament.save(update_fields=["rounds"])
    play(second)
    assert 'data-testid="close-round"' in director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert director_client.post(url + "close/").status_code == 302
    running.refresh_from_db()
    assert running.status == RoundStatus.FINISHED
    page = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="round-status">Finished' in page and 'data-testid="reopen-round"' in page
    closed = client.post(f"/s/{first.token}/", {"action": "confirm", "code": "123456"}, HTTP_ACCEPT_LANGUAGE="en")
    assert closed.status_code == 410 and "Round 1 is closed" in closed.content.decode()

    assert director_client.post(url + "reopen/").status_code == 302
    running.refresh_from_db()
    assert running.status == RoundStatus.RUNNING


def test_a_finished_tournament_says_its_rounds_are_finished(director_client, tournament, running):
    tournament.rounds = 1
    tournament.save(update_fields=["rounds"])
    for table in running.tables.all():
        play(table)
    tournament.refresh_from_db()
    running.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED and running.status == RoundStatus.FINISHED
    rounds = director_client.get(f"/director/t/{tournament.slug}/rounds/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ">Running</span>" not in rounds and ">Finished</span>" in rounds
