"""In Chromium: a 9-player individual evening (issue 17). The director plans every round at once
and publishes round 1; a player finds their table and partner by name on the phone; one pair
sends the sheet from the table link, a player of the other pair confirms it with their own code;
the public standings show each player's share, and the player with the bye is drawn elsewhere."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, signed_in
from tournaments.models import Bye, DrawMode, Entry, Table, Tournament
from tournaments.services import clock as clock_services
from tournaments.services.seating import sides
from tournaments.services.teams import TeamData, register_teams

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bert Jansen", "Carla Smit", "Daan Bakker", "Eva Visser", "Frank Mulder",
         "Greet de Boer", "Henk Bos", "Ine Peters"]


def test_a_nine_player_evening(page, page_problems, live_server, director):
    tournament = Tournament.objects.create(
        name="Klaverjas-vrije keezavond", slug="keezavond", date=datetime.date(2026, 11, 25), seed=25,
        entry=Entry.INDIVIDUAL, draw_mode=DrawMode.PLANNED, scoring_system="pawns-2pt", rounds=3,
    )
    register_teams(tournament, [TeamData(name=name, players=(name,)) for name in NAMES])

    # The director at a laptop: the same tab, laptop-sized and signed in, then a player's phone again
    # with no cookies left (a new context and tab cost about half a second, and start with an empty cache).
    page.set_viewport_size({"width": 1280, "height": 900})
    signed_in(page.context, director, live_server)
    page.goto(f"/director/t/{tournament.slug}/rounds/")
    page.get_by_role("button", name="Plan all 3 rounds at once").click()
    expect(page).to_have_url(re.compile(rf"/director/t/{tournament.slug}/rounds/1/$"))
    expect(page.locator("main")).to_contain_text("Bye:")
    page.locator('form[action$="/rounds/1/publish/"] button').click()
    expect(page.locator(".alert-success")).to_be_visible()
    page.context.clear_cookies()
    page.set_viewport_size(PHONE)

    round_ = tournament.round_set.get(number=1)
    clock_services.start(round_)
    assert Bye.objects.filter(round__tournament=tournament).count() == 3  # a different player each round
    table = Table.objects.with_seats().select_related("round__tournament").get(round=round_, number=1)
    first, second = sides(table)
    me, partner = first.teams

    # A player finds their table, and sees their partner for the round.
    page.goto(f"/t/{tournament.slug}/find/")
    page.wait_for_load_state("load")
    page.locator("input[name=q]").fill(me.name.split()[0].lower())
    place = page.locator("#places .place").filter(has_text=me.name)
    expect(place).to_contain_text("table 1")
    expect(place).to_contain_text(f"Partner: {partner.name}")

    # The first pair sends the sheet: 8 pawns home against 5.
    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    page.locator("#pawns_0").fill("8")
    page.locator("#pawns_1").fill("5")
    expect(page.locator("#preview [data-testid=points-A]")).to_have_text("26")
    page.locator("#code").fill(first.codes[0])  # a player of the pair submits with their own code
    page.locator("button[name=action][value=submit]").tap()
    expect(page.locator("#current")).to_have_attribute("data-status", "submitted")

    # A player of the other pair confirms with their own code (the second player's slip), on a phone
    # of their own: this tab without the first phone's cookies, as a new phone opens the link.
    page.context.clear_cookies()
    page.goto(f"/s/{table.token}/")
    page.locator("#code").fill(second.codes[1])
    page.locator("button[name=action][value=confirm]").tap()
    expect(page.locator("#current")).to_have_attribute("data-status", "confirmed")

    # Each player has their own place in the standings: half the pair's points each.
    page.goto(f"/t/{tournament.slug}/standings/")
    for team in first.teams:
        expect(page.locator(f"[data-testid=total-P{team.number}]")).to_have_text(re.compile(r"^\s*13\s*$"))
    for team in second.teams:
        expect(page.locator(f"[data-testid=total-P{team.number}]")).to_have_text(re.compile(r"^\s*5\s*$"))
    expect(page.locator("[data-testid=standings-list]")).to_contain_text(me.name)
    assert page_problems == []
