"""In a real browser on a phone-sized screen: the public pages and the check-in at the door.

Elements are found by stable hooks (ids, data-testid, form field names), not by wording,
so the tests hold in Dutch and English alike.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tournaments.models import Team

pytestmark = pytest.mark.browser


def test_public_page_shows_registered_teams(page, page_problems, tournament, make_teams):
    teams = make_teams(tournament, 3)

    page.goto("/")
    link = page.locator(f'a[href="/t/{tournament.slug}/"]')
    expect(link).to_contain_text(tournament.name)
    link.tap()

    expect(page).to_have_url(re.compile(rf"/t/{tournament.slug}/$"))
    expect(page.locator("h1")).to_have_text(tournament.name)
    rows = page.locator("#teams > li")
    expect(rows).to_have_count(len(teams))
    for row, team in zip(rows.all(), teams):
        expect(row).to_contain_text(team.name)
        expect(row).to_contain_text(" & ".join(team.player_names))
    assert page_problems == []


def test_director_checks_in_a_team(page, page_problems, live_server, director, tournament, make_teams):
    teams = make_teams(tournament, 3)
    team = teams[1]
    checkin_url = f"/director/t/{tournament.slug}/checkin/"

    page.goto("/login/")
    page.locator("input[name=username]").fill(director.username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").tap()
    expect(page).to_have_url(f"{live_server.url}/director/")

    page.goto(checkin_url)
    counter = page.locator("[data-testid=present-count]")
    expect(counter).to_have_text(re.compile(r"^\s*0\s*/\s*3\s*$"))
    row = page.locator(f"#team-{team.pk}")
    expect(row).to_contain_text(team.name)
    expect(row.locator("button[type=submit]")).to_have_attribute("aria-pressed", "false")

    # Mark this document: a full page load (no htmx) would lose the mark.
    page.evaluate("window.__sameDocument = true")
    row.locator("button[type=submit]").tap()

    expect(counter).to_have_text(re.compile(r"^\s*1\s*/\s*3\s*$"))
    expect(row.locator("button[type=submit]")).to_have_attribute("aria-pressed", "true")
    expect(row).to_have_class(re.compile(r"\blist-group-item-success\b"))
    assert page.evaluate("window.__sameDocument === true"), "the row was not swapped in place by htmx"
    for other in (teams[0], teams[2]):
        expect(page.locator(f"#team-{other.pk} button[type=submit]")).to_have_attribute("aria-pressed", "false")

    page.reload()
    expect(page).to_have_url(f"{live_server.url}{checkin_url}")
    expect(page.locator("[data-testid=present-count]")).to_have_text(re.compile(r"^\s*1\s*/\s*3\s*$"))
    expect(page.locator(f"#team-{team.pk} button[type=submit]")).to_have_attribute("aria-pressed", "true")

    assert list(Team.objects.filter(tournament=tournament, checked_in=True)) == [team]
    assert Team.objects.get(pk=team.pk).checked_in_at is not None

    # Found by the search and checked in: the search is emptied for the next team, the list whole again.
    search = page.locator("#checkin-filter")
    search.fill(teams[2].name)
    expect(page.locator("#checkin-list > li")).to_have_count(1)
    page.locator(f"#team-{teams[2].pk} button[type=submit]").tap()
    expect(search).to_have_value("")
    expect(search).to_be_focused()
    expect(page.locator("#checkin-list > li")).to_have_count(3)
    expect(counter).to_have_text(re.compile(r"^\s*2\s*/\s*3\s*$"))

    # Un-checking asks first: "no" leaves the team present, "yes" takes it off.
    answers = iter([False, True])
    page.on("dialog", lambda dialog: dialog.accept() if next(answers) else dialog.dismiss())
    button = page.locator(f"#team-{team.pk} button[type=submit]")
    button.tap()
    page.wait_for_timeout(300)
    expect(button).to_have_attribute("aria-pressed", "true")
    button.tap()
    expect(page.locator(f"#team-{team.pk} button[type=submit]")).to_have_attribute("aria-pressed", "false")
    expect(counter).to_have_text(re.compile(r"^\s*1\s*/\s*3\s*$"))
    assert page_problems == []


def test_a_phone_polling_the_standings_hears_304_until_a_result_arrives(page, page_problems, settings, tournament,
                                                                       published_round):
    """The browser keeps the standings it was sent and asks with their ETag at each poll: 304 and no
    body while nothing changed; the new standings once a result is in."""
    from tournaments.services.results import record_result

    settings.PUBLIC_POLL_SECONDS = 1
    round_ = published_round(tournament, 4)
    url = f"/t/{tournament.slug}/standings/"
    # What the server answered each poll, as the network saw it: the page (and Playwright's response)
    # gets the kept 200 of a revalidated answer; DevTools' raw status is the 304.
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    poll_ids: set[str] = set()
    polls: list[int] = []
    network.on("Network.requestWillBeSent", lambda event: poll_ids.add(event["requestId"])
               if event["request"]["url"].endswith(url) and event.get("type") in ("XHR", "Fetch") else None)
    network.on("Network.responseReceivedExtraInfo", lambda event: polls.append(event["statusCode"])
               if event["requestId"] in poll_ids else None)
    page.goto(url)
    expect(page.locator("#standings")).to_be_visible()
    for _ in range(40):  # two polls or more (a busy machine's second poll may come late)
        if 304 in polls:
            break
        page.wait_for_timeout(250)
    assert 304 in polls, polls
    table = round_.tables.order_by("number").first()
    team = table.seats.order_by("position").first().team
    total = page.locator(f'[data-testid="total-T{team.number}"]')
    before = total.inner_text()
    seen = len(polls)
    record_result(table, {"arrivals": [0, 0]})
    expect(total).not_to_have_text(before, timeout=10_000)
    assert 200 in polls[seen:], polls
    page.goto("about:blank")  # no poll outlives the test (the live server is the next test's too)
    assert page_problems == []
