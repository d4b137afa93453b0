"""In Chromium, with the Content-Security-Policy on: typing a player's name on the team form shows
people of the register (static/js/people.js), choosing one links the player, typing over the
name lets go of the link, and a name nobody of the register has joins it on save. The page is watched for JavaScript errors and failed requests."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from people.models import Person
from tests.browser.conftest import signed_in
from tournaments.models import Club, Player

pytestmark = pytest.mark.browser


@pytest.fixture
def page(kept_page):
    """One phone tab for the module (tests/browser/conftest.py's ``KeptTab``): each test signs in
    and opens the form afresh."""
    return kept_page


def test_choosing_a_suggestion_links_the_player(page, page_problems, live_server, director, tournament):
    noord = Club.objects.create(name="KC Noord")
    Person.objects.create(name="Zoë Özdemir", member_number="1234", club=noord)
    chosen = Person.objects.create(name="Zoë Özdemir", member_number="5678")
    signed_in(page.context, director, live_server)
    page.goto(f"/director/t/{tournament.slug}/teams/add/")
    page.locator("#id_name").fill("De Kezers")

    first = page.locator("#id_player_1")
    first.press_sequentially("zoe oz")
    options = page.locator("#id_player_1-suggestions button")
    expect(options).to_have_count(2)
    expect(options.nth(0)).to_contain_text("KC Noord · 1234")
    options.filter(has_text="5678").click()
    expect(first).to_have_value("Zoë Özdemir")
    expect(page.locator("#id_person_1")).to_have_value(str(chosen.pk))
    expect(page.locator("#id_player_1-suggestions")).to_be_hidden()

    second = page.locator("#id_player_2")
    second.press_sequentially("zoe")
    expect(page.locator("#id_player_2-suggestions button")).to_have_count(2)
    page.locator("#id_player_2").press("Escape")
    expect(page.locator("#id_player_2-suggestions")).to_be_hidden()
    second.fill("Bram Jansen")
    expect(page.locator("#id_person_2")).to_have_value("")

    page.locator("input[name=save]").click()
    expect(page).to_have_url(f"{page.url.split('/director/')[0]}/director/t/{tournament.slug}/teams/")
    first_player, second_player = Player.objects.order_by("seat")
    assert first_player.person_id == chosen.pk
    assert second_player.person.name == "Bram Jansen", "nobody of the register is Bram: he joins it"
    assert page_problems == []


def test_typing_over_a_chosen_name_lets_go(page, page_problems, live_server, director, tournament):
    Person.objects.create(name="Anna de Vries")
    signed_in(page.context, director, live_server)
    page.goto(f"/director/t/{tournament.slug}/teams/add/")
    field = page.locator("#id_player_1")
    field.press_sequentially("anna")
    page.locator("#id_player_1-suggestions button").first.click()
    expect(page.locator("#id_person_1")).not_to_have_value("")
    expect(page.get_by_text("In the register: Anna de Vries")).to_be_visible()
    field.press("End")
    field.press_sequentially(" Smit")
    expect(page.locator("#id_person_1")).to_have_value("")
    expect(page.get_by_text("In the register: Anna de Vries")).to_have_count(0)
    assert page_problems == []
