"""The director's forms in Chromium: the short name follows the tournament's name until edited by
hand, Enter on the desk's forfeit dropdown saves, and a phone that submits an unfinished game is
asked before anything is saved."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.models import Result
from tournaments.services import clock as clock_services
from tournaments.services.rounds import add_round, add_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def desk_page(kept_desk_page):
    """The desk's tab, one for the module (tests/browser/conftest.py's ``KeptTab``), signed in afresh for each test."""
    return kept_desk_page


def test_the_short_name_follows_the_name_until_edited(desk_page):
    desk_page.goto("/director/new/")
    name, slug = desk_page.locator("#id_name"), desk_page.locator("#id_slug")
    name.type("Zoë’s Keezen Cup 2026")
    expect(slug).to_have_value("zoes-keezen-cup-2026")
    name.press("Backspace")
    expect(slug).to_have_value("zoes-keezen-cup-202")
    slug.fill("")
    slug.type("club-cup")
    name.type("7")
    expect(slug).to_have_value("club-cup")  # edited by hand: the name no longer moves it
    desk_page.goto("/director/new/")
    desk_page.locator("#id_slug").type("mine")
    desk_page.locator("#id_name").type("Another Cup")
    expect(desk_page.locator("#id_slug")).to_have_value("mine")


def test_enter_on_the_forfeit_dropdown_saves(desk_page, tournament, make_teams):
    first, second = make_teams(tournament, 2)
    table = add_table(add_round(tournament), [first, second])
    desk_page.goto(f"/director/t/{tournament.slug}/desk/1/?table=1")
    forfeit = desk_page.locator("select[name=forfeit]")
    forfeit.select_option("2")
    forfeit.focus()
    forfeit.press("Enter")
    expect(desk_page.locator(".alert-success")).to_contain_text("Table 1 saved: A 1120, B 0.")
    assert Result.objects.get(table=table).sheet == {"forfeit": 1}


def test_a_phone_is_asked_before_an_unfinished_game_is_saved(page, tournament, published_round):
    round_ = published_round(tournament, 2)
    clock_services.start(round_)
    table = round_.tables.get()
    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    for letter in "AAB":
        page.locator(f'[data-arrival="{letter}"]').tap()
    expect(page.locator("#preview [data-testid=unfinished-note]")).to_be_visible()
    page.locator("#code").fill(table.seats.get(position=1).code)  # the first team submits with its code
    page.locator("button[name=action][value=submit]").tap()
    expect(page.locator("[data-testid=unfinished-question]")).to_contain_text("Is the game really over?")
    expect(page.locator("#arrivals")).to_have_value("AAB")
    assert not Result.objects.exists()
    page.locator("label[for=unfinished_ok]").tap()
    expect(page.locator("#unfinished_ok")).to_be_checked()
    # The tick asks the server for a fresh preview, which moves what is below it: tap once the page
    # stands still, or the tap lands where the button was (seen on a busy CI machine). The fresh
    # preview has no question left, and htmx has swapped and settled it (no fixed half second of
    # a quiet network, as "networkidle" waited).
    expect(page.locator("#preview [data-testid=unfinished-note]")).to_have_count(0)
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    expect(page.locator("#code")).to_have_value(table.seats.get(position=1).code)  # kept: not typed again
    page.locator("button[name=action][value=submit]").tap()
    expect(page.locator("#current")).to_have_attribute("data-status", "submitted")
    assert Result.objects.get(table=table).sheet == {"arrivals": [0, 0, 1]}
