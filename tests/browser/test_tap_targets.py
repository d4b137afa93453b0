"""Every page a phone uses has tap targets of at least 44×44 CSS px (WCAG 2.5.5), at 390×844.

Measured in Chromium with bounding boxes, one ``page.evaluate`` per page: every visible link,
button, field, select, summary and element with a button role or a tab stop. A checkbox or radio
counts with its clickable label. WCAG's exception for links inside running text is applied
precisely: an inline link whose block has words of its own beside the link. Each page is also
checked for sideways overflow, and the director's tab bar for showing every tab: in one row on a
desktop, in a few rows on a phone (a sideways-scrolling row hid most of them). One
browser, one context per role (a player's phone, a director's phone, a director's desktop), kept
for the module where more than one test uses it: a new context and tab cost about half a second.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TIMEOUT_MS, KeptTab, signed_in
from tournaments.services import clock as clock_services
from tournaments.services import table_entry
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round
from tournaments.services.teams import TeamData, register_teams, set_checked_in

pytestmark = pytest.mark.browser

MINIMUM = 44
SLACK = 0.5  # sub-pixel layout: 43.5 px rounds to a 44 px box on the screen

TEAMS = [
    ("De Pionnen", "Zoë Özdemir", "Jan de Vries", "KC Kwakel"),
    ("’t Hooft & Co", "Anneke ’t Hooft", "Piet Jansen", "KC Kwakel"),
    ("Vier op een rij", "Fatima El Amrani", "Kees van der Berg", "De Knikkers"),
    ("Knikkerbaan", "Sanne Bakker", "Bram Visser", "De Knikkers"),
    ("Zes Gooit Door", "Lotte Smit", "Daan Mulder", ""),
    ("Boer Vrouw Heer", "Emma de Groot", "Sem Bos", "Keez Club Aalsmeer"),
    ("Tien Terug", "Julia Vos", "Lucas Peters", "Keez Club Aalsmeer"),
    ("Heen en Weer", "Tess Hendriks", "Finn Dekker", ""),
]

# What the page holds: the boxes too small to tap, the page's width and the tab bar.
MEASURE = """(minimum) => {
  const INTERACTIVE = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[role=button], [tabindex]:not([tabindex="-1"])';
  const flowing = (el) => ['inline', 'contents'].includes(getComputedStyle(el).display);
  const shown = (el) => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})
    && el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().height > 0;
  const big = (el) => { const box = el.getBoundingClientRect();
    return box.width >= minimum && box.height >= minimum; };

  // WCAG 2.5.5's exception: a link in a sentence. The link flows inline and the block it flows
  // in has words of its own beside it (not inside another link, button or field).
  function inSentence(link) {
    if (link.tagName !== 'A' || getComputedStyle(link).display !== 'inline') return false;
    let block = link.parentElement;
    while (block && flowing(block)) block = block.parentElement;
    if (!block) return false;
    let words = '';
    (function collect(node) {
      for (const child of node.childNodes) {
        if (child === link) continue;
        if (child.nodeType === Node.TEXT_NODE) words += child.textContent;
        else if (child.nodeType === Node.ELEMENT_NODE && !child.matches(INTERACTIVE)
                 && getComputedStyle(child).display.startsWith('inline') && shown(child)) collect(child);
      }
    })(block);
    return /[\\p{L}\\p{N}]/u.test(words);
  }

  function describe(el) {
    const box = el.getBoundingClientRect();
    let name = el.tagName.toLowerCase();
    if (el.id) name += '#' + el.id;
    if (el.getAttribute('name')) name += `[name=${el.getAttribute('name')}]`;
    if (el.getAttribute('type')) name += `[type=${el.getAttribute('type')}]`;
    if (el.getAttribute('href')) name += `[href=${el.getAttribute('href')}]`;
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || el.getAttribute('data-loc') || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 40);
    return `${name} "${text}" ${Math.round(box.width * 10) / 10}×${Math.round(box.height * 10) / 10}`;
  }

  const small = [];
  let counted = 0;
  for (const el of document.querySelectorAll(INTERACTIVE)) {
    const choice = el.matches('input[type=checkbox], input[type=radio]');
    const targets = choice ? [el, ...el.labels] : [el];
    if (!targets.some(shown)) continue;
    counted += 1;
    if (targets.some(big) || inSentence(el)) continue;
    small.push(describe(el));
  }

  const tabs = document.querySelector('.director-tabs');
  let tabBar = null;
  if (tabs) {
    const links = [...tabs.querySelectorAll('.nav-link')];
    const active = tabs.querySelector('.nav-link.active');
    const activeBox = active && active.getBoundingClientRect();
    tabBar = {
      height: tabs.getBoundingClientRect().height,
      tallest: Math.max(...links.map((link) => link.getBoundingClientRect().height)),
      rows: new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size,
      activeInView: active ? activeBox.left >= 0 && activeBox.right <= window.innerWidth : null,
      hidden: links.filter((link) => { const box = link.getBoundingClientRect();
        return box.left < 0 || box.right > Math.min(window.innerWidth, tabs.getBoundingClientRect().right) + 0.5; })
        .map((link) => link.textContent.trim()),
    };
  }
  return {small, counted, width: document.documentElement.scrollWidth, viewport: window.innerWidth, tabBar};
}"""


@pytest.fixture
def day(tournament):
    """A tournament at the start of round 1: teams checked in, the round published and running,
    results in at the desk, one sheet submitted at its table and waiting, one table still empty."""
    teams = register_teams(tournament, [TeamData(name=name, players=(first, second), club=club)
                                        for name, first, second, club in TEAMS])
    for team in teams[:-1]:
        set_checked_in(team, True)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    clock_services.start(round_)
    tables = list(round_.tables.order_by("number"))
    submitted, empty, *entered = tables
    for table in entered:
        record_result(table, {"arrivals": [0, 1, 0, 0, 1, 0, 0, 0]})
    table_entry.submit(submitted, submitted.seats.order_by("position").first().position,
                       {"arrivals": [1, 1, 0, 1, 0, 0, 0, 0]})
    return {"round": round_, "submitted": submitted, "empty": empty, "entered": entered[0]}


def phone(language: str = "nl", **device) -> dict:
    """A browser context's options: a phone at 390×844 in Dutch (the site's default) unless told otherwise."""
    return {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 1, "locale": language,
            "extra_http_headers": {"Accept-Language": language}, **device}


DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def _dutch_phone(browser, live_server):
    tab = KeptTab(browser, live_server, TIMEOUT_MS, **phone())
    yield tab
    tab.close()


@pytest.fixture
def director_phone(_dutch_phone, live_server, director):
    """A director's phone in Dutch, one context and tab for the module (tests/browser/conftest.py's
    ``KeptTab``), signed in afresh for each test (the login page itself is measured among the player pages)."""
    page = _dutch_phone.fresh()
    signed_in(page.context, director, live_server)
    yield page
    _dutch_phone.leave()


@pytest.fixture(scope="module")
def desktop(browser):
    """A tab with a mouse, in English, for the module: the director's desktop (1280×900) and a plain
    page at a phone's width without a phone's emulation; each test sets the size it needs."""
    context = browser.new_context(**phone("en", viewport=DESKTOP, is_mobile=False, has_touch=False))
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def measure(page, path: str) -> dict:
    response = page.goto(path)
    assert response is not None and response.status == 200, f"{path}: HTTP {response and response.status}"
    page.wait_for_load_state("load")
    return page.evaluate(MEASURE, MINIMUM - SLACK)


def faults(page, paths: list[str]) -> list[str]:
    """Each page's targets smaller than 44×44, its sideways overflow and a tab bar with a tab out of
    view (or, on a wide screen, in more than one row), named page by page."""
    found = []
    for path in paths:
        seen = measure(page, path)
        assert seen["counted"] > 0, f"{path}: no interactive element found"
        found += [f"{path}: {element}" for element in seen["small"]]
        if seen["width"] > seen["viewport"]:
            found.append(f"{path}: the page is {seen['width']} px wide on a {seen['viewport']} px screen")
        bar = seen["tabBar"]
        if path.startswith("/director/t/") and bar is None:
            found.append(f"{path}: no tab bar")
        elif bar is not None:
            if bar["hidden"]:
                found.append(f"{path}: tabs out of view: {', '.join(bar['hidden'])}")
            if bar["rows"] > (1 if seen["viewport"] >= 768 else 4):
                found.append(f"{path}: the tab bar takes {bar['rows']} rows ({bar['height']} px)")
    return found


def test_player_pages_have_big_tap_targets(page, page_problems, tournament, day):
    slug = tournament.slug
    paths = [
        "/", f"/t/{slug}/", f"/t/{slug}/standings/", f"/t/{slug}/rounds/1/",
        f"/t/{slug}/find/?q=zoe",  # with its answer
        f"/t/{slug}/rounds/1/tables/{day['entered'].number}/",
        f"/s/{day['submitted'].token}/",  # confirm or dispute
        f"/s/{day['empty'].token}/",  # score entry
        "/rules/", "/login/",
    ]
    found = faults(page, paths)
    # The menu behind the navbar's button: the site's pages, the languages, the director's login.
    page.locator(".navbar-toggler").tap()
    expect(page.locator("#nav.show")).to_be_visible()
    found += [f"{paths[-1]} (menu open): {element}" for element in page.evaluate(MEASURE, MINIMUM - SLACK)["small"]]
    assert not found, "\n".join(found)
    assert page_problems == []


def test_director_phone_pages_have_big_tap_targets(director_phone, tournament, day):
    slug = tournament.slug
    paths = [
        "/director/", f"/director/t/{slug}/teams/", f"/director/t/{slug}/checkin/",
        f"/director/t/{slug}/rounds/", f"/director/t/{slug}/rounds/1/",
        f"/director/t/{slug}/desk/1/", f"/director/t/{slug}/rounds/1/results/",
        f"/director/t/{slug}/standings/", f"/director/t/{slug}/disputes/",
    ]
    page = director_phone
    found = faults(page, paths)
    assert not found, "\n".join(found)

    # Every tab shows at once, the last one too, whole.
    tabs = page.locator(".director-tabs .nav-link")
    assert tabs.count() >= 8
    expect(tabs.last).to_be_in_viewport(ratio=1)


def test_tab_bar_on_a_desktop(desktop, live_server, director, tournament, day):
    """With a mouse on a wide screen the tabs are the usual tabs: one row, all of them in view."""
    standings = f"/director/t/{tournament.slug}/standings/"
    desktop.set_viewport_size(DESKTOP)
    signed_in(desktop.context, director, live_server)
    seen = measure(desktop, live_server.url + standings)
    assert seen["tabBar"]["rows"] == 1 and seen["tabBar"]["activeInView"] is True, seen["tabBar"]
    assert not seen["tabBar"]["hidden"], seen["tabBar"]
    assert seen["width"] <= 1280


def test_only_links_in_a_sentence_are_spared(desktop):
    """The measure itself, on a page without the site's style: a link inside running text is
    WCAG's exception; a link alone, links between dots, a tiny button or checkbox are not."""
    page = desktop
    page.set_viewport_size(PHONE)
    page.goto("about:blank")  # set_content writes into the document there: a blank one, as in a new tab
    page.set_content("""
      <p>Read <a href="#" id="in-text">the rules</a> before you play.</p>
      <p><a href="#" id="alone">Find another table</a></p>
      <p><a href="#" id="dot-1">Tournament</a> · <a href="#" id="dot-2">Round 1</a></p>
      <div><a href="#" id="beside-button">Edit</a> <button id="button">Delete</button></div>
      <label>Stopped by the clock <input type="checkbox" id="tiny-box"></label>
      <input type="checkbox" id="labelled-box"><label for="labelled-box" id="big-label">Present</label>
      <style>#big-label { display: inline-block; width: 200px; height: 50px; }</style>
    """)
    seen = page.evaluate(MEASURE, MINIMUM - SLACK)
    flagged = {name.split()[0] for name in seen["small"]}
    assert flagged == {"a#alone[href=#]", "a#dot-1[href=#]", "a#dot-2[href=#]", "a#beside-button[href=#]",
                       "button#button", "input#tiny-box[type=checkbox]"}
