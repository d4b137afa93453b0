"""``python -m klaverjas bench``: how fast the rules answer, in process, beside their targets.

Why: a test suite drives ``python -m klaverjas batch`` with many thousands of questions, and the
app may ask for every card of a hand on a page. The figures: ``legal`` questions a second through
:func:`klaverjas.api.answer` — the decoded question in, the answer object out, every check
included (target at least 100,000 a second) — and ``deal`` questions (deals scored) a second, no
target. The questions are seeded random deals of the cards (a trick of 0–3 cards, a hand of 1–8),
one in four with house rules, so every run asks the same ones. Each figure is printed for people
beside its target, then as a ``BENCH_RESULT {"figure", "measured", "target", "met"}`` line for
``scripts/bench_all.py`` (``make bench``).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from klaverjas.api import answer
from klaverjas.cards import CARDS, SUITS

LEGAL_TARGET = 100_000  # legal-card questions a second, in process
LEGAL_FIGURE = "klaverjas legal-card questions, in process"
DEAL_FIGURE = "klaverjas deals scored, in process"
RULES = ({"partner_winning_free": False}, {"undertrump": "only-when-forced"}, {"trump_lead_overtrump": False},
         {"four_of_a_kind": 100, "four_jacks": 200, "pit_bonus": 0})


def legal_questions(count: int = 2000, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    questions = []
    for number in range(count):
        deck = list(CARDS)
        rng.shuffle(deck)
        played = rng.randrange(4)
        question = {"id": number, "cmd": "legal", "trump": rng.choice(SUITS), "trick": deck[:played],
                    "hand": deck[played:played + rng.randint(1, 8)]}
        if number % 4 == 3:
            question["rules"] = RULES[number // 4 % len(RULES)]
        questions.append(question)
    return questions


def deal_questions(count: int = 2000, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    questions = []
    for number in range(count):
        pit = rng.choice((None,) * 18 + ("A", "B"))
        a = 162 if pit == "A" else 0 if pit == "B" else rng.randint(0, 162)
        roem = {"A": 10 * rng.choice((0, 0, 2, 4, 5, 7)), "B": 10 * rng.choice((0, 0, 2, 4, 5, 7))}
        if pit:
            roem["B" if pit == "A" else "A"] = 0
        questions.append({"id": number, "cmd": "deal", "playing": rng.choice("AB"), "points": {"A": a, "B": 162 - a},
                          "roem": roem, "pit": pit})
    return questions


def rate(questions: list[dict[str, Any]], seconds: float) -> tuple[float, int]:
    """Questions a second through :func:`answer`, and how many were asked."""
    asked = 0
    start = time.perf_counter()
    while True:
        for question in questions:
            answer(question)
        asked += len(questions)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return asked / elapsed, asked


def run(seconds: float = 2.0) -> dict[str, Any]:
    legal_rate, legal_asked = rate(legal_questions(), seconds)
    deal_rate, deal_asked = rate(deal_questions(), seconds)
    return {"legal_per_second": round(legal_rate), "legal_questions": legal_asked,
            "deals_per_second": round(deal_rate), "deals": deal_asked,
            "legal_target": LEGAL_TARGET, "met": legal_rate >= LEGAL_TARGET}


def report(figures: dict[str, Any]) -> list[str]:
    """The lines ``python -m klaverjas bench`` prints: for people, then ``BENCH_RESULT`` per figure."""
    legal, deals = figures["legal_per_second"], figures["deals_per_second"]
    target = f"≥ {figures['legal_target']:,}/s"
    return [
        (f"{LEGAL_FIGURE}: {legal:,}/s (target {target}) {'met' if figures['met'] else 'MISSED'} "
         f"({figures['legal_questions']:,} questions)"),
        f"{DEAL_FIGURE}: {deals:,}/s (no target) ({figures['deals']:,} deals)",
        _result(LEGAL_FIGURE, f"{legal:,}/s", target, figures["met"]),
        _result(DEAL_FIGURE, f"{deals:,}/s", None, None),
    ]


def _result(figure: str, measured: str, target: str | None, met: bool | None) -> str:
    return "BENCH_RESULT " + json.dumps({"figure": figure, "measured": measured, "target": target, "met": met},
                                        ensure_ascii=False)
