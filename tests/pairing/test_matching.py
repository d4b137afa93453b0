"""tournaments/pairing/matching.py is networkx's max_weight_matching without the graph: it must
return exactly networkx's matching, ties included, or Swiss draws would change for the same seed."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from tournaments.pairing.matching import max_weight_matching


def networkx_matching(count: int, edges: list[tuple[int, int, int]], maxcardinality: bool) -> list[tuple[int, int]]:
    graph = nx.Graph()
    graph.add_nodes_from(range(count))
    for i, j, weight in edges:
        graph.add_edge(i, j, weight=weight)
    return sorted((min(edge), max(edge)) for edge in nx.max_weight_matching(graph, maxcardinality=maxcardinality))


def test_the_same_matching_as_networkx_on_random_graphs_full_of_ties():
    # Few distinct weights make many equally good matchings: only the same order of work picks the
    # same one. Sparse to complete graphs, edges given in any order and either direction.
    for trial in range(80):
        rng = random.Random(trial)
        count = rng.randint(0, 24)
        density = rng.choice([0.15, 0.4, 1.0])
        top = rng.choice([1, 3, 1000])
        edges = [(i, j, rng.randint(0, top)) for i in range(count) for j in range(i + 1, count)
                 if rng.random() < density]
        rng.shuffle(edges)
        edges = [(j, i, w) if rng.random() < 0.5 else (i, j, w) for i, j, w in edges]
        for maxcardinality in (False, True):
            assert max_weight_matching(count, edges, maxcardinality) == \
                networkx_matching(count, edges, maxcardinality), (trial, maxcardinality)


def test_bad_edges_are_refused():
    with pytest.raises(ValueError):
        max_weight_matching(2, [(0, 1, 1), (1, 0, 2)])
    with pytest.raises(ValueError):
        max_weight_matching(2, [(1, 1, 1)])
    with pytest.raises(TypeError):
        max_weight_matching(2, [(0, 1, 1.5)])
