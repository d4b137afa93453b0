"""The round clock (server time, reload, pause/resume, extend, time up) and the players' pages:
find my table, a table's own page, the projector; drafts stay hidden."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone, translation

from tournaments.models import Round
from tournaments.services import clock as clock_services
from tournaments.services.clock import ClockState, clock
from tournaments.services.draft import current_seating, publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round

T0 = timezone.make_aware(datetime.datetime(2026, 11, 21, 13, 0, 0))


def at(minutes: float = 0, seconds: float = 0) -> datetime.datetime:
    return T0 + datetime.timedelta(minutes=minutes, seconds=seconds)


@pytest.fixture
def published(tournament, published_round):
    return published_round(tournament, 8)


def reloaded(round_: Round) -> Round:
    """What another request sees: the round read again from the database."""
    return Round.objects.get(pk=round_.pk)


def test_remaining_time_is_right_after_a_reload(published):
    assert clock(published, at(0)).state == ClockState.WAITING
    assert clock(published, at(0)).remaining == 45 * 60
    clock_services.start(published, now=at(0))
    later = reloaded(published)
    assert later.status == "running"
    state = clock(later, at(10, 30))
    assert (state.state, state.remaining, state.display) == (ClockState.RUNNING, 34 * 60 + 30, "34:30")
    assert clock(reloaded(published), at(10, 30.2)).remaining == 34 * 60 + 30  # rounded up, never early


def test_pause_and_resume_keep_the_time_left(published):
    clock_services.start(published, now=at(0))
    clock_services.pause(reloaded(published), now=at(20))
    paused = reloaded(published)
    assert clock(paused, at(20)).state == ClockState.PAUSED
    assert clock(paused, at(35)).remaining == 25 * 60  # time stands still while paused
    clock_services.resume(paused, now=at(35))
    assert clock(reloaded(published), at(36)).remaining == 24 * 60
    assert clock(reloaded(published), at(59, 59)).state == ClockState.RUNNING
    assert clock(reloaded(published), at(60)).state == ClockState.TIME_UP


def test_extend_running_paused_and_after_time_up(published):
    clock_services.start(published, now=at(0))
    clock_services.extend(published, 5, now=at(1))
    assert clock(reloaded(published), at(1)).remaining == 49 * 60
    clock_services.pause(published, now=at(2))
    clock_services.extend(published, 1, now=at(3))
    assert clock(reloaded(published), at(3)).remaining == 49 * 60
    clock_services.resume(published, now=at(3))
    up = clock(reloaded(published), at(60))
    assert (up.state, up.remaining, up.display) == (ClockState.TIME_UP, 0, "0:00")
    clock_services.extend(published, 2, now=at(60))
    assert clock(reloaded(published), at(60)).remaining == 120


def test_clock_actions_refuse_what_makes_no_sense(tournament, make_teams, published):
    with pytest.raises(ValidationError):
        clock_services.pause(published, now=at(0))
    with pytest.raises(ValidationError):
        clock_services.extend(published, 5, now=at(0))
    clock_services.start(published, now=at(0))
    with pytest.raises(ValidationError):
        clock_services.start(published, now=at(1))
    with pytest.raises(ValidationError):
        clock_services.resume(published, now=at(1))
    with pytest.raises(ValidationError):
        clock_services.extend(published, 0, now=at(1))
    draft = add_round(tournament)
    with translation.override("en"), pytest.raises(ValidationError) as error:
        clock_services.start(draft, now=at(1))
    assert "Publish round 2" in error.value.messages[0]


def test_clock_json_and_director_buttons(client, director_client, tournament, published):
    data = client.get(f"/t/{tournament.slug}/clock.json").json()
    assert (data["round"], data["state"], data["remaining"]) == (1, "waiting", 45 * 60)
    base = f"/director/t/{tournament.slug}/rounds/1/clock/"
    director_client.post(base + "start/")
    data = client.get(f"/t/{tournament.slug}/clock.json").json()
    assert data["state"] == "running" and 44 * 60 < data["remaining"] <= 45 * 60
    director_client.post(base + "pause/")
    assert client.get(f"/t/{tournament.slug}/clock.json").json()["state"] == "paused"
    director_client.post(base + "extend/", {"minutes": "5"})
    data = client.get(f"/t/{tournament.slug}/clock.json").json()
    assert data["state"] == "paused" and data["remaining"] > 49 * 60
    director_client.post(base + "resume/")
    assert client.get(f"/t/{tournament.slug}/clock.json").json()["state"] == "running"
    refused = director_client.post(base + "resume/", follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "The clock is not paused." in refused.content.decode()


# --------------------------------------------------------------------------- players


def test_find_my_table_by_player_team_name_and_number(client, tournament, published):
    seating = current_seating(published)
    team = tournament.teams.get(pk=seating.tables[2][1])
    opponent = tournament.teams.get(pk=seating.tables[2][0])
    for query in (team.player_names[0].upper(), team.name, str(team.number)):
        page = client.get(f"/t/{tournament.slug}/find/", {"q": query}, HTTP_ACCEPT_LANGUAGE="en")
        html = page.content.decode()
        assert "Round 1: table 3" in html, query
        assert opponent.name in html
    nothing = client.get(f"/t/{tournament.slug}/find/", {"q": "Nobody"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "No team or player matches" in nothing.content.decode()
    partial = client.get(f"/t/{tournament.slug}/find/", {"q": "Speler"}, HTTP_HX_REQUEST="true")
    assert "<html" not in partial.content.decode() and partial.content.decode().count('class="card mb-2 place"') == 8


def test_find_sends_a_registered_team_that_is_not_in_the_round_to_the_desk(client, tournament, published, make_teams):
    late = make_teams(tournament, 1, start=9)[0]  # registered after the round was drawn
    page = client.get(f"/t/{tournament.slug}/find/", {"q": late.name}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"{late.name} is registered but does not play in round 1. Please go to the desk." in page
    assert "No team or player matches" not in page
    seated = client.get(f"/t/{tournament.slug}/find/", {"q": "Speler"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "not-in-round" not in seated  # someone seated matches: the places only


def test_find_shows_the_bye(client, tournament, make_teams):
    make_teams(tournament, 3)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    bye = round_.byes.get().team
    page = client.get(f"/t/{tournament.slug}/find/", {"q": bye.name}, HTTP_ACCEPT_LANGUAGE="en")
    assert "bye" in page.content.decode()


def test_drafts_are_hidden_from_players(client, tournament, make_teams):
    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    team = tournament.teams.first()
    page = client.get(f"/t/{tournament.slug}/find/", {"q": team.name}, HTTP_ACCEPT_LANGUAGE="en")
    assert "No round has been published yet" in page.content.decode()
    assert client.get(f"/t/{tournament.slug}/rounds/1/tables/1/").status_code == 404
    assert client.get(f"/t/{tournament.slug}/rounds/1/").status_code == 404
    assert client.get(f"/t/{tournament.slug}/clock.json").json()["round"] is None
    assert "No round has been published yet" in client.get(
        f"/t/{tournament.slug}/projector/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    publish(round_)
    assert client.get(f"/t/{tournament.slug}/rounds/1/tables/1/").status_code == 200


def test_table_page_shows_seats_colours_and_dealer(client, tournament, published):
    seating = current_seating(published)
    first = tournament.teams.get(pk=seating.tables[0][0])
    html = client.get(f"/t/{tournament.slug}/rounds/1/tables/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert first.player_names[0] + " · red" in html and first.player_names[1] + " · yellow" in html
    assert html.index("deals first") < html.index(tournament.teams.get(pk=seating.tables[0][1]).name)
    assert 'data-clock-url="/t/keezen-cup-2026/clock.json"' in html


def test_projector_lists_every_table(client, tournament, published, django_assert_max_num_queries):
    with django_assert_max_num_queries(12):
        html = client.get(f"/t/{tournament.slug}/projector/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.count('class="projector-table"') == 4
    assert all(team.name in html for team in tournament.teams.all())
    assert 'data-reload-on-round="1"' in html and 'data-remaining="2700"' in html
