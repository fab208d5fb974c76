from build_order import build_order


def test_target_included():
    deps = {"app": ["lib"], "lib": ["core"], "core": []}
    assert build_order(deps, target="app")[-1] == "app"
