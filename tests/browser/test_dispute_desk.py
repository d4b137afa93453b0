"""In Chromium on a phone: the director sets up a disputed position by tapping, picks the 4, sees
the legal moves drawn, taps the claimed (illegal) move, reads the reason and keeps the ruling."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import signed_in
from tournaments.models import Ruling
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round

pytestmark = pytest.mark.browser


def hole(page, loc: str):
    return page.locator(f'#board g.hole[data-loc="{loc}"]:not([data-colour])')


def test_director_settles_a_dispute_and_keeps_the_ruling(page, page_problems, live_server, director,
                                                         tournament, make_teams):
    make_teams(tournament, 8)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    table = round_.tables.get(number=2)

    signed_in(page.context, director, live_server)
    page.goto(f"/director/t/{tournament.slug}/disputes/")
    page.wait_for_load_state("load")

    code = page.locator("#position-code")
    expect(code).to_have_text("K4:-|-|-|-")
    hole(page, "t0").tap()                      # red (the chosen colour) on its own start hole
    expect(code).to_have_text("K4:t0|-|-|-")
    hole(page, "t2").tap()
    expect(code).to_have_text("K4:t0.t2|-|-|-")

    page.locator('label[for="card-4"]').tap()
    moves = page.locator("#moves > li")
    expect(moves).to_have_count(1)
    expect(moves.first).to_have_attribute("data-move", "4 0:t0>t60")
    expect(page.locator("#board .move-arrow")).to_have_count(1)  # drawn on the board

    page.locator('label[for="mode-claim"]').tap()
    expect(page.locator("#claim-help")).to_be_visible()
    hole(page, "t2").tap()
    hole(page, "t62").tap()                     # "back over my own start hole"
    expect(page.locator("#claim")).to_have_value("4 0:t2>t62")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-legal", "false")
    expect(verdict).to_contain_text("R11")

    page.locator("#table").select_option(str(table.pk))
    page.locator("#note").fill("Table 2 asked at 14:10")
    page.locator('button[name=action][value=save]').tap()
    expect(page.locator("#desk .alert-success")).to_contain_text(re.compile("saved", re.I))
    ruling = Ruling.objects.get()
    assert (ruling.table, ruling.claim, ruling.verdict["rule"]) == (table, "4 0:t2>t62", "R11")
    assert page_problems == []
