import pytest

from toposort import CycleError, topo_sort


def test_cycle_message():
    with pytest.raises(CycleError, match=r"cycle detected among \['a', 'b'\]"):
        topo_sort({"start": ["a"], "a": ["b"], "b": ["a"]})
