"""The results desk at a human typing speed: table number, Enter, and the sheet typed at once (150 ms
and 50 ms a key, no waiting for the page) — exactly the sheet typed is saved, read back from the
database, for every scoring system's fields. Before, Enter reloaded the page and the first keys
were lost: "AABBBBBBBB" was saved as the valid 8–0 "BBBBBBBB"."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tournaments.models import Result, Tournament
from tournaments.services import clock as clock_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def desk(browser, live_server, director):
    """A laptop at the desk, logged in; JavaScript errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server.url,
                                  locale="en-US", extra_http_headers={"Accept-Language": "en"})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    log_in(page, director)
    page.wait_for_url("**/director/**")
    yield page
    context.close()
    assert errors == []


def type_sheet(page, slug: str, keys: str, delay: int) -> None:
    """Table 1, Enter, the sheet straight after (no waiting for anything), Enter. Playwright's
    ``delay`` holds each key down that long: ``delay`` ms a key."""
    page.goto(f"/director/t/{slug}/desk/1/")
    expect(page.locator("#table-number")).to_be_focused()
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    for index, part in enumerate(keys.split("\t")):  # "\t": the Tab key (type() would insert it as text)
        if index:
            page.keyboard.press("Tab", delay=delay)
        page.keyboard.type(part, delay=delay)
    expect(page.locator("#preview [data-testid=points-A]")).to_be_visible()  # the live points, kept keys too
    page.keyboard.press("Enter")
    expect(page.locator(".alert-success")).to_contain_text("Table 1 saved")
    expect(page.locator("#table-number")).to_be_focused()


@pytest.mark.parametrize("delay", [150, 50])
@pytest.mark.parametrize(("system", "keys", "sheet"), [
    ("pawn-order", "AABBBBBBBB", {"arrivals": [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]}),
    ("pawns-2pt", "8\t5", {"pawns_home": [8, 5]}),
    ("individual-11", "4321\t4321\t43", {"home": [[[4, 3, 2, 1], [4, 3, 2, 1]], [[4, 3], []]]}),
])
def test_exactly_the_sheet_typed_is_saved(desk, tournament, published_round, system, keys, sheet, delay):
    Tournament.objects.filter(pk=tournament.pk).update(scoring_system=system)
    round_ = published_round(tournament, 2)
    clock_services.start(round_)
    type_sheet(desk, tournament.slug, keys, delay)
    assert Result.objects.get(table__round=round_, table__number=1).sheet == sheet


def test_a_klaverjassen_card_gets_the_keys_too(desk, published_round):
    """The card's first field is deal 1's "played": A picks the team and moves on to its points."""
    drive = Tournament.objects.create(name="Klaverjasdrive", slug="drive", date=datetime.date(2026, 11, 27),
                                      scoring_system="klaverjas", deals=1, seed=7)
    round_ = published_round(drive, 2)
    type_sheet(desk, drive.slug, "A90", 50)
    (deal,) = Result.objects.get(table__round=round_, table__number=1).sheet["deals"]
    assert (deal["playing"], deal["points"]) == (0, [90, 72])


def test_an_unknown_table_says_so_and_keeps_nothing(desk, tournament, published_round):
    published_round(tournament, 2)
    desk.goto(f"/director/t/{tournament.slug}/desk/1/")
    desk.keyboard.type("7")
    desk.keyboard.press("Enter")
    desk.keyboard.type("AAB", delay=50)
    expect(desk.locator(".alert-danger")).to_contain_text("There is no table 7 in round 1.")
    expect(desk.locator("#table-number")).to_be_focused()
    assert not Result.objects.exists()


def test_without_javascript_the_desk_works_as_a_form(browser, live_server, director, tournament, published_round):
    round_ = published_round(tournament, 2)
    clock_services.start(round_)
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url,
                                  extra_http_headers={"Accept-Language": "en"})
    page = context.new_page()
    log_in(page, director)
    page.wait_for_url("**/director/**")
    page.goto(f"/director/t/{tournament.slug}/desk/1/")
    page.locator("#table-number").fill("1")
    page.locator("#table-number").press("Enter")
    page.wait_for_url("**/desk/1/?table=1")
    page.locator("#arrivals").fill("AAAAAAAA")
    page.locator("#arrivals").press("Enter")
    expect(page.locator(".alert-success")).to_contain_text("Table 1 saved")
    assert Result.objects.get(table__round=round_, table__number=1).sheet == {"arrivals": [0] * 8}
    context.close()
