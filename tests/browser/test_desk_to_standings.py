"""A sheet typed at the desk reaches the standings on a player's phone without a reload."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import signed_in
from tournaments.services.rounds import add_round, add_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_desk_entry_shows_up_on_public_standings(browser, page, page_problems, live_server, director,
                                                 tournament, make_teams, settings):
    settings.PUBLIC_POLL_SECONDS = 1
    first, second = make_teams(tournament, 2)
    add_table(add_round(tournament), [first, second])

    page.clock.install()  # the page's timers are Playwright's: the next poll is moved on to, not waited for
    page.goto(f"/t/{tournament.slug}/standings/")
    expect(page.locator("[data-testid=standings-list]")).to_contain_text(first.name)
    page.evaluate("window.__sameDocument = true")

    desk = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server.url,
                               locale="en-US", extra_http_headers={"Accept-Language": "en"})
    signed_in(desk, director, live_server)
    director_page = desk.new_page()
    director_page.goto(f"/director/t/{tournament.slug}/desk/1/")
    director_page.locator("#table-number").fill("1")
    director_page.keyboard.press("Enter")
    arrivals = director_page.locator("#arrivals")
    expect(arrivals).to_be_focused()
    arrivals.type("aab")
    expect(director_page.locator("[data-testid=points-A]")).to_have_text("290")
    expect(director_page.locator("[data-testid=points-B]")).to_have_text("130")
    arrivals.press("Enter")
    # Three pawns home and the clock not run out: the desk asks before it saves, the keyboard answers.
    expect(director_page.locator("[data-testid=unfinished-question]")).to_contain_text("Is the game really over?")
    confirm = director_page.locator("#unfinished_ok")
    expect(confirm).to_be_focused()
    confirm.press("Space")
    confirm.press("Enter")
    expect(director_page.locator(".alert-success")).to_contain_text("Table 1 saved: A 290, B 130.")
    expect(director_page.locator("#table-number")).to_be_focused()
    desk.close()

    page.clock.run_for(1000)  # the standings' poll: every second
    expect(page.locator("[data-testid=total-T1]")).to_have_text(re.compile(r"^\s*290\s*$"), timeout=10_000)
    expect(page.locator("[data-testid=total-T2]")).to_have_text(re.compile(r"^\s*130\s*$"))
    assert page.evaluate("window.__sameDocument") is True, "the page was reloaded"
    assert page_problems == []
