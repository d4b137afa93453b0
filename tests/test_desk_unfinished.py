"""A valid sheet that cannot be a finished game — no team has all 8 pawns home, no forfeit, and the
round's clock has not run out — is not saved silently: the desk and the table's phone ask "is the
game really over?" (nothing written, 4xx), and save only the second time, with the confirmation.
A complete game, a forfeit, or a sheet after time is up is saved at once."""

from __future__ import annotations

import datetime
from html import unescape

import pytest
from django.test import Client
from django.utils import timezone

from tournaments.models import Result, ResultEvent
from tournaments.services import clock as clock_services

pytestmark = pytest.mark.usefixtures("english")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
QUESTION_RUNNING = "No team has all 8 pawns home and the clock is still running. Is the game really over?"
QUESTION_WAITING = "No team has all 8 pawns home and the round's clock has not been started. Is the game really over?"


@pytest.fixture
def running(tournament, published_round):
    round_ = published_round(tournament, 4)
    clock_services.start(round_)
    return round_


def desk(client, tournament, **fields):
    return client.post(f"/director/t/{tournament.slug}/desk/1/", {"table": 1, **fields}, **EN)


def phone(table, **fields):
    code = table.seats.get(position=1).code  # the first team submits, with its code
    return Client().post(f"/s/{table.token}/", {"action": "submit", "code": code, **fields}, **EN)


@pytest.mark.parametrize("system, fields", [
    ("pawn-order", {"arrivals": "AABAB"}),
    ("pawn-order", {"arrivals": "AABAB", "stopped_by_clock": "1"}),  # "stopped by the clock", but it runs
    ("pawns-2pt", {"pawns_0": "7", "pawns_1": "6"}),
    ("individual-11", {"home_0_0": "4321", "home_0_1": "432", "home_1_0": "4", "home_1_1": ""}),
])
def test_the_desk_asks_then_saves_with_the_confirmation(director_client, tournament, running, system, fields):
    tournament.scoring_system = system
    tournament.save()
    asked = desk(director_client, tournament, **fields)
    html = asked.content.decode()
    assert asked.status_code == 422 and not Result.objects.exists() and not ResultEvent.objects.exists()
    assert QUESTION_RUNNING in html and 'name="unfinished_ok"' in html
    assert 'data-testid="points-A"' in html  # the points as they would be saved
    for name, value in fields.items():  # the sheet as typed, ready to send again
        assert f'name="{name}"' in html and (value in html or name == "stopped_by_clock")
    saved = desk(director_client, tournament, **fields, unfinished_ok="1")
    assert saved.status_code == 302 and Result.objects.count() == 1


def test_the_question_says_when_the_clock_has_not_started(director_client, tournament, published_round):
    published_round(tournament, 4)
    asked = desk(director_client, tournament, arrivals="AB")
    assert asked.status_code == 422 and QUESTION_WAITING in unescape(asked.content.decode())
    assert not Result.objects.exists()


@pytest.mark.parametrize("fields", [
    {"arrivals": "AABABBAAABA" + "A"},  # A has all 8 home
    {"forfeit": "2"},
])
def test_a_finished_game_or_a_forfeit_is_saved_at_once(director_client, tournament, running, fields):
    assert desk(director_client, tournament, **fields).status_code == 302
    assert Result.objects.count() == 1


def test_after_time_is_up_the_sheet_stands_as_it_is(director_client, tournament, running):
    running.clock_ends_at = timezone.now() - datetime.timedelta(seconds=5)
    running.save()
    assert desk(director_client, tournament, arrivals="AABAB").status_code == 302
    assert Result.objects.count() == 1


def test_the_preview_shows_the_points_and_a_note_not_a_refusal(director_client, tournament, running):
    preview = director_client.post(f"/director/t/{tournament.slug}/desk/1/preview/", {"table": 1, "arrivals": "AAB"}, **EN)
    html = preview.content.decode()
    assert 'data-testid="points-A">290<' in html and 'data-testid="unfinished-note"' in html
    assert 'data-testid="desk-errors"' not in html


def test_the_tables_phone_asks_too(tournament, running):
    table = running.tables.get(number=1)
    asked = phone(table, arrivals="AAB")
    html = asked.content.decode()
    assert 400 <= asked.status_code < 500 and QUESTION_RUNNING in html
    assert html.count(QUESTION_RUNNING) == 1 and 'id="entry-errors"' not in html  # asked, not listed as refused
    assert 'name="unfinished_ok"' in html and 'value="AAB"' in html
    assert not Result.objects.exists() and not ResultEvent.objects.exists()
    preview = Client().post(f"/s/{table.token}/", {"action": "preview", "arrivals": "AAB"}, **EN).content.decode()
    assert 'data-testid="points-A">290<' in preview and 'data-testid="unfinished-note"' in preview
    assert phone(table, arrivals="AAB", unfinished_ok="1").status_code == 302
    assert Result.objects.get(table=table).sheet == {"arrivals": [0, 0, 1]}
    complete = running.tables.get(number=2)
    assert phone(complete, arrivals="BBBBBBBB").status_code == 302


def test_pawns_2pt_and_individual_values_stay_in_the_phones_form(tournament, running):
    tournament.scoring_system = "pawns-2pt"
    tournament.save()
    html = phone(running.tables.get(number=1), pawns_0="7", pawns_1="6").content.decode()
    assert QUESTION_RUNNING in html and 'value="7"' in html and 'value="6"' in html
