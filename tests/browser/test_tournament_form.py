"""The New tournament form shows what the chosen game and entry need (static/js/tournament_form.js):
a Klaverjassen drive shows its deals and card rules, not the Keezen board's house rules nor tables
of three; the draw mode shows for individual entry only; the status is no field."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_form_follows_the_game_and_the_entry(desk_page):
    page = desk_page
    page.goto("/director/new/")
    keezen_rules = page.locator("[data-for-game=keezen]")
    klaverjas_rules = page.locator("[data-for-game=klaverjas]")
    draw_mode = page.locator("[data-for-entry=individual]")
    expect(page.locator("[name=status]")).to_have_count(0)

    page.locator("[name=scoring_system]").select_option("pawn-order")
    expect(keezen_rules).to_be_visible()
    expect(klaverjas_rules).to_be_hidden()
    expect(page.locator("[data-needs=three]").first).to_be_visible()
    expect(draw_mode).to_be_hidden()

    page.locator("[name=scoring_system]").select_option("klaverjas")
    expect(klaverjas_rules).to_be_visible()
    expect(page.locator("[name=deals]")).to_be_visible()
    expect(keezen_rules).to_be_hidden()
    expect(page.locator("[data-needs=three]").first).to_be_hidden()

    page.locator("[name=entry]").select_option("individual")
    expect(draw_mode).to_be_visible()


def test_a_preset_keeps_the_name_venue_and_date_typed_before_it(desk_page):
    page = desk_page
    page.goto("/director/new/")
    page.locator("[name=name]").fill("NK Keezen 2026")
    page.locator("[name=venue]").fill("Zwolle")
    page.locator("a[data-preset=nk-keezen]").click()
    page.wait_for_url("**preset=nk-keezen**")
    expect(page.locator("[name=rounds]")).to_have_value("5")
    expect(page.locator("[name=name]")).to_have_value("NK Keezen 2026")
    expect(page.locator("[name=venue]")).to_have_value("Zwolle")
