import pytest

from interp import InterpolationCycleError, resolve


def test_cycle_chain_check():
    with pytest.raises(InterpolationCycleError) as info:
        resolve({"s": {"a": "${b}", "b": "${a}"}})
    assert info.value.chain == ["s:a", "s:b", "s:a"]
