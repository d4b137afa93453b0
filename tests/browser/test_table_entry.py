"""Two phones at one table: team A submits the sheet, team B confirms it with its code on its own
phone; the director sees the table confirmed and the public standings include the points."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import another_phone
from tournaments.services import clock as clock_services
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round

pytestmark = pytest.mark.browser


def test_team_a_submits_team_b_confirms(browser, page, page_problems, live_server, director_client, tournament,
                                        make_teams):
    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    clock_services.start(round_)
    table = round_.tables.get(number=1)
    first, second = [seat for seat in table.seats.all()]

    # Phone of team A (the page fixture: 390×844, English).
    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    for _ in range(8):
        page.locator('[data-arrival="A"]').tap()
    expect(page.locator("#arrivals")).to_have_value("AAAAAAAA")
    expect(page.locator("#preview [data-testid=points-A]")).to_have_text("1120")  # 150+…+80, and 200 for the win
    page.locator("#code").fill(first.code)  # who submits: the team whose code this is
    page.locator("button[name=action][value=submit]").tap()
    expect(page.locator("#current")).to_have_attribute("data-status", "submitted")
    expect(page.locator("#kept")).to_contain_text("Hand it to another team")  # A's phone knows it is A's

    # Phone of team B: another browser context, its own cookies.
    with another_phone(browser, live_server) as other:
        other.goto(f"/s/{table.token}/")
        expect(other.locator("#current [data-testid=points-A]")).to_have_text("1120")
        other.locator("#code").fill(second.code)
        other.locator("button[name=action][value=confirm]").tap()
        expect(other.locator("#current")).to_have_attribute("data-status", "confirmed")
    # Phone A, never reloaded by hand, follows its sheet (static/js/sheet_follow.js polls every 5 s).
    expect(page.locator("#current")).to_have_attribute("data-status", "confirmed", timeout=8000)

    overview = director_client.get(f"/director/t/{tournament.slug}/rounds/1/results/").content.decode()
    assert 'id="table-1" data-status="confirmed"' in overview

    page.goto(f"/t/{tournament.slug}/standings/")
    expect(page.locator(f"[data-testid=total-T{first.team.number}]")).to_have_text("1120")
    assert page_problems == []
