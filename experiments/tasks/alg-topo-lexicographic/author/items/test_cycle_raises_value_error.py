import pytest

from toposort import topo_sort


def test_cycle_raises_value_error():
    with pytest.raises(ValueError):
        topo_sort({"a": ["b"], "b": ["c"], "c": ["a"]})
