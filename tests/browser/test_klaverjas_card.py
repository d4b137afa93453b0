"""A whole 16-deal Klaverjassen card entered on a 390×844 phone and confirmed on a second: the
playing team's button moves on to its points, +20 / +50 / stuk add roem to the deal in hand, a
pit fills in the points, each deal shows its score (nat, pit) and the card its total as the rules
count it; the taps are counted (target ≤ 40) and printed."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tournaments.models import Result, ResultState, Tournament
from tournaments.services import clock as clock_services

pytestmark = pytest.mark.browser

TAPS_TARGET = 40
# Per deal: the team that played, team A's card points, then roem buttons ("A+20", "B+50", "Bstuk") and a pit.
DEALS = [
    ("A", "90", ["A+20"], None), ("B", "70", [], None), ("A", "70", ["A+20"], None),  # deal 3: nat
    ("B", "", ["B+50"], "B"),  # a pit for B: the points follow
    ("A", "100", [], None), ("B", "60", [], None), ("A", "82", [], None), ("B", "81", [], None),
    ("A", "95", ["Bstuk"], None), ("B", "40", [], None), ("A", "120", [], None), ("B", "62", [], None),
    ("A", "88", [], None), ("B", "72", [], None), ("A", "110", ["A+20", "A+50"], None), ("B", "50", [], None),
]


def expected_total() -> tuple[int, int]:
    """The card's totals as klaverjas.md counts them (the server scores it again)."""
    import klaverjas

    totals = [0, 0]
    for playing, points, roem, pit in DEALS:
        a = int(points) if points else (162 if pit == "A" else 0)
        r = [0, 0]
        for tap in roem:
            r["AB".index(tap[0])] += 50 if tap.endswith("50") else 20
        score = klaverjas.score_deal(playing, {"A": a, "B": 162 - a}, {"A": r[0], "B": r[1]}, pit)
        totals[0] += score.a
        totals[1] += score.b
    return totals[0], totals[1]


def test_a_16_deal_card_on_a_phone_in_at_most_40_taps(page, page_problems, published_round):
    drive = Tournament.objects.create(name="Klaverjasdrive", slug="drive", date=datetime.date(2026, 11, 27),
                                      scoring_system="klaverjas", deals=16, seed=7)
    round_ = published_round(drive, 2)
    clock_services.start(round_)
    table = round_.tables.get(number=1)
    first, second = list(table.seats.order_by("position"))
    taps = 0
    typed = 0

    def tap(locator) -> None:
        nonlocal taps
        taps += 1
        locator.tap()

    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    for number, (playing, points, roem, pit) in enumerate(DEALS, start=1):
        row = page.locator(f"tr[data-deal='{number}']")
        tap(row.locator(f"label[for=deal_{number}_playing_{playing.lower()}]"))
        expect(row.locator(f"[name=deal_{number}_points]")).to_be_focused()
        if points:
            page.keyboard.type(points)  # the phone's number keyboard, already open on the points
            typed += len(points)
        for button in roem:
            side = "AB".index(button[0])
            label = f"{button[0]} stuk" if button.endswith("stuk") else f"{button[0]} {button[1:]}"
            tap(page.locator(f"[data-card-roem] button[data-roem-side='{side}']", has_text=label))
        if pit:
            taps += 1  # the select opens and takes its choice: one tap on a phone's picker
            row.locator(f"[name=deal_{number}_pit]").select_option(pit)
    a, b = expected_total()
    expect(page.locator("[data-card-total]")).to_have_text(f"{a} – {b}")
    expect(page.locator("tr[data-deal='3'] [data-deal-score]")).to_contain_text("nat")
    expect(page.locator("tr[data-deal='4'] [data-deal-score]")).to_contain_text("pit")
    expect(page.locator("#preview [data-testid=points-A]")).to_have_text(str(a))
    overflow = page.evaluate("() => { const t = document.querySelector('.card-deals'); return t.scrollWidth - t.parentElement.clientWidth; }")
    widths = page.evaluate("() => Array.from(document.querySelectorAll('.card-deals tbody tr:first-child > *')).map(c => c.getBoundingClientRect().width)")
    assert overflow <= 0, f"the card is {overflow} px wider than the phone {widths}"
    tap(page.locator("#code"))  # who submits: the team whose code this is
    page.locator("#code").fill(first.code)
    typed += len(first.code)
    tap(page.locator("button[name=action][value=submit]"))
    expect(page.locator("#current")).to_have_attribute("data-status", "submitted")

    # The second phone: this tab without the first one's cookies, as a new phone opens the link (a new
    # context and tab cost about half a second, and start with an empty cache).
    page.context.clear_cookies()
    page.goto(f"/s/{table.token}/")
    expect(page.locator("#current [data-testid=points-B]")).to_have_text(str(b))
    page.locator("#code").fill(second.code)
    page.locator("button[name=action][value=confirm]").tap()
    expect(page.locator("#current")).to_have_attribute("data-status", "confirmed")

    result = Result.objects.get(table=table)
    assert result.state == ResultState.CONFIRMED and len(result.sheet["deals"]) == 16
    print(f"\nKlaverjassen card, 16 deals on a 390×844 phone: {taps} taps (target ≤ {TAPS_TARGET}), "
          f"{typed} digits typed on the number keyboard")
    assert taps <= TAPS_TARGET
    assert page_problems == []
