"""In Chromium on a phone: a player finds their table by typing their own name, and the
projector's clock counts down (and survives a reload with the right time)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tournaments.services import clock as clock_services
from tournaments.services.draft import current_seating

pytestmark = pytest.mark.browser


@pytest.fixture
def published(tournament, published_round):
    return published_round(tournament, 10)


def seconds(text: str) -> int:
    minutes, secs = text.strip().split(":")[-2:]
    return int(minutes) * 60 + int(secs)


def test_find_my_table_by_player_name(page, page_problems, tournament, published):
    seating = current_seating(published)
    team = tournament.teams.get(pk=seating.tables[3][1])
    opponent = tournament.teams.get(pk=seating.tables[3][0])
    player = team.player_names[1]

    page.goto(f"/t/{tournament.slug}/")
    page.locator(f'a[href="/t/{tournament.slug}/find/"]').first.tap()
    expect(page).to_have_url(re.compile(rf"/t/{tournament.slug}/find/$"))
    page.wait_for_load_state("load")  # htmx has wired up the search box
    search = page.locator("input[name=q]")
    search.fill(player.lower())  # as typed on a phone, and without pressing enter: htmx searches
    place = page.locator("#places .place")
    expect(place).to_have_count(1)
    expect(place).to_contain_text(team.name)
    expect(place).to_contain_text(opponent.name)
    expect(place).to_contain_text("table 4")
    place.locator("a").tap()
    expect(page).to_have_url(re.compile(rf"/t/{tournament.slug}/rounds/1/tables/4/$"))
    expect(page.locator("#seat-2")).to_contain_text(player)
    assert page_problems == []


def test_projector_counts_down_and_reload_keeps_the_time(page, page_problems, tournament, published):
    """The page's timers and monotonic clock are Playwright's (``page.clock``): the seconds that
    pass are moved on at once instead of waited for; clock.js runs as it is."""
    clock_services.start(published)
    page.clock.install()
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/t/{tournament.slug}/projector/")
    time = page.locator("[data-clock-time]")
    expect(page.locator(".projector-table")).to_have_count(5)
    first = seconds(time.inner_text())
    assert 44 * 60 <= first <= 45 * 60
    page.clock.run_for(2000)
    assert seconds(time.inner_text()) in (first - 2, first - 1)  # it ticks
    clock_services.pause(published)
    left = clock_services.clock(published).remaining
    page.reload()
    expect(page.locator(".round-clock")).to_have_attribute("data-state", "paused")
    assert seconds(time.inner_text()) == left
    page.clock.run_for(2000)
    assert seconds(time.inner_text()) == left  # paused: it stands still
    assert page_problems == []
