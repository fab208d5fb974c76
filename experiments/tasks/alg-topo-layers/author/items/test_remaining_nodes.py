import pytest

from layering import CycleError, layers


def test_remaining_nodes():
    graph = {"a": ["b"], "b": ["c"], "c": ["b", "d"], "d": [], "e": []}
    with pytest.raises(CycleError) as info:
        layers(graph)
    assert info.value.remaining == ["b", "c", "d"]
