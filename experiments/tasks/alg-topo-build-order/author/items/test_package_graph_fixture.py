from build_order import build_order


def test_package_graph_fixture(package_graph):
    assert build_order(package_graph) == ["cli", "lib", "app"]
