from build_order import build_order


def test_dependencies_first():
    deps = {"web": ["http", "json"], "http": ["socket"], "json": [], "socket": []}
    order = build_order(deps)
    pos = {p: i for i, p in enumerate(order)}
    assert sorted(order) == sorted(deps)
    assert all(pos[d] < pos[p] for p, ds in deps.items() for d in ds)
