import pytest

from layering import CycleError, layers


def test_cycle_with_helper():
    with pytest.raises(CycleError):
        layers(cyclic_graph(3))
