"""The whole-deal page's taps (static/js/deal_taps.js): a tap types the card as the page's language
spells it, four to a trick; "take back" removes the last; the replay answers the tapped deal."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tournaments.models import Tournament

pytestmark = pytest.mark.browser


def test_a_deal_tapped_card_by_card_is_replayed(desk_page):
    Tournament.objects.create(name="Klaverjasdrive", slug="drive", date=datetime.date(2026, 11, 29),
                              scoring_system="klaverjas", deals=16)
    page = desk_page
    page.goto("/director/t/drive/card-rules/deal/")
    tricks = page.locator("#tricks")
    for card in ("S7", "SA", "S8", "SQ", "H7"):
        page.locator(f"[data-tap-card='{card}']").click()
    expect(tricks).to_have_value("S7 SA S8 SQ\nH7")
    page.locator("[data-tap-undo]").click()
    expect(tricks).to_have_value("S7 SA S8 SQ")
    page.locator("#deal-form button[type=submit]:not([name])").first.click()
    expect(page.locator("[data-testid=deal-clean]")).to_be_visible()
