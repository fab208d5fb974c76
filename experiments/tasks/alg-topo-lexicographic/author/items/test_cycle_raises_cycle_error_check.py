import pytest

from toposort import CycleError, topo_sort


def test_cycle_raises_cycle_error_check():
    with pytest.raises(CycleError):
        topo_sort({"start": ["a"], "a": ["b"], "b": ["a"]})
