"""The results desk at a human typing speed: table number, Enter, and the sheet typed at once (150 ms
and 50 ms a key, no waiting for the page) — exactly the sheet typed is saved, read back from the
database, for every scoring system's fields. Before, Enter reloaded the page and the first keys
were lost: "AABBBBBBBB" was saved as the valid 8–0 "BBBBBBBB". Saving is the same: several sheets
typed back to back land on exactly the tables typed (before, "12" typed straight after saving
opened table 2), and keys typed after a sheet the desk refuses are not used."""

from __future__ import annotations

import datetime
import time
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from tournaments.models import Result, Tournament
from tournaments.services import clock as clock_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


EMULATED = []
"""The emulations of the test under way (``slow_network``, ``without_javascript``): each session
and what switches its emulation off again, after the test."""


@pytest.fixture
def desk(kept_desk_page):
    """The desk's tab, one for the module (tests/browser/conftest.py's ``KeptTab``): each test opens
    the desk afresh, and a slowed network or switched-off JavaScript is put back after it."""
    yield kept_desk_page
    while EMULATED:
        session, method, params = EMULATED.pop()
        session.send(method, params)
        session.detach()


def slow_network(page, latency_ms: int = 250) -> None:
    """Every answer takes ``latency_ms`` more (Chromium's network emulation), as on a busy desk
    laptop: the keys below are typed while the desk waits for its answers, every time."""
    session = page.context.new_cdp_session(page)
    EMULATED.append((session, "Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                                  "downloadThroughput": -1, "uploadThroughput": -1}))
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency_ms,
                                                      "downloadThroughput": -1, "uploadThroughput": -1})


def without_javascript(page) -> None:
    """No script runs in the tab's next pages: what a context with ``java_script_enabled=False``
    does (Playwright sends Chromium the same command), without a new context and tab."""
    session = page.context.new_cdp_session(page)
    EMULATED.append((session, "Emulation.setScriptExecutionDisabled", {"value": False}))
    session.send("Emulation.setScriptExecutionDisabled", {"value": True})


@contextmanager
def refusal_held(page):
    """The sheet's answer (its POST) is held until the block's keys are all typed, then let through
    (still slowed): every key after the sheet's Enter is typed while the answer is on its way, on a
    busy machine too (there, 250 ms were sometimes not enough for three keys: "2⏎" dropped, "B" not)."""
    held = []

    def hold(route):
        if route.request.method == "POST" and route.request.headers.get("hx-request") != "true":  # not a live preview
            held.append(route)
        else:
            route.continue_()

    page.route("**/desk/**", hold)
    yield
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(20)  # Playwright hands the held request over while it waits
    assert len(held) == 1, f"{len(held)} sheets sent"
    held[0].continue_()
    page.unroute("**/desk/**")


def type_keys(page, keys: str, delay: int) -> None:
    """``keys`` at ``delay`` ms a key, "\n" being Enter and "\t" Tab, without waiting for anything."""
    for index, line in enumerate(keys.split("\n")):
        if index:
            page.keyboard.press("Enter", delay=delay)
        for number, part in enumerate(line.split("\t")):
            if number:
                page.keyboard.press("Tab", delay=delay)
            page.keyboard.type(part, delay=delay)


def type_sheet(page, slug: str, keys: str, delay: int, table: int = 1) -> None:
    """The desk opened afresh, the table number, Enter, the sheet straight after (no waiting for
    anything), Enter. Playwright's ``delay`` holds each key down that long: ``delay`` ms a key."""
    page.goto(f"/director/t/{slug}/desk/1/")
    expect(page.locator("#table-number")).to_be_focused()
    page.keyboard.type(str(table))
    page.keyboard.press("Enter")
    type_keys(page, keys, delay)
    expect(page.locator("#preview [data-testid=points-A]")).to_be_visible()  # the live points, kept keys too
    page.keyboard.press("Enter")
    expect(page.locator(".alert-success")).to_contain_text(f"Table {table} saved")
    expect(page.locator("#table-number")).to_be_focused()


DELAYS = {1: 150, 2: 50}
"""The table each speed types: both speeds on one round of one tournament, each sheet on a desk
opened afresh and on a table of its own (what one test per speed and system did, without a new
tab and a new round for each)."""


@pytest.mark.parametrize(("system", "keys", "sheet"), [
    ("pawn-order", "AABBBBBBBB", {"arrivals": [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]}),
    ("pawns-2pt", "8\t5", {"pawns_home": [8, 5]}),
    ("individual-11", "4321\t4321\t43", {"home": [[[4, 3, 2, 1], [4, 3, 2, 1]], [[4, 3], []]]}),
])
def test_exactly_the_sheet_typed_is_saved(desk, tournament, published_round, system, keys, sheet):
    """At 150 ms a key on table 1, then at 50 ms a key on table 2."""
    Tournament.objects.filter(pk=tournament.pk).update(scoring_system=system)
    round_ = published_round(tournament, 2 * len(DELAYS))
    clock_services.start(round_)
    for table, delay in DELAYS.items():
        type_sheet(desk, tournament.slug, keys, delay, table)
    saved = {result.table.number: result.sheet for result in Result.objects.filter(table__round=round_).select_related("table")}
    assert saved == {table: sheet for table in DELAYS}


def test_a_klaverjassen_card_gets_the_keys_too(desk, published_round):
    """The card's first field is deal 1's "played": A picks the team and moves on to its points."""
    drive = Tournament.objects.create(name="Klaverjasdrive", slug="drive", date=datetime.date(2026, 11, 27),
                                      scoring_system="klaverjas", deals=1, seed=7)
    round_ = published_round(drive, 2)
    type_sheet(desk, drive.slug, "A90", 50)
    (deal,) = Result.objects.get(table__round=round_, table__number=1).sheet["deals"]
    assert (deal["playing"], deal["points"]) == (0, [90, 72])


def test_sheets_typed_back_to_back_land_on_the_tables_typed(desk, tournament, published_round):
    """Table number, Enter, sheet, Enter, next table number, … at 50 ms a key, never waiting."""
    round_ = published_round(tournament, 24)  # tables 1 to 12
    clock_services.start(round_)
    sheets = {12: "AABBBBBBBB", 2: "BAAAAAAAA", 1: "AAAAAAAA", 11: "BABABABABABABAB"}
    desk.goto(f"/director/t/{tournament.slug}/desk/1/")
    expect(desk.locator("#table-number")).to_be_focused()
    slow_network(desk)
    type_keys(desk, "".join(f"{number}\n{keys}\n" for number, keys in sheets.items()), 50)
    expect(desk.locator(".alert-success")).to_contain_text("Table 11 saved", timeout=20_000)
    expect(desk.locator("#table-number")).to_be_focused()
    expect(desk.locator("#table-number")).to_have_value("")
    expect(desk.locator("#keys-dropped")).to_be_hidden()
    saved = {result.table.number: result for result in Result.objects.filter(table__round=round_).select_related("table")}
    assert {number: result.sheet["arrivals"] for number, result in saved.items()} == {
        number: [0 if key == "A" else 1 for key in keys] for number, keys in sheets.items()}
    assert {result.version for result in saved.values()} == {1}


@pytest.mark.parametrize(("sheet", "says", "focused"), [
    ("AAB", "Is the game really over?", "#unfinished_ok"),  # a question: refused until answered
    ("AAAAAAAAAB", "", "#arrivals"),  # a sheet with an error
])
def test_keys_typed_after_a_refused_sheet_are_not_used(desk, tournament, published_round, sheet, says, focused):
    """The keys typed after Enter were meant for the next table; the desk refused the sheet, so they
    are shown as not used and land nowhere — not in a table box, not in the refused sheet."""
    round_ = published_round(tournament, 4)
    clock_services.start(round_)
    desk.goto(f"/director/t/{tournament.slug}/desk/1/")
    expect(desk.locator("#table-number")).to_be_focused()
    slow_network(desk)
    with refusal_held(desk):
        type_keys(desk, f"1\n{sheet}\n2\nB", 50)
    expect(desk.locator("#keys-dropped")).to_be_visible()
    expect(desk.locator("#keys-dropped kbd")).to_have_text("2\u23ceB")
    expect(desk.locator(focused)).to_be_focused()
    expect(desk.locator("#table-number")).to_have_value("1")
    expect(desk.locator("#arrivals")).to_have_value(sheet)
    if says:
        expect(desk.locator("[data-testid=unfinished-question]")).to_contain_text(says)
    else:
        expect(desk.locator("[data-testid=desk-errors]")).to_be_visible()
    assert not Result.objects.exists()
    if says:  # answered: saved as typed, on the table typed
        desk.keyboard.press("Space")
        desk.keyboard.press("Enter")
        expect(desk.locator(".alert-success")).to_contain_text("Table 1 saved")
        expect(desk.locator("#keys-dropped")).to_be_hidden()
        assert [(result.table.number, result.sheet) for result in Result.objects.select_related("table")] == [
            (1, {"arrivals": [0, 0, 1]})]


def test_an_unknown_table_says_so_and_keeps_nothing(desk, tournament, published_round):
    published_round(tournament, 2)
    desk.goto(f"/director/t/{tournament.slug}/desk/1/")
    expect(desk.locator("#table-number")).to_be_focused()  # as type_sheet: a busy machine focuses it a moment later
    desk.keyboard.type("7")
    desk.keyboard.press("Enter")
    desk.keyboard.type("AAB", delay=50)
    expect(desk.locator(".alert-danger")).to_contain_text("There is no table 7 in round 1.")
    expect(desk.locator("#table-number")).to_be_focused()
    assert not Result.objects.exists()


def test_without_javascript_the_desk_works_as_a_form(desk, tournament, published_round):
    round_ = published_round(tournament, 2)
    clock_services.start(round_)
    page = desk
    without_javascript(page)
    page.goto(f"/director/t/{tournament.slug}/desk/1/")
    page.locator("#table-number").fill("1")
    page.locator("#table-number").press("Enter")
    page.wait_for_url("**/desk/1/?table=1")
    page.locator("#arrivals").fill("AAAAAAAA")
    page.locator("#arrivals").press("Enter")
    expect(page.locator(".alert-success")).to_contain_text("Table 1 saved")
    assert Result.objects.get(table__round=round_, table__number=1).sheet == {"arrivals": [0] * 8}
