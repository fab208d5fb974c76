from topk import top_k_frequent


def test_zero_k_and_empty():
    assert top_k_frequent(["a", "b"], 0) == []
    assert top_k_frequent([], 5) == []
