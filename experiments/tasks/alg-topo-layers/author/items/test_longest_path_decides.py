from layering import layers


def test_longest_path_decides():
    graph = {"a": ["b", "d"], "b": ["c"], "c": ["d"], "d": []}
    assert layers(graph) == [["a"], ["b"], ["c"], ["d"]]
