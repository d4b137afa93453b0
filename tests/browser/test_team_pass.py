"""A team's pass on a phone through the day (views/team_pass.py): the new table shows within 5 s of
the director publishing a round, with the page open; the team confirms its table's sheet from the
pass without a code; a replaced pass opens nothing; the team checks itself in while the door is
open and is refused outside the window; the check-in page follows by itself."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import another_phone
from tournaments.models import Result, ResultState
from tournaments.services import clock as clock_services
from tournaments.services import door_window, team_passes
from tournaments.services import table_entry as entry
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round

pytestmark = pytest.mark.browser


def test_the_pass_shows_the_new_table_within_5_s_of_publishing(page, page_problems, tournament, make_teams):
    make_teams(tournament, 4)
    team = tournament.teams.first()
    page.goto(f"/p/{team.pass_token}/")
    expect(page.locator("[data-testid=pass-no-round]")).to_be_visible()
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    published = time.monotonic()
    table = round_.tables.get(seats__team=team)
    expect(page.locator("[data-testid=place-table]")).to_have_attribute("data-table", str(table.number), timeout=5000)
    assert time.monotonic() - published < 5
    expect(page.locator("#pass-now")).to_have_attribute("data-changed", f"1:{table.number}")  # it beeped
    assert page_problems == []


def test_confirm_from_the_pass_without_a_code(browser, live_server, page, tournament, published_round):
    round_ = published_round(tournament, 4)
    clock_services.start(round_)
    table = round_.tables.get(number=1)
    first, second = [seat for seat in table.seats.order_by("position")]
    entry.submit(table, first.position, _sheet(table))

    page.goto(f"/p/{second.team.pass_token}/")
    page.locator("[data-testid=pass-sheet-link]").tap()
    expect(page.locator("#kept")).to_contain_text("no code needed")
    expect(page.locator("#code")).to_have_count(0)
    page.locator("button[name=action][value=confirm]").tap()
    expect(page.locator("#current")).to_have_attribute("data-status", "confirmed")
    assert Result.objects.get(table=table).state == ResultState.CONFIRMED

    old = second.team.pass_token
    team_passes.replace_pass(second.team)
    with another_phone(browser, live_server) as other:
        answer = other.goto(f"/p/{old}/")
        assert answer.status == 404
        expect(other.locator("body")).to_contain_text("This pass is not known")


def _sheet(table):
    """Every pawn home for the first team, as the table link reads it."""
    from tournaments.services.sheet_entry import evaluate

    data, errors, _points = evaluate(table, {"arrivals": "AAAAAAAA"})
    assert not errors
    return data


def test_self_check_in_inside_and_outside_the_door_window(browser, live_server, page, desk_page, tournament,
                                                         make_teams):
    make_teams(tournament, 3)
    team = tournament.teams.first()
    page.goto(f"/p/{team.pass_token}/")
    expect(page.locator("[data-testid=pass-door-closed]")).to_contain_text("Self check-in is not open")
    expect(page.locator("[data-testid=pass-here]")).to_have_count(0)

    desk_page.goto(f"/director/t/{tournament.slug}/checkin/")
    expect(desk_page.locator("[data-testid=present-count] .present")).to_have_text("0")
    desk_page.locator("[data-testid=door-open-button]").click()
    expect(desk_page.locator("[data-testid=door-open]")).to_be_visible()

    # The pass, open all along, shows "we are here" by itself (its poll sees the door open).
    page.locator("[data-testid=pass-here]").tap(timeout=8000)
    expect(page.locator("[data-testid=pass-checked-in]")).to_be_visible()
    team.refresh_from_db()
    assert team.checked_in
    # The director's check-in page follows by itself (polled every 5 s).
    expect(desk_page.locator("[data-testid=present-count] .present")).to_have_text("1", timeout=8000)
    expect(desk_page.locator(f"#team-{team.pk}")).to_have_class(re.compile("list-group-item-success"))

    tournament.refresh_from_db()  # the desk opened the door
    door_window.close_door(tournament)
    latecomer = tournament.teams.order_by("-number").first()
    with another_phone(browser, live_server) as other:
        other.goto(f"/p/{latecomer.pass_token}/")
        expect(other.locator("[data-testid=pass-door-closed]")).to_contain_text("Self check-in closed at")
        expect(other.locator("[data-testid=pass-here]")).to_have_count(0)
    latecomer.refresh_from_db()
    assert not latecomer.checked_in
