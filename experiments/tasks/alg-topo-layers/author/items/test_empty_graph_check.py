from layering import layers


def test_empty_graph_check():
    result = layers({})
    assert isinstance(result, list) and len(result) == 0
