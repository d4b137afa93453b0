"""In Chromium: a 9-player individual evening (issue 17). The director plans every round at once
and publishes round 1; a player finds their table and partner by name on the phone; one pair
sends the sheet from the table link, a player of the other pair confirms it with their own code;
the public standings show each player's share, and the player with the bye is drawn elsewhere."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import another_phone, signed_in
from tournaments.models import Bye, DrawMode, Entry, Table, Tournament
from tournaments.services import clock as clock_services
from tournaments.services.seating import sides
from tournaments.services.teams import TeamData, register_teams

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna de Vries", "Bert Jansen", "Carla Smit", "Daan Bakker", "Eva Visser", "Frank Mulder",
         "Greet de Boer", "Henk Bos", "Ine Peters"]


def test_a_nine_player_evening(browser, page, page_problems, live_server, director):
    tournament = Tournament.objects.create(
        name="Klaverjas-vrije keezavond", slug="keezavond", date=datetime.date(2026, 11, 25), seed=25,
        entry=Entry.INDIVIDUAL, draw_mode=DrawMode.PLANNED, scoring_system="pawns-2pt", rounds=3,
    )
    register_teams(tournament, [TeamData(name=name, players=(name,)) for name in NAMES])

    desk = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server.url,
                               locale="en-US", extra_http_headers={"Accept-Language": "en"})
    signed_in(desk, director, live_server)
    director_page = desk.new_page()
    director_page.goto(f"/director/t/{tournament.slug}/rounds/")
    director_page.get_by_role("button", name="Plan all 3 rounds at once").click()
    expect(director_page).to_have_url(re.compile(rf"/director/t/{tournament.slug}/rounds/1/$"))
    expect(director_page.locator("main")).to_contain_text("Bye:")
    director_page.locator('form[action$="/rounds/1/publish/"] button').click()
    expect(director_page.locator(".alert-success")).to_be_visible()
    desk.close()

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

    # A player of the other pair confirms with their own code (the second player's slip).
    with another_phone(browser, live_server) as other:
        other.goto(f"/s/{table.token}/")
        other.locator("#code").fill(second.codes[1])
        other.locator("button[name=action][value=confirm]").tap()
        expect(other.locator("#current")).to_have_attribute("data-status", "confirmed")

    # Each player has their own place in the standings: half the pair's points each.
    page.goto(f"/t/{tournament.slug}/standings/")
    for team in first.teams:
        expect(page.locator(f"[data-testid=total-P{team.number}]")).to_have_text(re.compile(r"^\s*13\s*$"))
    for team in second.teams:
        expect(page.locator(f"[data-testid=total-P{team.number}]")).to_have_text(re.compile(r"^\s*5\s*$"))
    expect(page.locator("[data-testid=standings-list]")).to_contain_text(me.name)
    assert page_problems == []
