import copy

import pytest

from toposort import CycleError, topo_sort


def test_tie_breaking_and_edges():
    assert topo_sort({"b": ["a"], "c": []}) == ["b", "a", "c"]
    assert topo_sort({"d": ["a"], "c": ["a"], "b": []}) == ["b", "c", "d", "a"]


def test_sinks_and_duplicates():
    assert topo_sort({"x": ["z", "z"], "y": ["z"]}) == ["x", "y", "z"]


def test_cycles():
    with pytest.raises(CycleError):
        topo_sort({"a": ["b"], "b": ["a"], "c": []})
    with pytest.raises(CycleError):
        topo_sort({"root": ["a"], "a": ["a"]})


def test_not_mutated():
    graph = {"a": ["b"], "c": ["b"]}
    before = copy.deepcopy(graph)
    topo_sort(graph)
    assert graph == before
