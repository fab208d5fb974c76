import pytest

from toposort import CycleError, topo_sort


def test_tie_breaking():
    assert topo_sort({"b": ["a"], "c": []}) == ["b", "a", "c"]


def test_sink_nodes():
    assert topo_sort({"a": ["z"]}) == ["a", "z"]


def test_cycle():
    with pytest.raises(CycleError):
        topo_sort({"s": ["a"], "a": ["b"], "b": ["a"]})
