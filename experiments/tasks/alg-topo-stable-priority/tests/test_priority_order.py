import copy

import pytest

from priority_order import CycleError, UnknownNodeError, order


def test_edges_respected():
    nodes = ["deploy", "test", "build", "lint"]
    edges = [("build", "test"), ("test", "deploy"), ("lint", "deploy")]
    result = order(nodes, edges)
    pos = {n: i for i, n in enumerate(result)}
    assert sorted(result) == sorted(nodes)
    assert all(pos[a] < pos[b] for a, b in edges)


def test_listed_order_breaks_ties():
    assert order(["c", "b", "a"], [("a", "c")]) == ["b", "a", "c"]
    assert order(["z", "y", "x"], []) == ["z", "y", "x"]
    assert order(["deploy", "test", "build", "lint"],
                 [("build", "test"), ("test", "deploy"), ("lint", "deploy")]) == \
        ["build", "test", "lint", "deploy"]


def test_unorderable_nodes():
    assert order([1, "x", None], [("x", 1)]) == ["x", 1, None]
    assert order([(1, 2), "a", 3.5], []) == [(1, 2), "a", 3.5]


def test_unknown_node_raises():
    assert issubclass(UnknownNodeError, KeyError)
    with pytest.raises(UnknownNodeError):
        order(["a", "b"], [("a", "ghost")])
    with pytest.raises(UnknownNodeError):
        order(["a", "b"], [("ghost", "b")])


def test_cycles_raise():
    assert issubclass(CycleError, ValueError)
    with pytest.raises(CycleError):
        order(["a", "b", "c"], [("a", "b"), ("b", "c"), ("c", "b")])
    with pytest.raises(CycleError):
        order(["a", "b"], [("b", "a"), ("a", "b")])


def test_self_loop_is_a_cycle():
    with pytest.raises(CycleError):
        order(["a", "b"], [("a", "b"), ("b", "b")])


def test_duplicate_node_raises_duplicate_edge_allowed():
    with pytest.raises(ValueError):
        order(["a", "b", "a"], [])
    assert order(["b", "a"], [("a", "b"), ("a", "b")]) == ["a", "b"]


def test_generator_edges_and_no_mutation():
    nodes = ["c", "b", "a"]
    edges = [("a", "c"), ("b", "a")]
    before = copy.deepcopy((nodes, edges))
    assert order(nodes, (e for e in edges)) == ["b", "a", "c"]
    assert order(nodes, edges) == ["b", "a", "c"]
    assert (nodes, edges) == before
    assert order(iter(["q", "p"]), iter([("p", "q")])) == ["p", "q"]
