from topk import top_k_frequent


def test_ties_membership_only():
    words = ["delta", "alpha", "charlie", "bravo"] * 2
    result = top_k_frequent(words, 4)
    assert sorted(result) == [("alpha", 2), ("bravo", 2), ("charlie", 2), ("delta", 2)]
