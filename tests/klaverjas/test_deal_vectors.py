"""The generated deal-score vectors (tests/klaverjas/deal_vectors.py) are many, cover every kind, and are the
same every time; the browser test checks static/js/card_entry.js against them."""

from __future__ import annotations

from collections import Counter

from klaverjas import HouseRules, score_card
from tests.klaverjas.deal_vectors import COUNT, KINDS, ROEM_KINDS, deal_vectors


def test_at_least_a_thousand_vectors_of_every_kind_and_the_same_every_time():
    vectors = deal_vectors()
    assert len(vectors) == COUNT >= 1_000
    kinds = Counter(vector["kind"] for vector in vectors)
    assert set(kinds) == set(KINDS) and min(kinds.values()) >= 100
    assert {trick["kind"] for vector in vectors for trick in vector["tricks"]} == set(ROEM_KINDS)
    scored = [vector for vector in vectors if vector["expected"]]
    assert {vector["rules"]["pit_bonus"] for vector in scored if vector["pit"]} == {0, 50, 100, 150, 200}
    assert {trick["roem"] for vector in vectors for trick in vector["tricks"]} == {20, 40, 50, 70, 100, 200}
    assert deal_vectors() == vectors


def test_a_stored_card_scores_each_deal_as_its_vector_says():
    for vector in deal_vectors():
        deal = {"playing": "AB".index(vector["playing"]), "points": vector["points"], "roem": vector["roem"],
                "pit": None if vector["pit"] is None else "AB".index(vector["pit"])}
        card = score_card({"deals": [deal]}, 16, HouseRules(**vector["rules"])) if vector["expected"] else None
        assert (card and card.totals) == (vector["expected"] and (vector["expected"]["a"], vector["expected"]["b"]))
