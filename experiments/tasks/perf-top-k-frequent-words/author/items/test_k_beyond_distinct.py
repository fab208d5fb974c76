from topk import top_k_frequent


def test_k_beyond_distinct():
    assert top_k_frequent(["a", "b", "a"], 99) == [("a", 2), ("b", 1)]
