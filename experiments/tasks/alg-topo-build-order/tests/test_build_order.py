import pytest

from build_order import CycleError, MissingDependencyError, build_order


def assert_valid_cycle(cycle, deps):
    assert len(cycle) >= 2
    assert cycle[0] == cycle[-1]
    assert len(set(cycle[:-1])) == len(cycle) - 1
    for package, dep in zip(cycle, cycle[1:]):
        assert dep in deps[package]


def test_dependencies_come_first():
    deps = {"web": ["http", "json"], "http": ["socket"], "json": [], "socket": [], "cli": ["json"]}
    order = build_order(deps)
    assert sorted(order) == sorted(deps)
    pos = {p: i for i, p in enumerate(order)}
    assert all(pos[d] < pos[p] for p, ds in deps.items() for d in ds)


def test_alphabetical_ties():
    assert build_order({"app": ["lib", "cli"], "lib": [], "cli": []}) == ["cli", "lib", "app"]
    deps = {"z": [], "b": ["z"], "a": ["z"], "c": []}
    assert build_order(deps) == ["c", "z", "a", "b"]


def test_target_closure_only():
    deps = {"app": ["lib"], "lib": ["core"], "core": [], "tool": ["core"],
            "docs": ["missing"], "x": ["x"]}
    assert build_order(deps, target="app") == ["core", "lib", "app"]
    assert build_order(deps, target="core") == ["core"]


def test_unknown_target_raises():
    with pytest.raises(MissingDependencyError):
        build_order({"a": []}, target="nope")


def test_missing_dependency():
    assert issubclass(MissingDependencyError, LookupError)
    with pytest.raises(MissingDependencyError) as info:
        build_order({"app": ["lib"], "lib": ["ghost"]})
    assert info.value.package == "lib"
    assert info.value.dependency == "ghost"


def test_cycle_reported():
    assert issubclass(CycleError, ValueError)
    deps = {"app": ["a"], "a": ["b"], "b": ["c"], "c": ["a"], "z": []}
    with pytest.raises(CycleError) as info:
        build_order(deps)
    assert_valid_cycle(info.value.cycle, deps)
    assert set(info.value.cycle) == {"a", "b", "c"}


def test_two_cycles_any_reported():
    deps = {"a": ["b"], "b": ["a"], "c": ["d"], "d": ["c"]}
    with pytest.raises(CycleError) as info:
        build_order(deps)
    assert_valid_cycle(info.value.cycle, deps)


def test_self_dependency():
    with pytest.raises(CycleError) as info:
        build_order({"a": ["a"], "b": []})
    assert info.value.cycle == ["a", "a"]
