from layering import layers


def test_empty_graph():
    assert layers({}) == []
