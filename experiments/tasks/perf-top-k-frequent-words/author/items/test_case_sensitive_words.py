from topk import top_k_frequent


def test_case_sensitive_words():
    result = top_k_frequent(["Cat", "cat", "cat"], 2)
    assert result == [("cat", 2), ("Cat", 1)]
