import pytest

from build_order import CycleError, build_order


def test_cycle_is_closed_path():
    deps = {"app": ["a"], "a": ["b"], "b": ["c"], "c": ["a"]}
    with pytest.raises(CycleError) as info:
        build_order(deps)
    cycle = info.value.cycle
    assert cycle[0] == cycle[-1] and len(cycle) == 4
    assert all(nxt in deps[cur] for cur, nxt in zip(cycle, cycle[1:]))
