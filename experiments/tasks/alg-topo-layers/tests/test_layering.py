import copy
import random

import pytest

from layering import CycleError, MissingNodeError, layers


def test_instruction_example():
    assert layers({"a": ["b", "c"], "b": ["c"], "c": []}) == [["a"], ["b"], ["c"]]


def test_longest_path_decides_layer():
    graph = {"a": ["b", "d"], "b": ["c"], "c": ["d"], "d": [], "e": ["d"]}
    assert layers(graph) == [["a", "e"], ["b"], ["c"], ["d"]]


def test_random_dags_layer_properties():
    rng = random.Random(42)
    for _ in range(100):
        n = rng.randint(1, 10)
        graph = {i: [j for j in range(i + 1, n) if rng.random() < 0.3] for i in range(n)}
        result = layers(graph)
        level = {node: k for k, layer in enumerate(result) for node in layer}
        assert sorted(level) == list(range(n))
        assert sum(len(layer) for layer in result) == n
        assert all(layer for layer in result)
        for u, vs in graph.items():
            for v in vs:
                assert level[u] < level[v]
        for v in range(n):
            if level[v] > 0:
                assert any(level[u] == level[v] - 1 for u in graph if v in graph[u])


def test_nodes_sorted_within_layer():
    graph = {"z": ["m"], "y": ["m"], "x": [], "m": []}
    assert layers(graph) == [["x", "y", "z"], ["m"]]


def test_empty_graph():
    assert layers({}) == []


def test_missing_successor_raises():
    assert issubclass(MissingNodeError, KeyError)
    with pytest.raises(MissingNodeError) as info:
        layers({"a": ["b"], "b": ["ghost"]})
    assert info.value.args[0] == "ghost"


def test_cycle_reports_remaining_nodes():
    assert issubclass(CycleError, ValueError)
    graph = {"a": ["b"], "b": ["c"], "c": ["b", "d"], "d": [], "e": []}
    with pytest.raises(CycleError) as info:
        layers(graph)
    assert info.value.remaining == ["b", "c", "d"]


def test_self_loop_cycle():
    with pytest.raises(CycleError) as info:
        layers({"a": ["a"], "b": []})
    assert info.value.remaining == ["a"]


def test_graph_not_mutated():
    graph = {"a": ["b", "c"], "b": ["c"], "c": []}
    before = copy.deepcopy(graph)
    layers(graph)
    assert graph == before
