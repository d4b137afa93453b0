"""The team pass (``/p/<token>/``, views/team_pass.py, services/team_passes.py and door_window.py):
a private link per team for the day, its table and opponents this round, its sheet with the
actions open to it and no code typed, its results; replaced passes and unknown ones are 404 and
counted; self check-in only while the door is open; no pass on any public page."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from tournaments.models import Result, ResultState, Team
from tournaments.services import clock as clock_services
from tournaments.services import door_window, team_passes
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round
from tournaments.services.teams import set_checked_in

pytestmark = pytest.mark.usefixtures("english")


def pass_url(team: Team, part: str = "") -> str:
    return f"/p/{team.pass_token}/{part}"


def get(client, url):
    return client.get(url, HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def running(tournament, published_round):
    round_ = published_round(tournament, 4)
    clock_services.start(round_)
    return round_


def test_every_team_has_its_own_secret_pass(tournament, make_teams):
    teams = make_teams(tournament, 3)
    tokens = {team.pass_token for team in Team.objects.filter(tournament=tournament)}
    assert len(tokens) == 3 and all(len(token) >= 22 for token in tokens)
    assert teams


def test_the_pass_shows_the_table_and_opponents_of_the_round(client, tournament, running):
    table = running.tables.get(number=1)
    mine, other = [seat.team for seat in table.seats.order_by("position")]
    page = get(client, pass_url(mine))
    html = page.content.decode()
    assert page.status_code == 200 and mine.name in html
    assert 'data-testid="place-table" data-table="1"' in html and other.name in html
    assert page["X-Robots-Tag"] == "noindex, nofollow" and 'name="robots" content="noindex' in html
    assert page["Cache-Control"].startswith("max-age=0")  # never kept by a proxy


def test_the_pass_before_any_round_and_when_not_drawn(client, tournament, make_teams):
    make_teams(tournament, 5)
    team = tournament.teams.first()
    assert 'data-testid="pass-no-round"' in get(client, pass_url(team)).content.decode()
    teams = list(tournament.teams.order_by("number"))
    for present in teams[:4]:
        set_checked_in(present, True)  # the fifth came late: not drawn
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    assert 'data-testid="not-in-round"' in get(client, pass_url(teams[4])).content.decode()
    assert 'data-testid="place-table"' in get(client, pass_url(teams[0])).content.decode()


def test_a_poll_of_the_pass_answers_304_until_the_table_changes(client, tournament, make_teams):
    make_teams(tournament, 4)
    team = tournament.teams.first()
    first = get(client, pass_url(team, "now/"))
    assert first.status_code == 200 and first["ETag"]
    again = client.get(pass_url(team, "now/"), HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    changed = client.get(pass_url(team, "now/"), HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and 'data-testid="place-table"' in changed.content.decode()


def test_submit_and_confirm_from_the_passes_without_a_code(tournament, running):
    table = running.tables.get(number=1)
    first, second = [seat.team for seat in table.seats.order_by("position")]
    phone_a, phone_b = Client(), Client()
    sheet = get(phone_a, pass_url(first, "sheet/")).content.decode()
    assert 'id="entering-as"' in sheet and 'name="code"' not in sheet
    done = phone_a.post(pass_url(first, "sheet/"), {"action": "submit", "arrivals": "AAAAAAAA"},
                        HTTP_ACCEPT_LANGUAGE="en")
    assert done.status_code == 302 and done["Location"] == pass_url(first, "sheet/")
    result = Result.objects.get(table=table)
    assert (result.state, result.submitted_by) == (ResultState.SUBMITTED, 1)

    own = get(phone_a, pass_url(first, "sheet/")).content.decode()
    assert "Your team submitted the sheet" in own and 'value="confirm"' not in own
    mine_again = phone_a.post(pass_url(first, "sheet/"), {"action": "confirm"}, HTTP_ACCEPT_LANGUAGE="en")
    assert mine_again.status_code == 400  # its own sheet: another team confirms
    confirmed = phone_b.post(pass_url(second, "sheet/"), {"action": "confirm"}, HTTP_ACCEPT_LANGUAGE="en")
    assert confirmed.status_code == 302
    result.refresh_from_db()
    assert (result.state, result.confirmed_by) == (ResultState.CONFIRMED, 2)
    assert "place 1" in get(phone_a, pass_url(first)).content.decode()


def test_a_replaced_pass_opens_nothing_and_unknown_passes_are_counted(client, tournament, make_teams):
    make_teams(tournament, 4)
    team = tournament.teams.first()
    old = pass_url(team)
    team_passes.replace_pass(team)
    assert get(client, old).status_code == 404
    assert get(client, pass_url(team)).status_code == 200
    answers = [get(client, f"/p/unknown{number:020d}/").status_code for number in range(32)]
    assert answers[0] == 404 and answers[-1] == 429
    assert get(client, pass_url(team)).status_code == 200  # a known pass always opens


def test_the_director_replaces_a_pass_from_the_team_page(director_client, tournament, make_teams):
    make_teams(tournament, 2)
    team = tournament.teams.first()
    old = team.pass_token
    edit = director_client.get(f"/director/t/{tournament.slug}/teams/{team.pk}/edit/").content.decode()
    assert f"/p/{old}/" in edit
    response = director_client.post(f"/director/t/{tournament.slug}/teams/{team.pk}/pass/replace/")
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.pass_token != old


def test_no_pass_on_any_public_page(client, tournament, running):
    tokens = list(Team.objects.filter(tournament=tournament).values_list("pass_token", flat=True))
    table = running.tables.get(number=1)
    for url in ["/", f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/", f"/t/{tournament.slug}/standings.json",
                f"/t/{tournament.slug}/rounds/1/", f"/t/{tournament.slug}/rounds/1/tables/1/",
                f"/t/{tournament.slug}/find/?q=Team", f"/t/{tournament.slug}/projector/", f"/s/{table.token}/"]:
        html = get(client, url).content.decode()
        assert not any(token in html for token in tokens), url


def test_self_check_in_only_while_the_door_is_open(client, tournament, make_teams):
    make_teams(tournament, 2)
    team = tournament.teams.first()
    assert not team.checked_in
    closed = client.post(pass_url(team, "here/"), HTTP_ACCEPT_LANGUAGE="en")
    assert closed.status_code == 409 and "Self check-in is not open" in closed.content.decode()

    now = timezone.now()
    later = (timezone.localtime(now) + datetime.timedelta(hours=1)).time().replace(second=0, microsecond=0)
    if later < timezone.localtime(now).time():
        pytest.skip("an hour from now is tomorrow")
    door_window.open_door(tournament, opens=later)
    early = client.post(pass_url(team, "here/"), HTTP_ACCEPT_LANGUAGE="en")
    assert early.status_code == 409 and f"opens at {later:%H:%M}" in early.content.decode()

    door_window.open_door(tournament)
    page = get(client, pass_url(team)).content.decode()
    assert 'data-testid="pass-here"' in page
    done = client.post(pass_url(team, "here/"), HTTP_ACCEPT_LANGUAGE="en")
    assert done.status_code == 302
    team.refresh_from_db()
    assert team.checked_in and 'data-testid="pass-checked-in"' in get(client, pass_url(team)).content.decode()

    door_window.close_door(tournament)
    other = tournament.teams.last()
    shut = client.post(pass_url(other, "here/"), HTTP_ACCEPT_LANGUAGE="en")
    assert shut.status_code == 409 and "Self check-in closed at" in shut.content.decode()
    other.refresh_from_db()
    assert not other.checked_in


def test_the_director_opens_and_closes_the_door_on_the_check_in_page(director_client, tournament, make_teams):
    make_teams(tournament, 2)
    url = f"/director/t/{tournament.slug}/checkin/door/"
    refused = director_client.post(url, {"open": "1", "opens": "10:00", "closes": "09:00"})
    assert refused.status_code == 400
    for bad in ("25:00", "09:30:99", "0930", "T09", "9"):
        assert director_client.post(url, {"open": "1", "opens": bad}).status_code == 400, bad
    tournament.refresh_from_db()
    assert tournament.door_opens_at is None
    assert director_client.post(url, {"open": "1", "closes": ""}).status_code == 302
    tournament.refresh_from_db()
    assert door_window.door(tournament).open
    page = director_client.get(f"/director/t/{tournament.slug}/checkin/").content.decode()
    assert 'data-testid="door-open"' in page
    assert director_client.post(url, {"open": "0"}).status_code == 302
    tournament.refresh_from_db()
    assert not door_window.door(tournament).open


def test_a_poll_of_the_pass_costs_a_fixed_number_of_queries(client, tournament, running, django_assert_num_queries):
    """The pass polls every 4 s from every phone: its cost does not grow with the tournament."""
    team = running.tables.get(number=1).seats.first().team
    get(client, pass_url(team, "now/"))  # the shared standings rendered once
    with django_assert_num_queries(NOW_QUERIES):
        get(client, pass_url(team, "now/"))
    with django_assert_num_queries(SHEET_STATE_QUERIES):
        get(client, pass_url(team, "sheet/?state"))


# The pass with its tournament, its round, the round's table with its seats and players (3; no bye
# looked for once a table is found; the standings come from the shared cache); the sheet's state:
# the pass, the round, the latest version.
NOW_QUERIES = 5
SHEET_STATE_QUERIES = 3
