"""Test vectors for the phone's instant Klaverjassen deal score, generated from ``klaverjas/``.

Why: a deal's score is computed twice — by :mod:`klaverjas.deals` (the reference: ``shared/spec/
klaverjas.md``) and by ``static/js/card_entry.js``, on the phone, so the card keeps counting while
the venue's Wi-Fi is gone. These vectors are what a card line holds (the team that played, the card
points, each team's roem, the pit, the house rules) with the score ``klaverjas`` gives, or ``None``
where it refuses the deal; ``tests/browser/test_deal_score_vectors.py`` checks the JavaScript
against every one, so the two cannot drift.

:func:`deal_vectors` is seeded (the same seed gives the same vectors) and covers every kind
(:data:`KINDS`): made, nat, exactly half (nat), one point more than half (made), a pit by the
playing team and one by the other team, roem of each kind — three and four cards in sequence, four
of a kind, four jacks, stuk alone and with a sequence of three or four, several roem tricks for a
team — each from a real trick that :func:`klaverjas.trick_result` scores under the deal's house
rules; house rules that change a deal's score (``pit_bonus``; ``four_of_a_kind`` and
``four_jacks`` through the roem) and those that do not; and every invalid deal a card line can hold
(card points out of range, roem negative or not a multiple of 10, a pit team without every card
point, roem called against a pit). The forfeit is no deal: its points (``forfeit_points``, 81 a
deal) are counted by the server only, the JavaScript has none.
"""

from __future__ import annotations

import random
from typing import Any

from klaverjas import HouseRules, KlaverjasError, score_deal, trick_result
from klaverjas.cards import RANKS, SUITS, TOTAL_POINTS

SEED = 32
COUNT = 1_200
ROEM_KINDS: tuple[str, ...] = ("sequence-3", "sequence-4", "four-of-a-kind", "four-jacks", "stuk",
                               "stuk+sequence-3", "stuk+sequence-4")
OUTCOMES: tuple[str, ...] = ("made", "nat", "exactly-half", "half-plus-one", "pit-by-playing", "pit-by-other")
INVALID: tuple[str, ...] = ("points-range", "roem-negative", "roem-multiple", "pit-points", "pit-roem")
KINDS: tuple[str, ...] = OUTCOMES + INVALID
JACK, QUEEN, KING = RANKS.index("J"), RANKS.index("Q"), RANKS.index("K")


def _card(rank: int, suit: int) -> str:
    return RANKS[rank] + SUITS[suit]


def _others(rng: random.Random, *suits: int) -> list[int]:
    return rng.sample([suit for suit in range(4) if suit not in suits], 4 - len(suits))


def roem_trick(rng: random.Random, kind: str) -> tuple[str, list[str]]:
    """``(trump, four cards)`` of a trick whose only roem is ``kind`` (one of :data:`ROEM_KINDS`)."""
    suit = rng.randrange(4)
    if kind in ("sequence-3", "sequence-4"):
        length = 3 if kind == "sequence-3" else 4
        start = rng.randrange(len(RANKS) - length + 1)
        cards = [_card(rank, suit) for rank in range(start, start + length)]
        other, trump = _others(rng, suit)[:2]
        if length == 3:
            cards.append(_card(rng.randrange(len(RANKS)), other))
        return SUITS[trump], cards  # trump is another suit: no stuk
    if kind in ("four-of-a-kind", "four-jacks"):
        rank = JACK if kind == "four-jacks" else rng.choice([r for r in range(len(RANKS)) if r != JACK])
        return SUITS[suit], [_card(rank, each) for each in range(4)]
    # stuk: king and queen of trump, with a sequence or two cards of other suits
    if kind == "stuk":
        first, second = _others(rng, suit)[:2]
        cards = [_card(KING, suit), _card(QUEEN, suit), _card(rng.randrange(len(RANKS)), first),
                 _card(rng.randrange(len(RANKS)), second)]
    elif kind == "stuk+sequence-3":
        start = rng.choice([JACK, QUEEN])  # J Q K or Q K A
        cards = [_card(rank, suit) for rank in range(start, start + 3)]
        cards.append(_card(rng.randrange(len(RANKS)), _others(rng, suit)[0]))
    else:
        start = rng.choice([RANKS.index("10"), JACK])  # 10 J Q K or J Q K A
        cards = [_card(rank, suit) for rank in range(start, start + 4)]
    rng.shuffle(cards)
    return SUITS[suit], cards


def _rules(rng: random.Random) -> HouseRules:
    """The defaults a quarter of the time, else every flag drawn (the first three change no score)."""
    if rng.random() < 0.25:
        return HouseRules()
    return HouseRules(trump_lead_overtrump=rng.random() < 0.5, partner_winning_free=rng.random() < 0.5,
                      undertrump=rng.choice(("free", "only-when-forced")),
                      four_of_a_kind=rng.choice((50, 100)), four_jacks=rng.choice((50, 100, 200)),
                      pit_bonus=rng.choice((0, 50, 100, 150, 200)))


def _called(rng: random.Random, rules: HouseRules, tricks: int) -> tuple[int, list[dict[str, Any]]]:
    """The roem of ``tricks`` roem tricks of random kinds, as klaverjas scores each trick."""
    total, shown = 0, []
    for _ in range(tricks):
        kind = rng.choice(ROEM_KINDS)
        trump, cards = roem_trick(rng, kind)
        roem = trick_result(trump, cards, False, rules).roem
        total += roem
        shown.append({"kind": kind, "trump": trump, "cards": cards, "roem": roem})
    return total, shown


def _roem(rng: random.Random, rules: HouseRules) -> tuple[list[int], list[dict[str, Any]]]:
    """Each team's roem: none about half of the time, else one to three roem tricks."""
    roem, tricks = [0, 0], []
    for side in (0, 1):
        count = 0 if rng.random() < 0.45 else rng.choice((1, 1, 1, 2, 3))
        roem[side], shown = _called(rng, rules, count)
        tricks += [{**trick, "team": "AB"[side]} for trick in shown]
    return roem, tricks


def expected(playing: str, points: list[int], roem: list[int], pit: str | None, rules: HouseRules) -> dict | None:
    """What klaverjas scores: ``{"a", "b", "nat", "pit"}``, or None for a deal it refuses."""
    try:
        score = score_deal(playing, {"A": points[0], "B": points[1]}, {"A": roem[0], "B": roem[1]}, pit, rules)
    except KlaverjasError:
        return None
    return {"a": score.a, "b": score.b, "nat": score.nat, "pit": score.pit}


def _between(rng: random.Random, low: int, high: int) -> int:
    """A number from ``low`` to ``high``; ``low`` when there is none (the line is then drawn again)."""
    return rng.randint(low, high) if low <= high else low


def _line(rng: random.Random, kind: str, rules: HouseRules) -> tuple[str, list[int], list[int], str | None, list]:
    """``(playing, points, roem, pit, roem tricks)`` of a line of this kind (:func:`_fits` tells whether it is)."""
    side = rng.randrange(2)
    playing = "AB"[side]
    roem, tricks = _roem(rng, rules)
    everything = TOTAL_POINTS + sum(roem)
    if kind in ("pit-by-playing", "pit-by-other"):
        pit_side = side if kind == "pit-by-playing" else 1 - side
        roem[1 - pit_side] = 0
        tricks = [trick for trick in tricks if trick["team"] == "AB"[pit_side]]
        points = [0, 0]
        points[pit_side] = TOTAL_POINTS
        return playing, points, roem, "AB"[pit_side], tricks
    half = everything // 2 - roem[side]  # the playing team's card points for exactly half
    if kind == "exactly-half":
        own = half
    elif kind == "half-plus-one":
        own = half + 1
    elif kind == "made":
        own = _between(rng, half + 1, TOTAL_POINTS)
    elif kind == "nat":
        own = _between(rng, 0, half)
    else:
        own = rng.randint(0, TOTAL_POINTS)
    points = [0, 0]
    points[side], points[1 - side] = own, TOTAL_POINTS - own
    pit = None
    if kind == "points-range":
        points[0] = rng.choice((-1, TOTAL_POINTS + 1, TOTAL_POINTS + 10, -20))
        points[1] = TOTAL_POINTS - points[0]
    elif kind == "roem-negative":
        roem[rng.randrange(2)] = -rng.choice((10, 20, 50))
    elif kind == "roem-multiple":
        roem[rng.randrange(2)] += rng.choice((1, 5, 15, 25))
    elif kind == "pit-points":
        pit = rng.choice("AB")
        points[0] = rng.randint(0, TOTAL_POINTS - 1) if pit == "A" else rng.randint(1, TOTAL_POINTS)
        points[1] = TOTAL_POINTS - points[0]
    elif kind == "pit-roem":
        pit = rng.choice("AB")
        points = [TOTAL_POINTS, 0] if pit == "A" else [0, TOTAL_POINTS]
        roem["AB".index(pit) ^ 1] = rng.choice((20, 50, 70, 100))
    return playing, points, roem, pit, tricks


def _fits(kind: str, points: list[int], result: dict | None) -> bool:
    """Whether the drawn line is of its kind (a nat needs 0 or more card points, and so on)."""
    if kind in INVALID:
        return result is None
    if result is None or not all(0 <= number <= TOTAL_POINTS for number in points):
        return False
    return {"made": not result["nat"], "half-plus-one": not result["nat"], "nat": result["nat"],
            "exactly-half": result["nat"], "pit-by-playing": not result["nat"],
            "pit-by-other": result["nat"]}[kind]


def deal_vectors(count: int = COUNT, seed: int = SEED) -> list[dict[str, Any]]:
    """``count`` vectors, the kinds in turn: ``{"kind", "playing", "points": [A, B], "roem": [A, B], "pit",
    "rules": the house rules' JSON, "tricks": the roem tricks, "expected": {"a", "b", "nat", "pit"} or None}``."""
    rng = random.Random(seed)
    vectors: list[dict[str, Any]] = []
    while len(vectors) < count:
        kind = KINDS[len(vectors) % len(KINDS)]
        rules = _rules(rng)
        playing, points, roem, pit, tricks = _line(rng, kind, rules)
        result = expected(playing, points, roem, pit, rules)
        if not _fits(kind, points, result):
            continue  # e.g. exactly half needs card points the roem leaves out of 0–162: draw again
        vectors.append({"kind": kind, "playing": playing, "points": points, "roem": roem, "pit": pit,
                        "rules": rules.as_json(), "tricks": tricks, "expected": result})
    return vectors
