from topk import top_k_frequent


def test_ties_alphabetical():
    words = ["delta", "alpha", "charlie", "bravo"] * 2
    assert top_k_frequent(words, 3) == [("alpha", 2), ("bravo", 2), ("charlie", 2)]
