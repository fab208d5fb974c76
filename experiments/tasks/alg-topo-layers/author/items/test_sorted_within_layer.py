from layering import layers


def test_sorted_within_layer():
    assert layers({"z": ["m"], "y": ["m"], "x": [], "m": []}) == [["x", "y", "z"], ["m"]]
