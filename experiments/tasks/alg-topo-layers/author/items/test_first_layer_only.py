from layering import layers


def test_first_layer_only():
    assert layers({"a": ["b", "c"], "b": ["c"], "c": []})[0] == ["a"]
