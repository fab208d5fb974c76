from build_order import build_order


def test_target_ignores_broken_packages():
    deps = {"app": ["lib"], "lib": [], "docs": ["missing"], "loop": ["loop"]}
    assert build_order(deps, target="app") == ["lib", "app"]
