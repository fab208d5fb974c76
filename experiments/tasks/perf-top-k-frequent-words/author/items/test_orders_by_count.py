from topk import top_k_frequent


def test_orders_by_count():
    words = ["to", "be", "or", "not", "to", "be", "to"]
    assert top_k_frequent(words, 2) == [("to", 3), ("be", 2)]
