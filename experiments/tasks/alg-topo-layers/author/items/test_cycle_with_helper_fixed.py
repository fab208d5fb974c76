import pytest

from layering import CycleError, layers


def test_cycle_with_helper():
    with pytest.raises(CycleError):
        layers({0: [1], 1: [2], 2: [0]})
