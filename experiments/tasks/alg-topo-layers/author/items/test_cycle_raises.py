import pytest

from layering import CycleError, layers


def test_cycle_raises():
    with pytest.raises(CycleError):
        layers({"a": ["b"], "b": ["a"]})
