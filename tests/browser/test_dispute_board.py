"""In Chromium on a phone (390 × 844): the dispute board keeps its state — position, card, claim,
house rules, table — across the NL/EN switch, a reload and a shared link (issue 16, item 13); a
changed position drops the claim; and every hole, button and field of the board is a 44 × 44 px
tap target (item 17), while on a desktop the board still fits its column."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.browser.conftest import signed_in

pytestmark = pytest.mark.browser


@pytest.fixture
def page(kept_page):
    """One phone tab for the module (tests/browser/conftest.py's ``KeptTab``): every test opens its
    page afresh; the cookies (the language chosen, the director's session) go with each test."""
    return kept_page


MINIMUM = 44 - 0.5  # sub-pixel layout: 43.5 px is a 44 px box on the screen

# Every tappable thing inside the board's form smaller than the minimum (a radio or checkbox counts
# with its label), and whether the page is wider than the screen.
SMALL_TARGETS = """(minimum) => {
  const shown = (el) => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})
    && el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().height > 0;
  const big = (el) => { const box = el.getBoundingClientRect(); return box.width >= minimum && box.height >= minimum; };
  const small = [];
  let counted = 0;
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], '
    + '[tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll('#desk ' + selector.split(', ').join(', #desk '))) {
    const choice = el.matches('input[type=checkbox], input[type=radio]');
    const targets = choice ? [el, ...el.labels] : [el];
    if (!targets.some(shown)) continue;
    counted += 1;
    if (targets.some(big)) continue;
    const box = el.getBoundingClientRect();
    small.push(`${el.tagName.toLowerCase()} ${el.id || el.name || el.dataset.loc || ''} `
      + `${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return {small, counted, wide: document.documentElement.scrollWidth > window.innerWidth};
}"""


def hole(page, loc: str):
    return page.locator(f'#board g.hole[data-loc="{loc}"]:not([data-colour])')


def expect_board(page, code: str, claim: str, legal: str | None) -> None:
    expect(page.locator("#position-code")).to_have_text(code)
    expect(page.locator("#card-4")).to_be_checked()
    expect(page.locator("#mode-claim")).to_be_checked()
    expect(page.locator("#claim")).to_have_value(claim)
    expect(page.locator("#hr-sc")).to_be_checked()  # the ticked house rule
    expect(page.locator("#hr-jo")).not_to_be_checked()  # and the one ticked off
    if legal is None:
        expect(page.locator("#verdict")).to_have_count(0)
    else:
        expect(page.locator("#verdict")).to_have_attribute("data-legal", legal)


def test_the_board_survives_the_language_switch_a_reload_and_a_shared_link(page, page_problems):
    page.goto("/rules/")
    code = page.locator("#position-code")
    expect(code).to_have_text("K4:-|-|-|-")
    hole(page, "t0").tap()
    expect(code).to_have_text("K4:t0|-|-|-")
    hole(page, "t2").tap()
    expect(code).to_have_text("K4:t0.t2|-|-|-")
    page.locator('label[for="hr-sc"]').tap()  # may fold instead of capturing an own pawn
    expect(page.locator("#hr-sc")).to_be_checked()
    page.locator('label[for="hr-jo"]').tap()  # no jack on an own start hole
    expect(page.locator("#hr-jo")).not_to_be_checked()
    page.locator('label[for="card-4"]').tap()
    expect(page.locator("#moves > li")).to_have_count(1)
    page.locator('label[for="mode-claim"]').tap()
    expect(page.locator("#claim-help")).to_be_visible()
    hole(page, "t2").tap()
    hole(page, "t62").tap()
    expect_board(page, "K4:t0.t2|-|-|-", "4 0:t2>t62", "false")
    expect(page.locator("#verdict")).to_contain_text("Not allowed")
    expect(page).to_have_url(re.compile(r"/rules/\?code=K4%3At0\.t2.*claim=4"))

    switch_language(page, "nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect_board(page, "K4:t0.t2|-|-|-", "4 0:t2>t62", "false")
    expect(page.locator("#verdict")).to_contain_text("Niet toegestaan")

    page.reload()
    expect_board(page, "K4:t0.t2|-|-|-", "4 0:t2>t62", "false")
    shared = page.url

    switch_language(page, "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect_board(page, "K4:t0.t2|-|-|-", "4 0:t2>t62", "false")

    # The shared link, opened by someone else: this tab without its cookies (no language chosen, no
    # session), as another phone opens it; a new context and tab cost about half a second, and start
    # with an empty cache.
    page.context.clear_cookies()
    page.goto(shared)
    expect_board(page, "K4:t0.t2|-|-|-", "4 0:t2>t62", "false")
    expect(page.locator("#verdict")).to_contain_text("Not allowed")
    assert page_problems == []


def test_a_new_position_drops_the_old_claim(page, page_problems):
    page.goto("/rules/?code=K4%3At0.t2%7C-%7C-%7C-&mode=claim&card=4&claim=4+0%3At2%3Et62&taps=t2%2Ct62")
    expect(page.locator("#verdict")).to_have_attribute("data-legal", "false")
    page.locator('label[for="mode-setup"]').tap()
    expect(page.locator("#colours")).to_be_visible()
    hole(page, "t0").tap()  # the pawn that blocked is taken off
    expect(page.locator("#position-code")).to_have_text("K4:t2|-|-|-")
    expect(page.locator("#claim")).to_have_value("")
    expect(page.locator("#verdict")).to_have_count(0)
    assert "claim=" not in page.url

    page.locator('label[for="mode-claim"]').tap()
    expect(page.locator("#claim-help")).to_be_visible()
    for _ in range(2):  # the same claim twice: each pair of taps is a claim of its own, never one of two parts
        hole(page, "t2").tap()
        hole(page, "t62").tap()
        expect(page.locator("#claim")).to_have_value("4 0:t2>t62")
        expect(page.locator("#verdict")).to_have_attribute("data-legal", "true")
    assert page_problems == []


def test_the_director_desk_keeps_its_table_across_the_switch(page, page_problems, live_server, director, tournament,
                                                              published_round):
    round_ = published_round(tournament, 8)
    table = round_.tables.get(number=3)
    signed_in(page.context, director, live_server)
    page.goto(f"/director/t/{tournament.slug}/disputes/")
    hole(page, "t5").tap()
    expect(page.locator("#position-code")).to_have_text("K4:t5|-|-|-")
    page.locator("#table").select_option(str(table.pk))
    expect(page).to_have_url(re.compile(rf"table={table.pk}"))
    switch_language(page, "nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("#position-code")).to_have_text("K4:t5|-|-|-")
    expect(page.locator("#table")).to_have_value(str(table.pk))
    assert page_problems == []


def switch_language(page, language: str) -> None:
    """The NL / EN buttons, in the menu on a phone. The desk's last answer is awaited first (its swap
    would close a menu opened meanwhile: no htmx request, swap or settling under way); the menu is what this test does not test, so a menu that
    stays shut on a busy machine is passed by a click of the button itself."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    button = page.locator(f"button[name=language][value={language}]")
    if not button.is_visible():
        # A phone that asks for reduced motion: Bootstrap opens the menu at once instead of sliding
        # it open for a third of a second (the wait below is then for nothing). Only for the menu:
        # the board's own pages are measured as a phone shows them by default.
        page.emulate_media(reduced_motion="reduce")
        try:
            page.locator(".navbar-toggler").tap()
            button.wait_for(state="visible", timeout=5_000)
            # The menu slides open: a tap while it moves lands on whatever the moving button uncovers
            # (on a busy machine, the menu's link above it), so wait until it stands still.
            page.locator(".navbar-collapse.collapsing").wait_for(state="detached", timeout=5_000)
        except PlaywrightTimeoutError:
            button.evaluate("button => button.click()")
            return
        finally:
            page.emulate_media(reduced_motion="null")
    button.tap()


def small_targets(page) -> list[str]:
    page.wait_for_load_state("load")
    seen = page.evaluate(SMALL_TARGETS, MINIMUM)
    assert seen["counted"] > 20
    return seen["small"] + (["the page is wider than the screen"] if seen["wide"] else [])


STATES = {
    "empty board": "",
    "a card: the moves with their Show buttons": "?code=K4%3At0.t20%7Ct16%7C-%7C-&card=7",
    "a claim and its verdict": "?code=K4%3At0.t2%7C-%7C-%7C-&mode=claim&card=4&claim=4+0%3At2%3Et62&taps=t2%2Ct62",
    "two players": "?code=K2%3At3%7Ct20&card=5",
    "six players": "?code=K6%3At3%7C-%7C-%7C-%7C-%7C-",
    "eight players": "?code=K8%3At3%7C-%7C-%7C-%7C-%7C-%7C-%7C-",
}


def test_every_target_of_the_board_is_44_px_on_a_phone(page, page_problems, live_server, director, tournament,
                                                       published_round):
    published_round(tournament, 8)
    faults = []
    for name, query in STATES.items():  # the public rules helper: its house rules are checkboxes
        page.goto(f"/rules/{query}")
        page.locator("#desk details summary").tap()  # open: the players, the paste box, the buttons
        expect(page.locator("#paste")).to_be_visible()
        faults += [f"rules helper, {name}: {fault}" for fault in small_targets(page)]
    signed_in(page.context, director, live_server)
    for name, query in STATES.items():  # the director's desk: the table and the note
        page.goto(f"/director/t/{tournament.slug}/disputes/{query}")
        faults += [f"director desk, {name}: {fault}" for fault in small_targets(page)]
    assert faults == []
    assert page_problems == []


def test_the_board_scrolls_sideways_on_a_phone_and_keeps_its_place(page, page_problems):
    page.goto("/rules/")
    frame = page.locator("#board")
    width = frame.evaluate("el => ({scroll: el.scrollWidth, client: el.clientWidth, left: el.scrollLeft})")
    assert width["scroll"] > width["client"] and width["left"] > 0  # wider than the screen, opened in its middle
    frame.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    right = frame.evaluate("el => el.scrollLeft")
    hole(page, "t52").tap()  # a hole of green's side, on the right: in view as it is
    expect(page.locator("#position-code")).to_have_text("K4:t52|-|-|-")
    assert abs(page.locator("#board").evaluate("el => el.scrollLeft") - right) <= 1  # the same place after the answer
    assert page_problems == []


def test_on_a_desktop_the_board_fits_its_column(page, page_problems):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/rules/")
    frame = page.locator("#board")
    assert frame.evaluate("el => el.scrollWidth <= el.clientWidth")
    box = hole(page, "t5").bounding_box()
    assert box and box["width"] >= 28  # a mouse's target, as before
    hole(page, "t5").click()
    expect(page.locator("#position-code")).to_have_text("K4:t5|-|-|-")
    assert page_problems == []
