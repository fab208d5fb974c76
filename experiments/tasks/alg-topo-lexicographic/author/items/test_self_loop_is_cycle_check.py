import pytest

from toposort import CycleError, topo_sort


def test_self_loop_is_cycle_check():
    with pytest.raises(CycleError):
        topo_sort({"start": ["loop"], "loop": ["loop"]})
