"""The phone's instant Klaverjassen deal score (static/js/card_entry.js) against klaverjas/ on every generated
deal (tests/klaverjas/deal_vectors.py: 1,200 deals of every kind), in Debian's Chromium, in one evaluate call.

Why: the card scores each deal in JavaScript so it keeps counting while the venue's Wi-Fi is gone, and
klaverjas/deals.py is the reference (shared/spec/klaverjas.md): one set of vectors keeps the two from drifting.
The script is loaded into an empty page; ``window.klaverjasCard.dealScore`` is the function the card's rows use.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.klaverjas.deal_vectors import deal_vectors

pytestmark = pytest.mark.browser

CARD_ENTRY = Path(__file__).resolve().parents[2] / "tournaments" / "static" / "js" / "card_entry.js"
# The vectors go in and the scores come out as one JSON text each: Playwright's own serialization of
# 1,200 nested objects took seconds (most of the test's time), a string takes milliseconds.
CHECK = """json => JSON.stringify(JSON.parse(json).map(v => {
  const score = window.klaverjasCard.dealScore("AB".indexOf(v.playing), v.points[0], v.roem, v.pit || "",
                                               v.rules.pit_bonus);
  return score && { a: score.a, b: score.b, nat: score.nat, pit: score.pit || null };
}))"""


def test_the_javascript_scores_every_generated_deal_as_klaverjas_does(browser):
    vectors = deal_vectors()
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_content("<!doctype html><html><head><title>deal score</title></head><body></body></html>")
        page.add_script_tag(path=str(CARD_ENTRY))
        scores = json.loads(page.evaluate(CHECK, json.dumps(vectors)))
    finally:
        context.close()
    assert errors == []
    wrong = [(vector["kind"], vector["playing"], vector["points"], vector["roem"], vector["pit"],
              vector["rules"]["pit_bonus"], vector["expected"], score)
             for vector, score in zip(vectors, scores) if score != vector["expected"]]
    assert len(scores) == len(vectors) >= 1_000
    assert not wrong, f"{len(wrong)} of {len(vectors)} deals scored otherwise than klaverjas/, such as {wrong[:5]}"
