from build_order import build_order


def test_target_transitive_closure():
    deps = {"app": ["lib"], "lib": ["core"], "core": [], "tool": ["core"]}
    assert build_order(deps, target="app") == ["core", "lib", "app"]
