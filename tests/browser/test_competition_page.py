"""In Chromium on a phone (390 × 844): the public competition page (issue 19) fits the screen without
scrolling sideways, even with a very long name and many evenings; the "after evening" selector
shows the standings after an earlier evening; the movement column shows who went up and down; the
Content-Security-Policy refuses nothing on it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from seasons.services.competition_file import import_competition
from seasons.services.standings import competition_standings
from tests.test_competition_pages import TEAMS, evening, season_file

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAME = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafewarenwohlgepflege"


def test_the_competition_page_on_a_phone(page, page_problems, monkeypatch):
    monkeypatch.setitem(TEAMS, "T3", ("Harten", [LONG_NAME, "Frank Mulder"]))
    data = season_file(rules={"per_evening": "points", "count": {"best": 9, "of": 12},
                              "absence": {"points": 10, "max": 1}, "minimum_evenings": 2})
    # Twelve evenings: each person's line holds twelve marks.
    data["tournaments"] += [evening(number, [("T1", 8, "T2", number * 5 % 8), ("T3", 8, "T4", number * 3 % 8)]
                                    if number % 2 else
                                    [("T1", number * 5 % 8, "T2", 8), ("T3", number * 3 % 8, "T4", 8)])
                            for number in range(4, 12)]
    data["tournaments"].append(evening(12, [("T1", 0, "T3", 8), ("T2", 8, "T4", 1)]))  # the table turns
    competition = import_competition(data)
    movement = {line.name: line.movement for line in competition_standings(competition, movement=True).lines}
    assert min(movement.values()) < 0 < max(movement.values()), movement

    console: list[str] = []  # a style or script the Content-Security-Policy refused shows here
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    page.goto(f"/c/{competition.slug}/")
    expect(page.locator("h1")).to_have_text("Clubcompetitie 2026")
    expect(page.locator("#competition-standings")).to_contain_text("After evening 12")
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1] == 390, width
    expect(page.get_by_text(LONG_NAME)).to_be_visible()

    # The movement column: an arrow and the number of places, as the standings compute it.
    for name, moved in movement.items():
        line = page.locator("[data-testid=line]").filter(has_text=name)
        cell = line.locator("[data-testid=movement]")
        if moved:
            expect(cell).to_have_text(("↑" if moved > 0 else "↓") + str(abs(moved)))
        else:
            expect(cell).to_have_text("=")
    ups = page.locator("[data-testid=movement][data-movement=up]")
    assert ups.count() >= 1 and page.locator("[data-testid=movement][data-movement=down]").count() >= 1
    # A dropped evening is struck through.
    expect(page.locator("[data-testid=marks] s").first).to_be_visible()

    # After evening 2: chosen in the selector, the page shows the standings of that evening.
    page.locator("select#after").select_option("2")
    expect(page).to_have_url(re.compile(r"\?after=2$"))
    expect(page.locator("#competition-standings")).to_contain_text("After evening 2")
    expect(page.locator("select#after")).to_have_value("2")
    after_two = competition_standings(competition, 2)
    leader = next(line for line in after_two.lines if line.rank == 1)
    expect(page.locator("[data-testid=line][data-rank='1']")).to_contain_text(leader.name)
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width

    # After evening 1 nobody has the minimum: everyone is listed below, unranked, with the note.
    page.locator("select#after").select_option("1")
    expect(page.locator("[data-testid=minimum-note]")).to_contain_text("at least 2 evenings played")
    expect(page.locator("[data-testid=ranked]")).to_have_count(0)
    assert not page_problems, page_problems
    assert not console, console
