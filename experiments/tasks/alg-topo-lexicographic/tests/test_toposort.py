import copy
import itertools
import random

import pytest

from toposort import CycleError, topo_sort


def respects(order, graph):
    pos = {n: i for i, n in enumerate(order)}
    return all(pos[u] < pos[v] for u, vs in graph.items() for v in vs)


def brute_force(graph):
    nodes = sorted(set(graph) | {v for vs in graph.values() for v in vs})
    for perm in itertools.permutations(nodes):
        if respects(perm, graph):
            return list(perm)
    return None


def test_respects_edges():
    graph = {"shirt": ["tie"], "tie": ["jacket"], "socks": ["shoes"], "pants": ["shoes"]}
    order = topo_sort(graph)
    assert respects(order, graph)
    assert sorted(order) == ["jacket", "pants", "shirt", "shoes", "socks", "tie"]


def test_smallest_ready_node_first():
    assert topo_sort({"b": ["a"], "c": []}) == ["b", "a", "c"]
    assert topo_sort({"a": ["b"], "c": []}) == ["a", "b", "c"]
    assert topo_sort({3: [1], 2: [], 1: []}) == [2, 3, 1]


def test_matches_brute_force():
    rng = random.Random(42)
    for _ in range(60):
        names = rng.sample("abcdef", rng.randint(1, 6))
        graph = {n: [] for n in names}
        for i, u in enumerate(names):
            for v in names[i + 1:]:
                if rng.random() < 0.3:
                    graph[u].append(v)
        assert topo_sort(graph) == brute_force(graph), graph


def test_successor_only_nodes_included():
    assert topo_sort({"a": ["z", "y"]}) == ["a", "y", "z"]


def test_empty_graph():
    assert topo_sort({}) == []


def test_cycle_raises_cycle_error():
    assert issubclass(CycleError, ValueError)
    with pytest.raises(CycleError):
        topo_sort({"a": ["b"], "b": ["c"], "c": ["a"]})
    with pytest.raises(CycleError):
        topo_sort({"start": ["a"], "a": ["b"], "b": ["a"]})


def test_self_loop_is_cycle():
    with pytest.raises(CycleError):
        topo_sort({"a": ["a"]})


def test_duplicate_edges_count_once():
    assert topo_sort({"a": ["b", "b"], "b": ["c"], "c": []}) == ["a", "b", "c"]


def test_graph_not_mutated():
    graph = {"b": ["c", "a"], "a": ["c"]}
    before = copy.deepcopy(graph)
    topo_sort(graph)
    assert graph == before
