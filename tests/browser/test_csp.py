"""In Chromium with the Content-Security-Policy on: the pages that run scripts work with only the
site's own files (htmx polling, the clock, the table link's preview, the dispute desk's taps, the
check-in, the standings' round select, a print file's progress), a refused form posted by htmx is
shown and a failed poll leaves the page. Every page is watched for console errors and
``securitypolicyviolation`` events. (``manage.py serve``'s HTTPS in Chromium: tests/browser/test_served_https.py.)"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE_CONTEXT, TIMEOUT_MS, KeptTab, signed_in
from tests.conftest import PASSWORD
from tournaments.services import clock as clock_services
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round

pytestmark = pytest.mark.browser

REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", function (event) {
  window.__cspViolation([event.violatedDirective, event.blockedURI || "inline", event.sourceFile + ":" + event.lineNumber,
                         event.sample].join(" "));
});
"""


def watch(page, allowed: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Console errors, JavaScript errors and policy violations of every page the tab opens; a
    console error containing one of ``allowed`` (read at the time of the error) is expected (a
    refused request on purpose)."""
    problems: list[str] = []

    def on_console(message):
        text = message.text
        if message.type == "error" and not any(part in text for part in allowed):
            problems.append(f"console error: {text}")
        elif "Content Security Policy" in text or "Content-Security-Policy" in text:
            problems.append(f"console {message.type}: {text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"JavaScript error: {error}"))
    page.expose_binding("__cspViolation", lambda _source, text: problems.append(f"CSP violation: {text}"))
    page.add_init_script(REPORT_VIOLATIONS)
    return problems


def log_in(page, username: str, password: str) -> None:
    page.goto("/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("main form button[type=submit]").tap()
    expect(page).to_have_url(re.compile(r"/director/$"))


@pytest.fixture(scope="module")
def _watched_phone(browser, live_server):
    tab = KeptTab(browser, live_server, TIMEOUT_MS, **PHONE_CONTEXT)
    allowed: list[str] = []
    yield tab, watch(tab.page, allowed), allowed
    tab.close()


@pytest.fixture
def watched(_watched_phone):
    """``page``, what :func:`watch` sees in it and the console errors the test expects, with one
    tab for the module's tests that leave ``page.clock`` alone (tests/browser/conftest.py's
    ``KeptTab``: a new context and tab cost about half a second). The watch's init script and
    binding are the same for every test, so they stay; the problems and the expected errors start
    empty for each test."""
    tab, problems, allowed = _watched_phone
    problems.clear()
    allowed.clear()
    yield tab.fresh(), problems, allowed
    tab.leave()


@pytest.fixture
def running(tournament, make_teams):
    """Round 1 of 8 teams published, its clock running."""
    make_teams(tournament, 8)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    clock_services.start(round_)
    return round_


def test_public_pages_poll_and_count_down_with_only_the_sites_files(page, tournament, running, settings):
    """The page's timers are Playwright's (``page.clock``): the second to the next poll and the
    clock's next tick are moved on at once instead of waited for."""
    settings.PUBLIC_POLL_SECONDS = 1
    problems = watch(page)
    page.clock.install()

    page.goto(f"/t/{tournament.slug}/standings/")
    expect(page.locator("[data-testid=standings-list]")).to_be_visible()
    with page.expect_response(lambda r: "/standings/" in r.url and r.request.headers.get("hx-request") == "true"):
        page.clock.run_for(1000)  # htmx polls the standings
    assert page.evaluate("document.querySelectorAll('style').length") == 0  # htmx added no style of its own
    number = page.locator("[data-testid=standings-list] .cell-number").first
    # keezen.css, not style=""; to_have_css retries, since the next poll may swap the list out under the check
    expect(number).to_have_css("min-width", "32px")

    page.goto(f"/t/{tournament.slug}/")
    clock = page.locator(".round-clock [data-clock-time]")
    first = clock.inner_text()
    page.clock.run_for(1000)
    expect(clock).not_to_have_text(first)  # clock.js counts down

    page.goto(f"/t/{tournament.slug}/projector/")
    expect(page.locator(".round-clock-big [data-clock-time]")).to_be_visible()
    page.goto("/rules/")
    expect(page.locator("#board svg")).to_be_visible()
    assert problems == []


def test_table_entry_preview_and_the_dispute_desk_with_only_the_sites_files(watched, director, tournament, running):
    page, problems, _ = watched
    table = running.tables.get(number=1)

    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    for _ in range(3):
        page.locator('[data-arrival="A"]').tap()
    page.locator('[data-arrival="B"]').tap()
    expect(page.locator("#arrivals")).to_have_value("AAAB")
    expect(page.locator("#preview [data-testid=points-A]")).to_be_visible()  # htmx posted the preview

    log_in(page, director.username, PASSWORD)
    page.goto(f"/director/t/{tournament.slug}/disputes/")
    page.wait_for_load_state("load")
    code = page.locator("#position-code")
    page.locator('#board g.hole[data-loc="t0"]:not([data-colour])').tap()
    expect(code).to_have_text("K4:t0|-|-|-")
    page.locator('#board g.hole[data-loc="t2"]:not([data-colour])').tap()
    expect(code).to_have_text("K4:t0.t2|-|-|-")
    page.locator('label[for="card-4"]').tap()
    expect(page.locator("#board .move-arrow")).to_have_count(1)
    # The board's own style (allowed by its hash) applies: the tap targets are invisible.
    hit = page.locator("#board .hole .hit").first
    assert hit.evaluate("e => getComputedStyle(e).fill") in ("transparent", "rgba(0, 0, 0, 0)")

    page.goto("/rules/")  # the rules helper: the same desk, its house rules to tick
    page.wait_for_load_state("load")
    sevens = page.locator("#hr-sm")
    assert sevens.evaluate("e => getComputedStyle(e).width") == "72px"  # .field-count, not style=""
    sevens.fill("3")
    sevens.dispatch_event("change")  # dispute.js posts the desk; htmx swaps it
    expect(page.locator("#hr-sm")).to_have_value("3")
    page.locator("#hr-jp").check()
    expect(page.locator("#hr-jp")).to_be_checked()
    assert problems == []


def test_check_in_standings_select_and_print_progress_with_only_the_sites_files(watched, live_server, director,
                                                                                 tournament, running, settings):
    page, problems, _ = watched
    team = tournament.teams.order_by("number").first()
    signed_in(page.context, director, live_server)  # the login form with the policy on: the test above

    page.goto(f"/director/t/{tournament.slug}/checkin/")
    row = page.locator(f"#team-{team.pk}")
    row.locator("button[type=submit]").tap()
    expect(row.locator("button[type=submit]")).to_have_attribute("aria-pressed", "true")
    page.locator("#checkin-filter").fill(team.name.lower())
    expect(page.locator("#checkin-list .checkin-row:not(.d-none)")).to_have_count(1)

    add_round(tournament)  # round 2, drawn: the page offers "after round" 1 and 2
    page.goto(f"/director/t/{tournament.slug}/standings/")
    other = "2" if page.locator("#after_round").input_value() == "1" else "1"
    page.locator("#after_round").select_option(other)  # data-submit-on-change, not onchange=""
    expect(page).to_have_url(re.compile(rf"/standings/\?after_round={other}$"))
    expect(page.locator("#after_round")).to_have_value(other)

    settings.PRINT_FILES_RUN = "task"  # the file stays in the making: the progress bar shows
    page.goto(f"/director/t/{tournament.slug}/standings.pdf")
    bar = page.locator("#print-file [data-progress]")
    expect(bar).to_be_attached()
    expect(bar).to_have_attribute("style", re.compile(r"^width: \d+%;$"))  # set by keezen.js, through the CSSOM
    assert bar.evaluate("e => e.style.width") == bar.get_attribute("data-progress") + "%"
    assert problems == []


def test_a_refused_htmx_post_is_shown_and_a_failed_poll_leaves_the_page(watched, tournament, running):
    """keezen.js: htmx swaps a 4xx answer to a POST (the readable refusal), not to a GET."""
    # Chromium logs every 4xx answer ("… status of 400"); htmx logs the failed poll as an error, and
    # not the refused post (keezen.js: no error, swapped).
    page, problems, allowed = watched
    allowed += ["the server responded with a status of 400", "status of 404",
                "Response Status Error Code 404 from /t/no-such-tournament/"]
    table = running.tables.get(number=1)
    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")

    sides = page.locator("#sides").inner_html()
    with page.expect_response(lambda r: "/no-such-tournament/" in r.url) as failed:
        page.evaluate("""htmx.ajax("GET", "/t/no-such-tournament/standings/", {target: "#sides"})""")
    assert failed.value.status == 404
    # evaluate awaited htmx.ajax's promise, which htmx resolves once it has handled the answer (and
    # swapped it, had it swapped it): no need to wait any longer.
    assert page.locator("#sides").inner_html() == sides  # the page as it was

    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.evaluate("""htmx.ajax("POST", location.pathname,
                         {target: "#preview", swap: "innerHTML", values: {action: "submit", arrivals: "AZ"}})""")
    assert answer.value.status == 400
    expect(page.locator("#preview #entry-errors")).to_be_visible()  # the refusal, swapped in
    assert problems == []


def test_a_team_pass_and_a_refusal_written_by_the_outbox_with_only_the_sites_files(watched, tournament, running):
    """The pass page (its poll) and a table link's refusal that static/js/outbox.js writes as the page
    (a wrong code: 400) load no inline script and break no policy."""
    page, problems, allowed = watched
    allowed += ["the server responded with a status of 400"]
    table = running.tables.get(number=1)
    team = table.seats.first().team
    page.goto(f"/p/{team.pass_token}/")
    with page.expect_response(lambda r: "/now/" in r.url):  # its first poll
        pass
    expect(page.locator("[data-testid=place-table]")).to_be_visible()

    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    for _ in range(8):
        page.locator('[data-arrival="A"]').tap()
    wrong = "000000" if "000000" not in {seat.code for seat in table.seats.all()} else "999999"
    page.locator("#code").fill(wrong)
    page.locator("button[name=action][value=submit]").tap()
    expect(page.locator("#entry-errors")).to_contain_text("not right")  # written by the outbox
    expect(page.locator("#arrivals")).to_have_value("AAAAAAAA")
    assert problems == []
