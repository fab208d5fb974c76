import pytest

from layering import CycleError, layers


def test_cycle_message():
    with pytest.raises(CycleError, match=r"cycle among \['a', 'b'\]"):
        layers({"a": ["b"], "b": ["a"]})
